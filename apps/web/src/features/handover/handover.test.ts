import { describe, expect, it } from 'vitest';
import { handoverQuery, shiftTime } from './handover';

describe('hand-over helpers', () => {
  it('asks for the shift going on unless one was picked, and nothing without a ward', () => {
    expect(handoverQuery(null, null)).toBeNull();
    expect(handoverQuery('ENDO', null)).toEqual({ departmentCode: 'ENDO' });
    expect(handoverQuery('ENDO', { date: '2026-03-02', shift: 'night' })).toEqual({
      departmentCode: 'ENDO',
      date: '2026-03-02',
      shift: 'night',
    });
  });

  it('shows times of the shift date as HH:mm and others with their day, on the hospital clock', () => {
    const tz = 'Asia/Shanghai';
    expect(shiftTime('2026-03-02T01:30:00Z', '2026-03-02', tz)).toBe('09:30');
    expect(shiftTime('2026-03-02T17:30:00Z', '2026-03-02', tz)).toBe('03-03 01:30');
    expect(shiftTime(null, '2026-03-02', tz)).toBe('');
  });
});
