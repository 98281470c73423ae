import { afterEach, describe, expect, it } from 'vitest';
import { percentText, readingTimeText, readWardChoice, writeWardChoice } from './ward-view';

describe('ward dashboard presentation', () => {
  afterEach(() => localStorage.clear());

  it('shows ratios as percentages with one decimal, and a dash without tests', () => {
    expect(percentText(4 / 6)).toBe('66.7%');
    expect(percentText(0.5)).toBe('50.0%');
    expect(percentText(0)).toBe('0.0%');
    expect(percentText(1)).toBe('100.0%');
    expect(percentText(null)).toBe('–');
  });

  it('shows a reading of the day as HH:mm and an earlier one with its date, on the hospital clock', () => {
    // 2026-03-10 05:30 UTC is 13:30 in Shanghai; 2026-03-09 17:00 UTC is 01:00 on the 10th there
    expect(readingTimeText('2026-03-10T05:30:00.000Z', '2026-03-10', 'Asia/Shanghai')).toBe('13:30');
    expect(readingTimeText('2026-03-09T17:00:00.000Z', '2026-03-10', 'Asia/Shanghai')).toBe('01:00');
    expect(readingTimeText('2026-03-09T15:59:00.000Z', '2026-03-10', 'Asia/Shanghai')).toBe('03-09 23:59');
  });

  it('remembers the chosen ward, and every ward as no entry', () => {
    expect(readWardChoice()).toBe('');
    writeWardChoice('ENDO');
    expect(readWardChoice()).toBe('ENDO');
    writeWardChoice('');
    expect(readWardChoice()).toBe('');
    expect(localStorage.getItem('gc.monitor.ward')).toBeNull();
  });
});
