import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GLUCOMETRIC_CRITERIA,
  type GlucometricReading,
  monthlyOutcomes,
  monthsBetween,
  patientDayOutcome,
  patientDays,
  staySideStatistics,
} from './glucometrics';

const TZ = 'Asia/Shanghai';
const r = (patientId: number, testTime: string, mmol: number): GlucometricReading => ({
  patientId,
  testTime,
  mmol,
});

describe('patientDays (Goldberg 2006: a patient with ≥ 1 reading on a hospital day)', () => {
  it('judges each patient-day by hand', () => {
    const days = patientDays(
      [
        // patient 1, 1 March: 5.0 and 7.0 → mean 6.0, in 3.9..10.0 → at goal
        r(1, '2026-03-01T08:00:00+08:00', 5),
        r(1, '2026-03-01T12:00:00+08:00', 7),
        // patient 1, 2 March: 3.9 exactly is NOT hypo (< 3.9); two readings of exactly 12.5 ARE
        // hyperglycaemic (≥ 12.5, two of them); not at goal (12.5 > 10.0); mean 28.9 / 3
        r(1, '2026-03-02T08:00:00+08:00', 3.9),
        r(1, '2026-03-02T12:00:00+08:00', 12.5),
        r(1, '2026-03-02T18:00:00+08:00', 12.5),
        // patient 2, a day with a single reading of 2.1: hypo and severe (< 2.2), mean 2.1
        r(2, '2026-03-01T03:00:00+08:00', 2.1),
      ],
      TZ,
    );
    const byKey = new Map(days.map((day) => [`${day.patientId}|${day.day}`, day]));
    expect(days).toHaveLength(3);
    expect(byKey.get('1|2026-03-01')).toEqual({
      patientId: 1,
      day: '2026-03-01',
      readings: 2,
      mean: 6,
      hypo: false,
      severeHypo: false,
      hyper: false,
      atGoal: true,
    });
    const second = byKey.get('1|2026-03-02');
    expect(second).toMatchObject({ readings: 3, hypo: false, severeHypo: false, hyper: true, atGoal: false });
    expect(second?.mean).toBeCloseTo(28.9 / 3, 12);
    expect(byKey.get('2|2026-03-01')).toMatchObject({
      readings: 1,
      mean: 2.1,
      hypo: true,
      severeHypo: true,
      hyper: false,
      atGoal: false,
    });
  });

  it('splits 23:59 and 00:00 in the hospital time zone into two days, whatever the UTC date', () => {
    // 23:59 Shanghai = 15:59 UTC of the same date; 00:00 Shanghai of the 2nd = 16:00 UTC of the 1st
    const days = patientDays(
      [
        r(3, '2026-03-01T15:59:00Z', 13),
        r(3, '2026-03-01T16:00:00Z', 14),
        r(3, '2026-03-02T10:00:00+08:00', 15),
      ],
      TZ,
    );
    expect(days.map((day) => [day.day, day.readings, day.hyper])).toEqual([
      ['2026-03-01', 1, false],
      // 00:00 and 10:00 on the 2nd: two readings ≥ 12.5 → hyperglycaemic
      ['2026-03-02', 2, true],
    ]);
    // the same instants in UTC fall on one day (1 March) and the next
    expect(
      patientDays([r(3, '2026-03-01T15:59:00Z', 13), r(3, '2026-03-01T16:00:00Z', 14)], 'UTC'),
    ).toHaveLength(1);
  });

  it('uses the stored mmol/L value of a reading entered in mg/dL', () => {
    // 70 mg/dL entered → stored 70 / 18 = 3.888… mmol/L: below 3.9, a hypoglycaemic day, although the
    // mg/dL screen shows 70 (not below 70); 40 mg/dL → 2.222… mmol/L: not below 2.2, not severe
    const [day] = patientDays(
      [r(4, '2026-03-05T08:00:00+08:00', 70 / 18), r(4, '2026-03-05T09:00:00+08:00', 40 / 18)],
      TZ,
    );
    expect(day).toMatchObject({ hypo: true, severeHypo: false, atGoal: false });
  });

  it('honours the criteria: 3 high readings needed, goal 4.4-7.8', () => {
    const readings = [
      r(5, '2026-03-05T08:00:00+08:00', 12.5),
      r(5, '2026-03-05T12:00:00+08:00', 13),
      r(6, '2026-03-05T12:00:00+08:00', 4.4),
      r(6, '2026-03-05T18:00:00+08:00', 7.8),
    ];
    const days = patientDays(readings, TZ, { hyperValue: 12.5, hyperCount: 3, goalLow: 4.4, goalHigh: 7.8 });
    expect(days.map((day) => [day.patientId, day.hyper, day.atGoal])).toEqual([
      [5, false, false],
      [6, false, true],
    ]);
  });

  it('ignores non-finite values and answers nothing for no readings', () => {
    expect(patientDays([], TZ)).toEqual([]);
    expect(patientDays([r(1, '2026-03-01T08:00:00+08:00', Number.NaN)], TZ)).toEqual([]);
  });
});

