import { describe, expect, it } from 'vitest';
import { bandArea, clock, dayTimeAxis, extentWith, fixed, glu, html, timeAxisLabel } from './common';
import { MGDL, MMOL, TZ } from './test-fixtures';

describe('chart helpers', () => {
  it('converts glucose to the display unit and formats with its precision', () => {
    expect(glu(5.55, MMOL)).toBe(5.6);
    expect(glu(5.55, MGDL)).toBe(100);
    expect(glu(null, MGDL)).toBeNull();
    expect(fixed(7, MMOL)).toBe('7.0');
    expect(fixed(null, MMOL)).toBe('—');
  });

  it('writes minutes as a clock and instants on the hospital clock', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(390)).toBe('06:30');
    expect(clock(1440)).toBe('24:00');
    expect(timeAxisLabel(Date.parse('2025-03-02T00:00:00+08:00'), TZ)).toBe('03-02');
    expect(timeAxisLabel(Date.parse('2025-03-02T12:00:00+08:00'), TZ)).toBe('12:00');
  });

  it('ticks a day axis from the hospital midnight: 6-hourly up to 4 days, daily beyond', () => {
    expect(dayTimeAxis('2025-03-01', '2025-03-03', TZ)).toMatchObject({
      type: 'value',
      min: Date.parse('2025-03-01T00:00:00+08:00'),
      max: Date.parse('2025-03-04T00:00:00+08:00'),
      interval: 6 * 3_600_000,
    });
    expect(dayTimeAxis('2025-03-01', '2025-03-14', TZ)).toMatchObject({ interval: 86_400_000 });
  });

  it('shades a band with open ends reaching the axis, none without limits', () => {
    expect(bandArea(4.4, 10, 'Target')?.data).toEqual([[{ name: 'Target', yAxis: 4.4 }, { yAxis: 10 }]]);
    expect(bandArea(null, 10, '')?.data).toEqual([[{ name: '', yAxis: 0 }, { yAxis: 10 }]]);
    expect(bandArea(3.9, null, 'x')?.data).toEqual([[{ name: 'x', yAxis: 3.9 }, { yAxis: 'max' }]]);
    expect(bandArea(null, null, 'x')).toBeUndefined();
  });

  it('keeps the band in view on the y axis, from 0 to a round top', () => {
    const { min, max } = extentWith(4.4, 10);
    expect(min).toBe(0);
    expect(max({ max: 8 })).toBe(10);
    expect(max({ max: 25.9 })).toBe(30);
    expect(max({ max: 466 })).toBe(500);
    expect(extentWith(null, null).max({ max: 0.4 })).toBe(5);
  });

  it('escapes tooltip text', () => {
    expect(html('<b>"A&B"</b>')).toBe('&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;');
  });
});
