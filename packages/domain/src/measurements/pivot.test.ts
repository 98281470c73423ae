import { describe, expect, it } from 'vitest';
import { calendarDate, NO_PERIOD, pivotByPeriod } from './pivot';

describe('pivotByPeriod', () => {
  const reading = (patientId: number, testTime: string, periodCode: string | null) => ({
    patientId,
    testTime,
    periodCode,
  });

  it('groups by hospital-calendar day, not UTC day', () => {
    // 23:30 UTC on 1 March is 07:30 on 2 March in Shanghai
    expect(calendarDate('2026-03-01T23:30:00Z', 'Asia/Shanghai')).toBe('2026-03-02');
    const rows = pivotByPeriod(
      [reading(1, '2026-03-01T23:30:00Z', 'fasting'), reading(1, '2026-03-01T10:00:00Z', 'afterDinner')],
      'Asia/Shanghai',
    );
    expect(rows.map((row) => row.date)).toEqual(['2026-03-02', '2026-03-01']);
  });

  it('keeps repeated tests of one period in one cell, earliest first, and collects readings without a period', () => {
    const rows = pivotByPeriod(
      [
        reading(1, '2026-03-02T02:00:00Z', 'fasting'),
        reading(1, '2026-03-02T01:00:00Z', 'fasting'),
        reading(1, '2026-03-02T03:00:00Z', null),
      ],
      'UTC',
      'asc',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].cells.fasting.map((r) => r.testTime)).toEqual([
      '2026-03-02T01:00:00Z',
      '2026-03-02T02:00:00Z',
    ]);
    expect(rows[0].cells[NO_PERIOD]).toHaveLength(1);
  });

  it('orders rows by day, then patient', () => {
    const rows = pivotByPeriod(
      [
        reading(2, '2026-03-01T01:00:00Z', 'a'),
        reading(1, '2026-03-01T02:00:00Z', 'a'),
        reading(1, '2026-03-02T01:00:00Z', 'a'),
      ],
      'UTC',
      'asc',
    );
    expect(rows.map((row) => `${row.date}/${row.patientId}`)).toEqual([
      '2026-03-01/1',
      '2026-03-01/2',
      '2026-03-02/1',
    ]);
  });
});
