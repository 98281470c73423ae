import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { StatisticsChartOption } from './charts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** A4 portrait's printable width at 96 dpi (about 180 mm), as the trend chart prints. */
const PRINT_WIDTH = 680;

/**
 * A statistics chart drawn as SVG (crisp in print, and what works under happy-dom), redrawn when its
 * option changes, resized with its box and for printing.
 */
export function StatisticsChart({
  option,
  height,
  testId,
  label,
}: {
  option: StatisticsChartOption;
  height: number;
  testId: string;
  /** what the chart shows, for screen readers */
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const fit = () => instance.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    const beforePrint = () => instance.resize({ width: PRINT_WIDTH });
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', fit);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new height needs a redraw at that size
  useEffect(() => {
    chart.current?.resize();
  }, [height]);

  return (
    <div
      ref={box}
      className="gc-stats-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