describe('patientDayOutcome and monthlyOutcomes', () => {
  const readings = [
    // February 28 (23:30 Shanghai): patient 1, one reading 3.0 → hypo, not severe
    r(1, '2026-02-28T23:30:00+08:00', 3),
    // March 1 (00:10 Shanghai, still 28 Feb in UTC): patient 1, 6.0 and 8.0 → at goal, mean 7.0
    r(1, '2026-03-01T00:10:00+08:00', 6),
    r(1, '2026-03-01T12:00:00+08:00', 8),
    // March 1: patient 2, 2.0 and 14.0 and 15.0 → hypo, severe, hyper; mean 31 / 3
    r(2, '2026-03-01T07:00:00+08:00', 2),
    r(2, '2026-03-01T11:00:00+08:00', 14),
    r(2, '2026-03-01T17:00:00+08:00', 15),
    // March 2: patient 2, 9.0 → at goal, mean 9.0
    r(2, '2026-03-02T07:00:00+08:00', 9),
  ];

  it('counts patient-days per hospital month, shares of patient-days, mean of the daily means', () => {
    const { months, total } = monthlyOutcomes(readings, TZ);
    expect([...months.keys()]).toEqual(['2026-02', '2026-03']);
    expect(months.get('2026-02')).toEqual({
      patientDays: 1,
      hypoDays: 1,
      severeHypoDays: 0,
      hyperDays: 0,
      goalDays: 0,
      hypoShare: 100,
      severeHypoShare: 0,
      hyperShare: 0,
      goalShare: 0,
      meanPerPatientDay: 3,
      readings: 1,
      patients: 1,
    });
    // March: 3 patient-days (1|01, 2|01, 2|02): hypo 1 (33.33 %), severe 1, hyper 1, goal 2 (66.67 %);
    // mean per patient-day = (7 + 31/3 + 9) / 3 = 26.333… / 3 = 8.777…; readings 6; patients 2
    const march = months.get('2026-03');
    expect(march).toMatchObject({
      patientDays: 3,
      hypoDays: 1,
      severeHypoDays: 1,
      hyperDays: 1,
      goalDays: 2,
      hypoShare: 33.33,
      severeHypoShare: 33.33,
      hyperShare: 33.33,
      goalShare: 66.67,
      readings: 6,
      patients: 2,
    });
    expect(march?.meanPerPatientDay).toBeCloseTo((7 + 31 / 3 + 9) / 3, 12);
    // not the mean of the readings: (6 + 8 + 2 + 14 + 15 + 9) / 6 = 9.0
    expect(march?.meanPerPatientDay).not.toBeCloseTo(9, 3);
    // total: 4 patient-days, 2 hypo (50 %), 1 severe (25 %), 1 hyper, 2 at goal; 7 readings, 2 patients
    expect(total).toMatchObject({
      patientDays: 4,
      hypoDays: 2,
      severeHypoDays: 1,
      hyperDays: 1,
      goalDays: 2,
      hypoShare: 50,
      severeHypoShare: 25,
      hyperShare: 25,
      goalShare: 50,
      readings: 7,
      patients: 2,
    });
    expect(total.meanPerPatientDay).toBeCloseTo((3 + 7 + 31 / 3 + 9) / 4, 12);
  });

  it('answers zeros and null shares without patient-days', () => {
    expect(patientDayOutcome([])).toEqual({
      patientDays: 0,
      hypoDays: 0,
      severeHypoDays: 0,
      hyperDays: 0,
      goalDays: 0,
      hypoShare: null,
      severeHypoShare: null,
      hyperShare: null,
      goalShare: null,
      meanPerPatientDay: null,
      readings: 0,
      patients: 0,
    });
    expect(monthlyOutcomes([], TZ).months.size).toBe(0);
  });

  it('lists the months of a range, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });
});

describe('staySideStatistics (before / after joining)', () => {
  it('works out count, mean, SD, patient-day shares and TIR by hand', () => {
    // day 1: 4, 6, 8 → mean 6, at goal; day 2: 12.5, 14 → hyper; all readings: 4, 6, 8, 12.5, 14
    // mean = 44.5 / 5 = 8.9; deviations −4.9, −2.9, −0.9, 3.6, 5.1; squares 24.01 + 8.41 + 0.81 + 12.96
    // + 26.01 = 72.2; sample variance 72.2 / 4 = 18.05; SD = √18.05 = 4.2485…
    // TIR: 4, 6, 8 within 3.9..10.0 → 3 of 5 = 60 %; hyper days 1 of 2 = 50 %; hypo 0 %
    const stats = staySideStatistics(
      [
        r(1, '2026-03-01T07:00:00+08:00', 4),
        r(1, '2026-03-01T11:00:00+08:00', 6),
        r(1, '2026-03-01T17:00:00+08:00', 8),
        r(1, '2026-03-02T07:00:00+08:00', 12.5),
        r(1, '2026-03-02T11:00:00+08:00', 14),
      ],
      TZ,
      DEFAULT_GLUCOMETRIC_CRITERIA,
    );
    expect(stats).toMatchObject({ readings: 5, patientDays: 2, hypoShare: 0, hyperShare: 50, tir: 60 });
    expect(stats.mean).toBeCloseTo(8.9, 12);
    expect(stats.sd).toBeCloseTo(Math.sqrt(18.05), 12);
  });

  it('counts the TIR limits as inside (3.9 and 10.0) and a single reading has no SD', () => {
    expect(staySideStatistics([r(1, '2026-03-01T07:00:00+08:00', 3.9)], TZ)).toMatchObject({
      readings: 1,
      mean: 3.9,
      sd: null,
      tir: 100,
      hypoShare: 0,
    });
    expect(staySideStatistics([r(1, '2026-03-01T07:00:00+08:00', 10)], TZ).tir).toBe(100);
    expect(staySideStatistics([r(1, '2026-03-01T07:00:00+08:00', 10.01)], TZ).tir).toBe(0);
  });

  it('answers empty statistics without readings', () => {
    expect(staySideStatistics([], TZ)).toEqual({
      readings: 0,
      mean: null,
      sd: null,
      patientDays: 0,
      hypoShare: null,
      hyperShare: null,
      tir: null,
    });
  });
});
