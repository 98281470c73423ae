import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

echarts.use([
  LineChart,
  ScatterChart,
  BarChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  LabelLayout,
  SVGRenderer,
]);

/** A4 portrait's printable width (about 180 mm at 96 dpi). */
export const PRINT_WIDTH = 680;

export interface EChartProps {
  /** the option (the builders of `./charts` give a typed `ChartOption`) */
  option: echarts.EChartsCoreOption;
  /** the box's `data-testid` */
  testId?: string;
  /** the box's height (px or CSS length); leave it to `className` when undefined */
  height?: number | string;
  /** the height when printed (A4 width); the box's height when a number, else 340 */
  printHeight?: number;
  className?: string;
  /** the chart's accessible name */
  ariaLabel?: string;
}

/**
 * An ECharts chart drawn as SVG (crisp on screen and in print): resized with its box, to the A4
 * printable width before printing (and back after), disposed on unmount. A new `option` replaces the
 * old one (`notMerge`): memoise it.
 */
export function EChart({ option, testId, height, printHeight, className, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const drawn = useRef<echarts.EChartsCoreOption | null>(null);
  const printAt = printHeight ?? (typeof height === 'number' ? height : 340);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.setOption(latest.current, { notMerge: true });
    drawn.current = latest.current;
    const fit = () => {
      if (!instance.isDisposed()) instance.resize();
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    const beforePrint = () => {
      if (!instance.isDisposed()) instance.resize({ width: PRINT_WIDTH, height: printAt });
    };
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', fit);
      instance.dispose();
      chart.current = null;
    };
  }, [printAt]);

  useEffect(() => {
    const instance = chart.current;
    if (instance && !instance.isDisposed() && drawn.current !== option) {
      instance.setOption(option, { notMerge: true });
      drawn.current = option;
    }
  }, [option]);

  const style: CSSProperties = { width: '100%', ...(height === undefined ? {} : { height }) };
  return (
    <div
      ref={box}
      className={className}
      style={style}
      data-testid={testId}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
