import { type ReactNode, useEffect, useState } from 'react';
import { STAGE, stageFit } from './screen-format';

function windowFit() {
  return stageFit(window.innerWidth, window.innerHeight);
}

/**
 * The 1920×1080 design stage, scaled with a CSS transform to fit the window (at most 2×, spec §9) and
 * centred; the window never scrolls. Layout inside is in design pixels whatever the display.
 */
export function Stage({ children }: { children: ReactNode }) {
  const [fit, setFit] = useState(windowFit);
  useEffect(() => {
    const resize = () => setFit(windowFit());
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return (
    <div className="bigscreen-viewport" data-testid="bigscreen">
      <div
        className="bigscreen-stage"
        data-scale={fit.scale.toFixed(3)}
        style={{
          width: STAGE.width,
          height: STAGE.height,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
        }}
      >
        {children}
      </div>
    </div>
  );
}
