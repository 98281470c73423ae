import * as echarts from 'echarts/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EChart, PRINT_WIDTH } from './EChart';

const option = {
  animation: false,
  xAxis: { type: 'category', data: ['a', 'b'] },
  yAxis: { type: 'value' },
  series: [{ type: 'line', data: [1, 2] }],
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  container.remove();
  vi.restoreAllMocks();
});

describe('EChart', () => {
  it('draws SVG, follows the option, resizes for print and disposes on unmount', () => {
    act(() => root.render(<EChart option={option} testId="chart" height={200} />));
    const box = container.querySelector('[data-testid="chart"]') as HTMLDivElement;
    expect(box.style.height).toBe('200px');
    const chart = echarts.getInstanceByDom(box) as echarts.ECharts;
    expect(chart).toBeDefined();
    // the SVG renderer: an <svg> in the box, no <canvas>
    expect(box.querySelector('svg')).not.toBeNull();
    expect(box.querySelector('canvas')).toBeNull();

    const setOption = vi.spyOn(chart, 'setOption');
    const next = { ...option, series: [{ type: 'line', data: [3, 4] }] };
    act(() => root.render(<EChart option={next} testId="chart" height={200} />));
    expect(setOption).toHaveBeenCalledWith(next, { notMerge: true });

    const resize = vi.spyOn(chart, 'resize');
    window.dispatchEvent(new Event('beforeprint'));
    expect(resize).toHaveBeenCalledWith({ width: PRINT_WIDTH, height: 200 });
    window.dispatchEvent(new Event('afterprint'));
    expect(resize).toHaveBeenLastCalledWith();

    act(() => root.unmount());
    expect(chart.isDisposed()).toBe(true);
    resize.mockClear();
    window.dispatchEvent(new Event('beforeprint'));
    expect(resize).not.toHaveBeenCalled();
  });
});
