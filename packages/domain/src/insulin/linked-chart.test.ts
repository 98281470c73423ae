import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../tasks/day';
import { basalSteps, doseBars, linkedChartDays, linkedChartQuerySchema } from './linked-chart';

const SH = 'Asia/Shanghai';
const at = (date: string, hhmm: string, tz = SH) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(date, h! * 60 + m!, tz).getTime();
};

describe('doseBars', () => {
  it('stacks the parts as recorded and the undivided rest as total', () => {
    expect(doseBars({ dose: 8, bolusDose: 6, correctionDose: 2 })).toEqual({
      basal: 0,
      bolus: 6,
      correction: 2,
      total: 0,
    });
    expect(doseBars({ dose: 5 })).toEqual({ basal: 0, bolus: 0, correction: 0, total: 5 });
    // exact in hundredths: 0.1 + 0.2 does not leave a sliver of "total"
    expect(doseBars({ dose: 0.3, bolusDose: 0.1, correctionDose: 0.2 }).total).toBe(0);
  });
});

describe('basalSteps', () => {
  const segments = [
    { start: '08:00', rate: 1 },
    { start: '00:00', rate: 0.8 },
  ];

  it('lays a profile on every day, the last segment running into the next day, clipped to the window', () => {
    const steps = basalSteps(
      [{ from: at('2024-03-01', '06:00'), until: at('2024-03-02', '09:00'), segments }],
      at('2024-03-01', '00:00'),
      at('2024-03-03', '00:00'),
      SH,
    );
    expect(steps).toEqual([
      { from: at('2024-03-01', '06:00'), to: at('2024-03-01', '08:00'), rate: 0.8 },
      { from: at('2024-03-01', '08:00'), to: at('2024-03-02', '00:00'), rate: 1 },
      { from: at('2024-03-02', '00:00'), to: at('2024-03-02', '08:00'), rate: 0.8 },
      { from: at('2024-03-02', '08:00'), to: at('2024-03-02', '09:00'), rate: 1 },
    ]);
  });

  it('wraps a profile whose first segment is not at midnight, and merges equal neighbours', () => {
    const steps = basalSteps(
      [
        {
          from: at('2024-03-01', '00:00'),
          until: at('2024-03-01', '12:00'),
          segments: [{ start: '22:00', rate: 0.5 }],
        },
        { from: at('2024-03-01', '12:00'), until: null, segments: [{ start: '00:00', rate: 0.5 }] },
      ],
      at('2024-03-01', '00:00'),
      at('2024-03-02', '00:00'),
      SH,
    );
    expect(steps).toEqual([{ from: at('2024-03-01', '00:00'), to: at('2024-03-02', '00:00'), rate: 0.5 }]);
  });

  it('follows the wall clock over a daylight-saving change (a 23-hour day)', () => {
    const tz = 'Europe/Berlin';
    const steps = basalSteps(
      [
        {
          from: at('2024-03-31', '00:00', tz),
          until: null,
          segments: [
            { start: '00:00', rate: 1 },
            { start: '06:00', rate: 2 },
          ],
        },
      ],
      at('2024-03-31', '00:00', tz),
      at('2024-04-01', '00:00', tz),
      tz,
    );
    expect(steps.map((s) => [s.to - s.from, s.rate])).toEqual([
      [5 * 3_600_000, 1],
      [18 * 3_600_000, 2],
    ]);
  });

  it('has no step where no profile is in effect', () => {
    expect(basalSteps([], 0, 86_400_000, SH)).toEqual([]);
    expect(
      basalSteps(
        [{ from: at('2024-03-05', '00:00'), until: null, segments }],
        at('2024-03-01', '00:00'),
        at('2024-03-02', '00:00'),
        SH,
      ),
    ).toEqual([]);
  });
});

describe('linked chart query', () => {
  it('takes 1, 3, 7 or 14 days (default 3) or a range of at most 31 days', () => {
    expect(linkedChartDays(linkedChartQuerySchema.parse({ days: '7' }), '2024-03-10')).toEqual({
      beginDate: '2024-03-04',
      endDate: '2024-03-10',
    });
    expect(linkedChartDays(linkedChartQuerySchema.parse({}), '2024-03-10').beginDate).toBe('2024-03-08');
    // a range reaching past today ends today; one wholly after today is today alone
    expect(linkedChartDays({ beginDate: '2024-03-08', endDate: '2024-03-20' }, '2024-03-10')).toEqual({
      beginDate: '2024-03-08',
      endDate: '2024-03-10',
    });
    expect(linkedChartDays({ beginDate: '9999-12-31', endDate: '9999-12-31' }, '2024-03-10')).toEqual({
      beginDate: '2024-03-10',
      endDate: '2024-03-10',
    });
    expect(linkedChartQuerySchema.safeParse({ days: '2' }).success).toBe(false);
    expect(linkedChartQuerySchema.safeParse({ beginDate: '2024-01-01', endDate: '2024-01-31' }).success).toBe(
      true,
    );
    expect(linkedChartQuerySchema.safeParse({ beginDate: '2024-01-01', endDate: '2024-02-01' }).success).toBe(
      false,
    );
    expect(linkedChartQuerySchema.safeParse({ beginDate: '2024-01-02', endDate: '2024-01-01' }).success).toBe(
      false,
    );
  });
});
