import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepartmentRow, YearAnalysis } from '../../api/statistics';
import {
  type ChartLabels,
  departmentChartHeight,
  departmentChartOption,
  departmentTooltip,
  escapeHtml,
  segmentLabel,
  yearChartOption,
  yearTooltip,
} from './charts';
import { busy, counts } from './test-fixtures';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const labels: ChartLabels = {
  readings: 'Readings',
  rates: { inTarget: 'In-target rate', low: 'Low rate', high: 'High rate', critical: 'Critical rate' },
};

const year: YearAnalysis = {
  year: 2026,
  departmentCode: null,
  departmentName: 'GlucoCare Demo General Hospital',
  months: Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    ...(index === 10 ? busy : counts()),
  })),
  total: busy,
};

const departments: DepartmentRow[] = [
  { ...busy, departmentCode: 'ENDO', departmentName: 'Endocrinology' },
  {
    ...counts({
      testCount: 10,
      personCount: 2,
      inTargetCount: 5,
      inTargetRate: 50,
      highCount: 5,
      highRate: 50,
    }),
    departmentCode: 'CARD',
    departmentName: 'Cardio <b>logy</b>',
  },
];

type Series = { name: string; type: string; yAxisIndex?: number; stack?: string; data: unknown[] };
const seriesOf = (option: { series?: unknown }) => option.series as Series[];

describe('the yearly chart', () => {
  it('has the readings as bars on the right axis and four rate lines, gaps where no readings', () => {
    const option = yearChartOption(year, labels, 'en-US');
    expect((option.xAxis as { data: string[] }).data).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Readings', 'bar', 1],
      ['In-target rate', 'line', 0],
      ['Low rate', 'line', 0],
      ['High rate', 'line', 0],
      ['Critical rate', 'line', 0],
    ]);
    expect(series[0]?.data[10]).toBe(1234);
    expect(series[0]?.data[0]).toBe(0);
    expect(series[1]?.data[10]).toBe(72.933);
    expect(series[4]?.data[10]).toBe(0.65);
    expect(series[1]?.data[0]).toBeNull();
  });

  it('names the months in Chinese, numbers them on phones', () => {
    const option = yearChartOption(year, labels, 'zh-CN');
    expect((option.xAxis as { data: string[] }).data.slice(0, 2)).toEqual(['1月', '2月']);
    const compact = yearChartOption(year, labels, 'en-US', true);
    expect((compact.xAxis as { data: string[] }).data.slice(9)).toEqual(['10', '11', '12']);
  });

  it('the tooltip gives the readings, and each rate with its count', () => {
    const tooltip = yearTooltip(year.months, 'en-US');
    const text = tooltip([
      { seriesType: 'bar', seriesIndex: 0, seriesName: 'Readings', dataIndex: 10, axisValueLabel: '11' },
      { seriesType: 'line', seriesIndex: 1, seriesName: 'In-target rate', dataIndex: 10 },
      { seriesType: 'line', seriesIndex: 4, seriesName: 'Critical rate', dataIndex: 10 },
    ]);
    expect(text).toBe(
      '<b>Nov</b><br/>Readings: <b>1,234</b><br/>In-target rate: <b>72.93%</b> (900)<br/>Critical rate: <b>0.65%</b> (8)',
    );
    expect(tooltip([{ seriesType: 'line', seriesIndex: 2, seriesName: 'Low rate', dataIndex: 0 }])).toContain(
      'Low rate: <b>—</b> (0)',
    );
    expect(tooltip([])).toBe('');
  });
});

describe('the department chart', () => {
  it('stacks the four rates of each department, first department on top', () => {
    const option = departmentChartOption(departments, labels, 'en-US');
    const yAxis = option.yAxis as { type: string; inverse: boolean; data: string[] };
    expect(yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(yAxis.data).toEqual(['Endocrinology', 'Cardio <b>logy</b>']);
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.type, s.stack])).toEqual([
      ['In-target rate', 'bar', 'rates'],
      ['Low rate', 'bar', 'rates'],
      ['High rate', 'bar', 'rates'],
      ['Critical rate', 'bar', 'rates'],
    ]);
    expect(series.map((s) => s.data)).toEqual([
      [72.933, 50],
      [8.1, 0],
      [18.31, 50],
      [0.65, 0],
    ]);
  });

  it('labels only the segments wide enough, grows with the departments', () => {
    expect(segmentLabel(72.933)).toBe('72.9');
    expect(segmentLabel(7.99)).toBe('');
    expect(segmentLabel(null)).toBe('');
    expect(departmentChartHeight(1)).toBe(180);
    expect(departmentChartHeight(10)).toBe(450);
    expect(departmentChartHeight(10, true)).toBeLessThan(departmentChartHeight(10));
  });

  it('the tooltip escapes department names', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const text = departmentTooltip(
      departments,
      labels,
      'en-US',
    )([
      { seriesIndex: 0, seriesName: 'In-target rate', dataIndex: 1 },
      { seriesIndex: 2, seriesName: 'High rate', dataIndex: 1 },
    ]);
    expect(text).toBe(
      '<b>Cardio &lt;b&gt;logy&lt;/b&gt;</b><br/>Readings: <b>10</b><br/>In-target rate: <b>50.00%</b> (5)<br/>High rate: <b>50.00%</b> (5)',
    );
  });
});

describe('drawn with the SVG renderer', () => {
  let chart: echarts.ECharts | null = null;
  afterEach(() => {
    chart?.dispose();
    chart = null;
    document.body.innerHTML = '';
  });

  function draw(option: echarts.EChartsCoreOption): HTMLElement {
    const box = document.createElement('div');
    document.body.appendChild(box);
    chart = echarts.init(box, undefined, { renderer: 'svg', width: 800, height: 360 });
    chart.setOption(option);
    return box;
  }

  it('draws the yearly chart: legend, month labels and series', () => {
    const box = draw(yearChartOption(year, labels, 'en-US'));
    const svg = box.querySelector('svg');
    expect(svg).not.toBeNull();
    const text = svg?.textContent ?? '';
    for (const word of ['In-target rate', 'Critical rate', 'Readings', 'Jan', 'Nov', '100%']) {
      expect(text).toContain(word);
    }
    expect(svg?.querySelectorAll('path').length).toBeGreaterThan(5);
  });

  it('draws the department chart with segment labels', () => {
    const box = draw(departmentChartOption(departments, labels, 'en-US'));
    const text = box.querySelector('svg')?.textContent ?? '';
    expect(text).toContain('Endocrinology');
    expect(text).toContain('72.9');
    expect(text).toContain('50.0');
    expect(text).toContain('High rate');
  });
});
