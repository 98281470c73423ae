import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundDecimal } from '../helpers/glucose';
import {
  type Classification,
  type ClassificationSettings,
  classifyMeasurement,
  type GlucosePeriodWindow,
  type LimitRule,
  type MeasurementInput,
  type PatientContext,
  periodAt,
  toStorageValue,
  UA_UMOL_PER_MGDL,
  validateClassificationSettings,
} from './classification';

function settingsOf(partial: Partial<ClassificationSettings> = {}): ClassificationSettings {
  return { items: [], periods: [], departments: [], departmentAges: [], ...partial };
}

/** Hospital-wide glucose limits used by most examples (mmol/L). */
const GLU_ITEM = { item: 'GLU', low: 3.9, high: 10.0, criticalLow: 2.8, criticalHigh: 16.7 } as const;

const glu = (value: number, extra: Partial<MeasurementInput> = {}): MeasurementInput => ({
  item: 'GLU',
  value,
  ...extra,
});
const classOf = (m: MeasurementInput, patient: PatientContext, settings: ClassificationSettings) =>
  classifyMeasurement(m, patient, settings).classification;

describe('classifyMeasurement: levels', () => {
  const settings = settingsOf({
    items: [{ ...GLU_ITEM }],
    periods: [{ item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 }],
    departments: [{ item: 'GLU', departmentCode: 'ICU', low: 5.0, high: 12.0 }],
    departmentAges: [{ item: 'GLU', departmentCode: 'ICU', minAge: 0, maxAge: 14, low: 5.5 }],
  });

  it('uses the item limits when nothing more specific applies', () => {
    const result = classifyMeasurement(glu(3.0), {}, settings);
    expect(result.classification).toBe('low');
    expect(result.limits).toEqual({ low: 3.9, high: 10.0, criticalLow: 2.8, criticalHigh: 16.7 });
    expect(result.sources).toEqual({ low: 'item', high: 'item', criticalLow: 'item', criticalHigh: 'item' });
  });

  it('lets the period beat the item', () => {
    // 7.5 is above the fasting high of 7.0 but within the item's 10.0.
    expect(classOf(glu(7.5, { periodCode: 'fasting' }), {}, settings)).toBe('high');
    expect(classOf(glu(7.5), {}, settings)).toBe('normal');
    expect(classOf(glu(7.5, { periodCode: 'afterLunch' }), {}, settings)).toBe('normal');
    expect(classifyMeasurement(glu(7.5, { periodCode: 'fasting' }), {}, settings).sources).toEqual({
      low: 'period',
      high: 'period',
      criticalLow: 'item',
      criticalHigh: 'item',
    });
  });

  it('lets the department beat the period', () => {
    // ICU range 5.0-12.0 replaces the fasting 4.4-7.0.
    expect(classOf(glu(11, { periodCode: 'fasting' }), { departmentCode: 'ICU' }, settings)).toBe('normal');
    expect(classOf(glu(4.8, { periodCode: 'fasting' }), { departmentCode: 'ICU' }, settings)).toBe('low');
    expect(classOf(glu(11, { periodCode: 'fasting' }), { departmentCode: 'WARD2' }, settings)).toBe('high');
  });

  it('lets the department age bracket beat the department', () => {
    // Bracket 0-14 raises low to 5.5; the department's high 12.0 still applies.
    const child = { departmentCode: 'ICU', age: 10 };
    const adult = { departmentCode: 'ICU', age: 30 };
    expect(classOf(glu(5.2), child, settings)).toBe('low');
    expect(classOf(glu(5.2), adult, settings)).toBe('normal');
    expect(classifyMeasurement(glu(5.2), child, settings).sources).toEqual({
      low: 'departmentAge',
      high: 'department',
      criticalLow: 'item',
      criticalHigh: 'item',
    });
  });

  it('does not apply a bracket of another department', () => {
    expect(classOf(glu(5.2), { departmentCode: 'WARD2', age: 10 }, settings)).toBe('normal');
  });
});

describe('classifyMeasurement: per-limit fallback', () => {
  it('takes each limit from the most specific level that sets it', () => {
    // The department sets only criticalHigh; the period supplies the normal range.
    const settings = settingsOf({
      items: [{ ...GLU_ITEM }],
      periods: [{ item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 }],
      departments: [{ item: 'GLU', departmentCode: 'ICU', criticalHigh: 20 }],
    });
    const patient = { departmentCode: 'ICU' };
    const at = (value: number) =>
      classifyMeasurement(glu(value, { periodCode: 'fasting' }), patient, settings);
    expect(at(18).classification).toBe('high'); // above 7.0, below the department's 20
    expect(at(19.99).classification).toBe('high');
    expect(at(20).classification).toBe('criticalHigh');
    expect(at(4.3).classification).toBe('low');
    expect(at(2.8).classification).toBe('criticalLow'); // item's criticalLow
    expect(at(18).limits).toEqual({ low: 4.4, high: 7.0, criticalLow: 2.8, criticalHigh: 20 });
    expect(at(18).sources).toEqual({
      low: 'period',
      high: 'period',
      criticalLow: 'item',
      criticalHigh: 'department',
    });
  });

  it('merges rules of the same scope (glucose period range + crisis value for the period)', () => {
    const settings = settingsOf({
      periods: [
        { item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 },
        { item: 'GLU', periodCode: 'fasting', criticalLow: 3.0, criticalHigh: 15, grade: 'I' },
      ],
    });
    const result = classifyMeasurement(glu(15, { periodCode: 'fasting' }), {}, settings);
    expect(result.classification).toBe('criticalHigh');
    expect(result.grade).toBe('I');
    expect(result.limits).toEqual({ low: 4.4, high: 7.0, criticalLow: 3.0, criticalHigh: 15 });
  });

  it('lets the first listed rule win a conflict within the same scope', () => {
    const settings = settingsOf({
      items: [
        { item: 'GLU', high: 8 },
        { item: 'GLU', high: 10 },
      ],
    });
    expect(classOf(glu(9), {}, settings)).toBe('high');
  });

  it('treats NaN limits and blank colours as not set', () => {
    const settings = settingsOf({
      items: [{ item: 'GLU', low: 3.9, lowColor: 'item-low' }],
      departments: [{ item: 'GLU', departmentCode: 'ICU', low: Number.NaN, lowColor: '  ' }],
    });
    const result = classifyMeasurement(glu(3.5), { departmentCode: 'ICU' }, settings);
    expect(result.classification).toBe('low');
    expect(result.sources.low).toBe('item');
    expect(result.color).toBe('item-low');
  });
});

describe('classifyMeasurement: department rules by period', () => {
  const settings = settingsOf({
    items: [{ ...GLU_ITEM }],
    departments: [
      // Listed general-first on purpose: the period-specific rule must still win.
      { item: 'GLU', departmentCode: 'ICU', high: 12 },
      { item: 'GLU', departmentCode: 'ICU', periodCode: 'fasting', high: 8 },
      { item: 'GLU', departmentCode: 'ICU', periodCode: 'beforeSleep', low: 6 },
    ],
  });
  const icu = { departmentCode: 'ICU' };

  it('prefers the rule for the measurement period over the all-period rule', () => {
    expect(classOf(glu(9, { periodCode: 'fasting' }), icu, settings)).toBe('high');
    expect(classOf(glu(9, { periodCode: 'afterLunch' }), icu, settings)).toBe('normal');
    expect(classOf(glu(9), icu, settings)).toBe('normal');
  });

  it('does not apply a rule for another period', () => {
    // The beforeSleep low of 6 does not reach a fasting reading; the item low 3.9 applies.
    expect(classOf(glu(5, { periodCode: 'fasting' }), icu, settings)).toBe('normal');
    expect(classOf(glu(5, { periodCode: 'beforeSleep' }), icu, settings)).toBe('low');
  });

  it('falls back from the period rule to the all-period rule per limit', () => {
    const s = settingsOf({
      items: [{ ...GLU_ITEM }],
      departments: [
        { item: 'GLU', departmentCode: 'ICU', periodCode: 'fasting', high: 8 },
        { item: 'GLU', departmentCode: 'ICU', low: 5 },
      ],
    });
    const result = classifyMeasurement(glu(4.8, { periodCode: 'fasting' }), icu, s);
    expect(result.classification).toBe('low');
    expect(result.limits).toMatchObject({ low: 5, high: 8 });
    expect(result.sources).toMatchObject({ low: 'department', high: 'department' });
  });

  it('treats a blank period code on a rule as all periods', () => {
    const s = settingsOf({ departments: [{ item: 'GLU', departmentCode: 'ICU', periodCode: '', high: 8 }] });
    expect(classOf(glu(9, { periodCode: 'fasting' }), icu, s)).toBe('high');
  });
});

describe('classifyMeasurement: age brackets', () => {
  const settings = settingsOf({
    items: [{ ...GLU_ITEM }],
    departments: [{ item: 'GLU', departmentCode: 'PED', low: 4.0 }],
    departmentAges: [
      { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 14, low: 5.5 },
      { item: 'GLU', departmentCode: 'PED', minAge: 65, maxAge: 150, low: 5.0 },
    ],
  });
  const at = (age: number | null | undefined, value = 5.2) =>
    classifyMeasurement(glu(value), { departmentCode: 'PED', age }, settings);

  it('includes both ends of a bracket', () => {
    expect(at(0).classification).toBe('low');
    expect(at(14).classification).toBe('low');
    expect(at(65).sources.low).toBe('departmentAge');
    expect(at(150).sources.low).toBe('departmentAge');
    expect(at(150, 4.9).classification).toBe('low'); // elder bracket low 5.0
  });

  it('does not apply a bracket just outside it', () => {
    expect(at(15).classification).toBe('normal');
    expect(at(15).sources.low).toBe('department');
    expect(at(64).sources.low).toBe('department');
    expect(at(151).sources.low).toBe('department');
  });

  it('reads a fractional age as completed years', () => {
    expect(at(14.9).sources.low).toBe('departmentAge');
    expect(at(64.99).sources.low).toBe('department');
  });

  it('skips the bracket level when the age is unknown', () => {
    for (const age of [null, undefined, Number.NaN, -1]) {
      expect(at(age).sources.low).toBe('department');
      expect(at(age).classification).toBe('normal');
    }
  });

  it('skips the department levels without a department', () => {
    expect(classifyMeasurement(glu(5.2), { age: 10 }, settings).sources.low).toBe('item');
    expect(classifyMeasurement(glu(5.2), { departmentCode: '  ', age: 10 }, settings).sources.low).toBe(
      'item',
    );
  });

  it('lets the narrower of two overlapping brackets win, whatever the list order', () => {
    const wide = { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 150, low: 4.2 } as const;
    const narrow = { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 14, low: 5.5 } as const;
    for (const departmentAges of [
      [wide, narrow],
      [narrow, wide],
    ]) {
      const s = settingsOf({ departmentAges });
      expect(classifyMeasurement(glu(5), { departmentCode: 'PED', age: 10 }, s).limits.low).toBe(5.5);
      expect(classifyMeasurement(glu(5), { departmentCode: 'PED', age: 20 }, s).limits.low).toBe(4.2);
    }
  });

  it('falls back from the narrower bracket to the wider one per limit', () => {
    const s = settingsOf({
      items: [{ ...GLU_ITEM }],
      departmentAges: [
        { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 150, high: 9 },
        { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 14, low: 5.5 },
      ],
    });
    const result = classifyMeasurement(glu(9.5), { departmentCode: 'PED', age: 10 }, s);
    expect(result.classification).toBe('high');
    expect(result.limits).toEqual({ low: 5.5, high: 9, criticalLow: 2.8, criticalHigh: 16.7 });
  });

  it('prefers a period-specific bracket to a narrower all-period one', () => {
    const s = settingsOf({
      departmentAges: [
        { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 14, low: 5.5 },
        { item: 'GLU', departmentCode: 'PED', minAge: 0, maxAge: 150, periodCode: 'fasting', low: 4.2 },
      ],
    });
    const patient = { departmentCode: 'PED', age: 10 };
    expect(classifyMeasurement(glu(5, { periodCode: 'fasting' }), patient, s).limits.low).toBe(4.2);
    expect(classifyMeasurement(glu(5, { periodCode: 'afterLunch' }), patient, s).limits.low).toBe(5.5);
  });
});

describe('classifyMeasurement: boundaries', () => {
  const settings = settingsOf({ items: [{ ...GLU_ITEM }] });
  it.each<[number, Classification]>([
    [1.0, 'criticalLow'],
    [2.79, 'criticalLow'],
    [2.8, 'criticalLow'],
    [2.81, 'low'],
    [3.89, 'low'],
    [3.9, 'normal'],
    [3.91, 'normal'],
    [6.5, 'normal'],
    [9.99, 'normal'],
    [10.0, 'normal'],
    [10.01, 'high'],
    [16.69, 'high'],
    [16.7, 'criticalHigh'],
    [16.71, 'criticalHigh'],
    [33.3, 'criticalHigh'],
  ])('%s mmol/L is %s', (value, expected) => {
    expect(classOf(glu(value), {}, settings)).toBe(expected);
  });

  it('compares a mmol/L reading exactly as entered, at full precision', () => {
    expect(classOf(glu(3.85), {}, settings)).toBe('low');
    expect(classOf(glu(3.8999999999), {}, settings)).toBe('low');
    expect(classifyMeasurement(glu(3.8999999999), {}, settings).valueMmol).toBe(3.8999999999);
    expect(classifyMeasurement(glu(5.55), {}, settings).valueMmol).toBe(5.55);
    expect(classOf(glu(16.65), {}, settings)).toBe('high');
  });

  it('classifies by the critical rule when a critical limit lies inside the normal range', () => {
    const s = settingsOf({ items: [{ item: 'GLU', low: 3.9, high: 10, criticalLow: 4.5, criticalHigh: 9 }] });
    expect(classOf(glu(4.2), {}, s)).toBe('criticalLow');
    expect(classOf(glu(4.5), {}, s)).toBe('criticalLow');
    expect(classOf(glu(4.6), {}, s)).toBe('normal');
    expect(classOf(glu(9), {}, s)).toBe('criticalHigh');
  });

  it('prefers criticalLow when inverted critical limits both match', () => {
    const s = settingsOf({ items: [{ item: 'GLU', criticalLow: 10, criticalHigh: 5 }] });
    expect(classOf(glu(7), {}, s)).toBe('criticalLow');
    expect(classOf(glu(11), {}, s)).toBe('criticalHigh');
    expect(classOf(glu(4), {}, s)).toBe('criticalLow');
  });
});

describe('classifyMeasurement: missing and one-sided limits', () => {
  it('is unknown with no settings at all', () => {
    const result = classifyMeasurement(glu(5.5), { departmentCode: 'ICU', age: 40 }, settingsOf());
    expect(result).toEqual({
      classification: 'unknown',
      valueMmol: 5.5,
      color: null,
      grade: null,
      limits: { low: null, high: null, criticalLow: null, criticalHigh: null },
      sources: { low: null, high: null, criticalLow: null, criticalHigh: null },
    });
  });

  it('is unknown when only another item is configured', () => {
    const s = settingsOf({ items: [{ item: 'KET', high: 0.6 }] });
    expect(classOf(glu(5.5), {}, s)).toBe('unknown');
  });

  it('is unknown between critical limits when no normal range is set, critical beyond them', () => {
    const s = settingsOf({ items: [{ item: 'GLU', criticalLow: 2.8, criticalHigh: 16.7 }] });
    expect(classOf(glu(5.5), {}, s)).toBe('unknown');
    expect(classOf(glu(12), {}, s)).toBe('unknown');
    expect(classOf(glu(2.8), {}, s)).toBe('criticalLow');
    expect(classOf(glu(16.7), {}, s)).toBe('criticalHigh');
  });

  it('leaves the unset side of the normal range open', () => {
    const onlyHigh = settingsOf({ items: [{ item: 'GLU', high: 10 }] });
    expect(classOf(glu(0.5), {}, onlyHigh)).toBe('normal');
    expect(classOf(glu(10), {}, onlyHigh)).toBe('normal');
    expect(classOf(glu(10.1), {}, onlyHigh)).toBe('high');
    const onlyLow = settingsOf({ items: [{ item: 'GLU', low: 3.9 }] });
    expect(classOf(glu(3.8), {}, onlyLow)).toBe('low');
    expect(classOf(glu(3.9), {}, onlyLow)).toBe('normal');
    expect(classOf(glu(40), {}, onlyLow)).toBe('normal');
    const onlyCriticalHigh = settingsOf({ items: [{ item: 'GLU', low: 3.9, criticalHigh: 16.7 }] });
    expect(classOf(glu(16.6), {}, onlyCriticalHigh)).toBe('normal');
    expect(classOf(glu(1), {}, onlyCriticalHigh)).toBe('low');
  });

  it('is unknown for a value that is not a finite number, still reporting the limits', () => {
    const s = settingsOf({ items: [{ ...GLU_ITEM }] });
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const result = classifyMeasurement(glu(value), {}, s);
      expect(result.classification).toBe('unknown');
      expect(result.valueMmol).toBeNaN();
      expect(result.limits.low).toBe(3.9);
    }
  });
});

describe('classifyMeasurement: units', () => {
  const settings = settingsOf({ items: [{ ...GLU_ITEM }] });
  const mg = (value: number, unit = 'mg/dL') => classifyMeasurement(glu(value, { unit }), {}, settings);

  it('stores 70 mg/dL at full precision and compares it with the low limit as a mg/dL screen shows it', () => {
    // 3.9 mmol/L reads "70" in mg/dL (70.2 shown with 0 decimals): 70 is on the limit, not below it.
    expect(mg(70).valueMmol).toBe(70 / 18);
    expect(mg(70).classification).toBe('normal');
    expect(mg(69).valueMmol).toBe(69 / 18);
    expect(mg(69).classification).toBe('low');
  });

  it('stores 400 mg/dL as 22.222… mmol/L, critical high', () => {
    expect(mg(400).valueMmol).toBe(400 / 18);
    expect(mg(400).classification).toBe('criticalHigh');
  });

  it('compares mg/dL readings with each limit rounded to whole mg/dL (limits 2.8, 3.9, 10.0, 16.7 read 50, 70, 180, 301)', () => {
    expect(mg(301).classification).toBe('criticalHigh'); // on 16.7 → 300.6 → 301
    expect(mg(300).classification).toBe('high'); // 16.666… mmol/L is below 16.7
    expect(mg(180).classification).toBe('normal'); // exactly 10.0
    expect(mg(181).classification).toBe('high');
    expect(mg(50).classification).toBe('criticalLow'); // 2.8 → 50.4 → 50
    expect(mg(51).classification).toBe('low'); // 2.833… is above 2.8
    expect(mg(100).valueMmol).toBe(100 / 18); // not 5.6: shown back in mg/dL as 100, not 101
  });

  it('accepts the unit names isMgDl accepts', () => {
    for (const unit of ['mg/dL', 'mgDl', 'MG/DL', ' mgdl ']) expect(mg(70, unit).valueMmol).toBe(70 / 18);
    for (const unit of ['mmol/L', 'mmolL', '']) expect(mg(70, unit).classification).toBe('criticalHigh');
  });

  it('classifies ketone in mmol/L and refuses other units', () => {
    const s = settingsOf({
      items: [{ item: 'KET', high: 0.6, criticalHigh: 3.0, criticalHighColor: 'ket-crit' }],
    });
    const ket = (value: number, unit?: string | null) =>
      classifyMeasurement({ item: 'KET', value, unit }, {}, s);
    expect(ket(0.1).classification).toBe('normal');
    expect(ket(0.6).classification).toBe('normal');
    expect(ket(0.61).classification).toBe('high');
    expect(ket(2.99, 'mmol/L').classification).toBe('high');
    expect(ket(3.0, 'MMOL/L').classification).toBe('criticalHigh');
    expect(ket(3.0).color).toBe('ket-crit');
    const refused = ket(3.0, 'mg/dL');
    expect(refused.classification).toBe('unknown');
    expect(refused.valueMmol).toBeNaN();
    // Glucose limits never apply to ketone.
    expect(classOf({ item: 'KET', value: 2 }, {}, settings)).toBe('unknown');
  });

  it('classifies uric acid in µmol/L, converting mg/dL × 59.48', () => {
    const s = settingsOf({ items: [{ item: 'UA', low: 150, high: 420, criticalHigh: 600 }] });
    const ua = (value: number, unit?: string | null) =>
      classifyMeasurement({ item: 'UA', value, unit }, {}, s);
    expect(UA_UMOL_PER_MGDL).toBe(59.48);
    expect(ua(420).classification).toBe('normal');
    expect(ua(420.01).classification).toBe('high');
    expect(ua(149.99).classification).toBe('low');
    for (const unit of ['umol/L', 'µmol/L', 'μmol/L', 'UMOL/L', 'umolL', null]) {
      expect(ua(600, unit).classification).toBe('criticalHigh');
    }
    expect(ua(7, 'mg/dL').valueMmol).toBeCloseTo(416.36, 10); // full precision, not 416
    expect(ua(7, 'mg/dL').classification).toBe('normal');
    expect(ua(7.1, 'mg/dL').valueMmol).toBeCloseTo(422.308, 10);
    expect(ua(7.1, 'mg/dL').classification).toBe('high');
    expect(ua(10.1, 'mg/dL').classification).toBe('criticalHigh'); // 600.748
    expect(ua(0.42, 'mmol/L').classification).toBe('unknown');
  });
});

describe('toStorageValue', () => {
  it('converts at full precision, never rounding', () => {
    expect(toStorageValue('GLU', 70, 'mg/dL')).toBe(70 / 18);
    expect(toStorageValue('GLU', 100, 'mg/dL')).toBe(100 / 18);
    expect(toStorageValue('GLU', 5.555, 'mmol/L')).toBe(5.555);
    expect(toStorageValue('GLU', 5.5, 'weird')).toBe(5.5); // the project's rule: not mg/dL → mmol/L
    expect(toStorageValue('KET', 1.234, null)).toBe(1.234);
    expect(toStorageValue('KET', 1, 'umol/L')).toBeNull();
    expect(toStorageValue('UA', 6, 'mg/dL')).toBe(6 * 59.48); // 356.88
    expect(toStorageValue('UA', Number.NaN, null)).toBeNull();
  });
});

describe('classifyMeasurement: colours and grades', () => {
  const grades = [
    { code: 'I', name: 'Grade I', color: 'grade-I' },
    { code: 'II', name: 'Grade II', color: 'grade-II' },
    { code: 'III', name: 'Grade III', color: null },
  ];
  const item: LimitRule & { item: 'GLU' } = {
    ...GLU_ITEM,
    lowColor: 'item-low',
    highColor: 'item-high',
    criticalLowColor: 'item-crit-low',
    criticalHighColor: 'item-crit-high',
    grade: 'I',
  };
  const icu = { departmentCode: 'ICU' };

  it('gives the band colour for low and high, none for normal', () => {
    const s = settingsOf({ items: [item], grades });
    expect(classifyMeasurement(glu(3.5), {}, s)).toMatchObject({
      classification: 'low',
      color: 'item-low',
      grade: null,
    });
    expect(classifyMeasurement(glu(12), {}, s)).toMatchObject({
      classification: 'high',
      color: 'item-high',
      grade: null,
    });
    expect(classifyMeasurement(glu(6), {}, s)).toMatchObject({
      classification: 'normal',
      color: null,
      grade: null,
    });
  });

  it('gives the critical colour and the grade of a critical result', () => {
    const s = settingsOf({ items: [item], grades });
    expect(classifyMeasurement(glu(17), {}, s)).toMatchObject({ color: 'item-crit-high', grade: 'I' });
    expect(classifyMeasurement(glu(2), {}, s)).toMatchObject({ color: 'item-crit-low', grade: 'I' });
  });

  it("falls back from the critical colour to the grade's colour, then to the plain colour, then null", () => {
    const noCritColor = { ...item, criticalHighColor: null, criticalLowColor: undefined };
    expect(classifyMeasurement(glu(17), {}, settingsOf({ items: [noCritColor], grades })).color).toBe(
      'grade-I',
    );
    const gradeWithoutColor = { ...noCritColor, grade: 'III' };
    const r1 = classifyMeasurement(glu(17), {}, settingsOf({ items: [gradeWithoutColor], grades }));
    expect(r1).toMatchObject({ color: 'item-high', grade: 'III' });
    const unknownGrade = { ...noCritColor, grade: 'IX' };
    expect(classifyMeasurement(glu(2), {}, settingsOf({ items: [unknownGrade], grades })).color).toBe(
      'item-low',
    );
    expect(classifyMeasurement(glu(2), {}, settingsOf({ items: [noCritColor] })).color).toBe('item-low');
    const bare = { item: 'GLU', criticalHigh: 16.7 } as const;
    expect(classifyMeasurement(glu(17), {}, settingsOf({ items: [bare], grades }))).toMatchObject({
      classification: 'criticalHigh',
      color: null,
      grade: null,
    });
  });

  it('takes the grade from the level that supplied the crossed critical limit', () => {
    const s = settingsOf({
      items: [item],
      departments: [{ item: 'GLU', departmentCode: 'ICU', criticalHigh: 20, grade: 'II' }],
      grades,
    });
    // Crossing the department's 20: grade II, whose colour beats the item's critical colour.
    expect(classifyMeasurement(glu(21), icu, s)).toMatchObject({
      classification: 'criticalHigh',
      color: 'grade-II',
      grade: 'II',
    });
    // Crossing the item's criticalLow: grade I and the item's colour.
    expect(classifyMeasurement(glu(2), icu, s)).toMatchObject({ color: 'item-crit-low', grade: 'I' });
    // 18 is above the item's 16.7 but the department moved criticalHigh to 20.
    expect(classifyMeasurement(glu(18), icu, s)).toMatchObject({
      classification: 'high',
      color: 'item-high',
    });
  });

  it('does not inherit a grade, but inherits a critical colour, when the source sets neither', () => {
    const s = settingsOf({
      items: [item],
      departments: [{ item: 'GLU', departmentCode: 'ICU', criticalHigh: 20 }],
      grades,
    });
    expect(classifyMeasurement(glu(21), icu, s)).toMatchObject({ color: 'item-crit-high', grade: null });
  });

  it('lets a more specific level set a colour without setting the limit', () => {
    const s = settingsOf({
      items: [item],
      departments: [
        { item: 'GLU', departmentCode: 'ICU', criticalHighColor: 'icu-crit-high', lowColor: 'icu-low' },
      ],
      grades,
    });
    expect(classifyMeasurement(glu(17), icu, s)).toMatchObject({ color: 'icu-crit-high', grade: 'I' });
    expect(classifyMeasurement(glu(3.5), icu, s)).toMatchObject({ color: 'icu-low' });
    expect(classifyMeasurement(glu(12), icu, s)).toMatchObject({ color: 'item-high' });
  });

  it("uses the source's own critical colour before its grade colour", () => {
    const s = settingsOf({
      departments: [
        { item: 'GLU', departmentCode: 'ICU', criticalHigh: 20, grade: 'II', criticalHighColor: 'icu-red' },
      ],
      grades,
    });
    expect(classifyMeasurement(glu(20), icu, s)).toMatchObject({ color: 'icu-red', grade: 'II' });
  });
});

describe('periodAt', () => {
  const periods: GlucosePeriodWindow[] = [
    { code: 'earlyMorning', startTime: '03:00', endTime: '06:00' },
    { code: 'fasting', startTime: '06:00', endTime: '09:00' },
    { code: 'afterBreakfast', startTime: '09:00', endTime: '11:00' },
    { code: 'beforeLunch', startTime: '11:00', endTime: '13:00' },
    { code: 'afterLunch', startTime: '13:00', endTime: '16:00' },
    { code: 'beforeDinner', startTime: '16:00', endTime: '18:30' },
    { code: 'afterDinner', startTime: '18:30', endTime: '21:00' },
    { code: 'beforeSleep', startTime: '21:00', endTime: '03:00' },
  ];

  it.each([
    ['07:30', 'fasting'],
    ['06:00', 'fasting'], // start inclusive
    ['05:59', 'earlyMorning'],
    ['05:59:59', 'earlyMorning'],
    ['09:00', 'afterBreakfast'], // end exclusive
    ['08:59:59', 'fasting'],
    ['18:30', 'afterDinner'],
    ['21:00', 'beforeSleep'],
    ['23:59:59', 'beforeSleep'],
    ['00:00', 'beforeSleep'], // past midnight
    ['02:59', 'beforeSleep'],
    ['03:00', 'earlyMorning'], // wrap end exclusive
  ])('%s → %s', (time, code) => {
    expect(periodAt(time, periods)).toBe(code);
  });

  it('uses the clock time of a date-time without offset as written', () => {
    expect(periodAt('2024-03-01 07:30', periods, 'America/New_York')).toBe('fasting');
    expect(periodAt('2024-03-01T21:00:00', periods)).toBe('beforeSleep');
    expect(periodAt('2024-03-01T02:15:30.500', periods)).toBe('beforeSleep');
  });

  it('reads instants on the clock of the time zone', () => {
    expect(periodAt('2024-03-01T23:30:00Z', periods, 'Asia/Shanghai')).toBe('fasting'); // 07:30 +08
    expect(periodAt('2024-03-01T23:30:00Z', periods, 'UTC')).toBe('beforeSleep');
    expect(periodAt('2024-03-02T07:30:00+08:00', periods, 'Asia/Shanghai')).toBe('fasting');
    expect(periodAt(new Date('2024-03-01T22:00:00Z'), periods, 'Asia/Shanghai')).toBe('fasting'); // 06:00
    expect(periodAt(new Date('2024-03-01T21:59:59Z'), periods, 'Asia/Shanghai')).toBe('earlyMorning');
  });

  it("reads a Date without time zone on the runtime's clock", () => {
    expect(periodAt(new Date(2024, 2, 1, 7, 30), periods)).toBe('fasting');
    expect(periodAt(new Date(2024, 2, 1, 1, 0), periods)).toBe('beforeSleep');
  });

  it('treats 24:00, 23:59 and 23:59:59 as the end of the day', () => {
    for (const endTime of ['24:00', '23:59', '23:59:59']) {
      const late = [{ code: 'late', startTime: '21:00', endTime }];
      expect(periodAt('23:59:30', late)).toBe('late');
      expect(periodAt('00:00', late)).toBeNull();
    }
  });

  it('returns null when no window holds the time or the time cannot be read', () => {
    const day = [{ code: 'day', startTime: '08:00', endTime: '20:00' }];
    expect(periodAt('20:00', day)).toBeNull();
    expect(periodAt('07:59', day)).toBeNull();
    expect(periodAt('abc', periods)).toBeNull();
    expect(periodAt('25:00', periods)).toBeNull();
    expect(periodAt(new Date(Number.NaN), periods)).toBeNull();
    expect(periodAt('07:30', [])).toBeNull();
  });

  it('skips unreadable and empty windows and lets the first listed of overlapping windows win', () => {
    const windows = [
      { code: 'broken', startTime: '7:99', endTime: '09:00' },
      { code: 'empty', startTime: '07:00', endTime: '07:00' },
      { code: 'first', startTime: '06:00', endTime: '10:00' },
      { code: 'second', startTime: '07:00', endTime: '08:00' },
    ];
    expect(periodAt('07:30', windows)).toBe('first');
  });

  it('throws on an unknown time zone', () => {
    expect(() => periodAt(new Date(), periods, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('puts every time of day in exactly the window that holds it when windows partition the day', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 24 * 3600 - 1 }),
        (boundaries, second) => {
          const sorted = [...boundaries].sort((a, b) => a - b);
          const hhmm = (minute: number) =>
            `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          // Window i runs from boundary i to boundary i+1, the last wrapping to the first.
          const windows = sorted.map((start, i) => ({
            code: `p${i}`,
            startTime: hhmm(start),
            endTime: hhmm(sorted[(i + 1) % sorted.length]),
          }));
          if (sorted.length === 1 || sorted.at(-1)! >= 23 * 60 + 59) return; // equal ends / end-of-day rule
          const time = `${String(Math.floor(second / 3600)).padStart(2, '0')}:${String(
            Math.floor(second / 60) % 60,
          ).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
          const minute = Math.floor(second / 60);
          const expected = sorted.filter((b) => b <= minute).length - 1;
          expect(periodAt(time, windows)).toBe(`p${expected < 0 ? sorted.length - 1 : expected}`);
        },
      ),
    );
  });
});

describe('validateClassificationSettings', () => {
  it('finds nothing wrong in consistent settings', () => {
    expect(
      validateClassificationSettings(
        settingsOf({
          items: [{ ...GLU_ITEM, grade: 'I' }],
          periods: [
            { item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 },
            { item: 'GLU', periodCode: 'fasting', criticalLow: 3.0, criticalHigh: 15 },
          ],
          departments: [{ item: 'GLU', departmentCode: 'ICU', criticalHigh: 20 }],
          departmentAges: [
            { item: 'GLU', departmentCode: 'ICU', minAge: 0, maxAge: 14, low: 5 },
            { item: 'GLU', departmentCode: 'ICU', minAge: 15, maxAge: 150, low: 4 },
          ],
          grades: [{ code: 'I' }],
        }),
      ),
    ).toEqual([]);
  });

  it('reports limits out of order, equal limits included', () => {
    const issues = validateClassificationSettings(
      settingsOf({
        items: [
          { item: 'GLU', low: 3.9, criticalLow: 3.9 },
          { item: 'KET', low: 1, high: 1 },
          { item: 'UA', high: 420, criticalHigh: 400 },
        ],
        periods: [{ item: 'GLU', periodCode: 'fasting', criticalLow: 5, criticalHigh: 5 }],
      }),
    );
    expect(issues).toEqual([
      {
        code: 'settings.classification.criticalLowOrder',
        severity: 'error',
        level: 'item',
        index: 0,
        field: 'criticalLow',
      },
      {
        code: 'settings.classification.rangeOrder',
        severity: 'error',
        level: 'item',
        index: 1,
        field: 'low',
      },
      {
        code: 'settings.classification.criticalHighOrder',
        severity: 'error',
        level: 'item',
        index: 2,
        field: 'criticalHigh',
      },
      { code: 'settings.crisis.order', severity: 'error', level: 'period', index: 0, field: 'criticalLow' },
    ]);
  });

  it('checks the order on rules of the same scope together', () => {
    const issues = validateClassificationSettings(
      settingsOf({
        periods: [
          { item: 'GLU', periodCode: 'fasting', low: 4.4, high: 7.0 },
          { item: 'GLU', periodCode: 'afterLunch', criticalLow: 5 },
          { item: 'GLU', periodCode: 'fasting', criticalLow: 4.5 },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        code: 'settings.classification.criticalLowOrder',
        severity: 'error',
        level: 'period',
        index: 2,
        field: 'criticalLow',
      },
    ]);
  });

  it('reports age brackets out of order or range', () => {
    const issues = validateClassificationSettings(
      settingsOf({
        departmentAges: [
          { item: 'GLU', departmentCode: 'ICU', minAge: 20, maxAge: 10, low: 4 },
          { item: 'GLU', departmentCode: 'WARD', minAge: -1, maxAge: 151, low: 4 },
          { item: 'GLU', departmentCode: 'ER', minAge: 1.5, maxAge: 10, low: 4 },
        ],
      }),
    );
    expect(issues.map((i) => [i.code, i.index, i.field])).toEqual([
      ['settings.age.order', 0, 'minAge'],
      ['settings.age.range', 1, 'minAge'],
      ['settings.age.range', 1, 'maxAge'],
      ['settings.age.range', 2, 'minAge'],
    ]);
    expect(issues[1].params).toEqual({ min: 0, max: 150 });
  });

  it('reports rules of identical scope that set the same field', () => {
    const issues = validateClassificationSettings(
      settingsOf({
        items: [
          { item: 'GLU', low: 3.9 },
          { item: 'GLU', low: 4.0 },
          { item: 'GLU', high: 10 },
          { item: 'KET', high: 0.6 },
        ],
        departments: [
          { item: 'GLU', departmentCode: 'ICU', periodCode: 'fasting', high: 8 },
          { item: 'GLU', departmentCode: 'ICU', periodCode: 'fasting', high: 8 },
          { item: 'GLU', departmentCode: 'ICU', high: 8 },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        code: 'settings.classification.duplicateScope',
        severity: 'error',
        level: 'item',
        index: 1,
        field: 'low',
        otherIndex: 0,
      },
      {
        code: 'settings.classification.duplicateScope',
        severity: 'warning',
        level: 'department',
        index: 1,
        field: 'high',
        otherIndex: 0,
      },
    ]);
  });

  it('reports overlapping age brackets: nested as a warning, crossing or identical as an error', () => {
    const bracket = (
      minAge: number,
      maxAge: number,
      extra: Partial<LimitRule & { periodCode: string }> = {},
    ) => ({
      item: 'GLU' as const,
      departmentCode: 'PED',
      minAge,
      maxAge,
      low: 4,
      ...extra,
    });
    const issues = validateClassificationSettings(
      settingsOf({
        departmentAges: [
          bracket(0, 150), // 0
          bracket(0, 14), // 1: nested in 0
          bracket(10, 20), // 2: nested in 0, crosses 1
          bracket(10, 20, { periodCode: 'fasting' }), // 3: another period
          bracket(0, 14, { low: 5 }), // 4: identical to 1
          { ...bracket(30, 40), departmentCode: 'ICU' }, // 5: another department
        ],
      }),
    );
    expect(issues.map((i) => [i.code, i.severity, i.index, i.otherIndex])).toEqual([
      ['settings.classification.ageOverlap', 'warning', 1, 0],
      ['settings.classification.ageOverlap', 'warning', 2, 0],
      ['settings.classification.ageOverlap', 'error', 2, 1],
      ['settings.classification.duplicateScope', 'error', 4, 1],
      ['settings.classification.ageOverlap', 'warning', 4, 0],
      ['settings.classification.ageOverlap', 'error', 4, 2],
    ]);
  });

  it('reports rules that can never apply and unknown grades', () => {
    const issues = validateClassificationSettings(
      settingsOf({
        items: [{ item: 'GLU', criticalHigh: 16.7, grade: 'IV' }],
        periods: [{ item: 'GLU', periodCode: ' ', low: 4 }],
        departments: [{ item: 'GLU', departmentCode: '', low: 4, grade: 'I' }],
        grades: [{ code: 'I' }],
      }),
    );
    expect(issues.map((i) => [i.code, i.level, i.severity])).toEqual([
      ['settings.classification.unknownGrade', 'item', 'warning'],
      ['settings.classification.periodRequired', 'period', 'error'],
      ['settings.classification.departmentRequired', 'department', 'error'],
    ]);
    expect(validateClassificationSettings(settingsOf({ items: [{ item: 'GLU', grade: 'IV' }] }))).toEqual([]);
  });
});

describe('classifyMeasurement: properties', () => {
  const RANK: Record<Classification, number> = {
    criticalLow: 0,
    low: 1,
    normal: 2,
    unknown: 2,
    high: 3,
    criticalHigh: 4,
  };
  const limit = fc.option(
    fc.integer({ min: 0, max: 400 }).map((n) => n / 10),
    { nil: null },
  );
  const limits = fc.record({ low: limit, high: limit, criticalLow: limit, criticalHigh: limit });
  const period = fc.constantFrom('fasting', 'afterLunch');
  const settingsArb: fc.Arbitrary<ClassificationSettings> = fc.record({
    items: fc.array(
      limits.map((l) => ({ ...l, item: 'GLU' as const })),
      { maxLength: 2 },
    ),
    periods: fc.array(
      fc.tuple(limits, period).map(([l, periodCode]) => ({ ...l, item: 'GLU' as const, periodCode })),
      { maxLength: 2 },
    ),
    departments: fc.array(
      fc
        .tuple(limits, fc.option(period, { nil: null }))
        .map(([l, periodCode]) => ({ ...l, item: 'GLU' as const, departmentCode: 'ICU', periodCode })),
      { maxLength: 2 },
    ),
    departmentAges: fc.array(
      fc
        .tuple(limits, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
        .map(([l, a, b]) => ({
          ...l,
          item: 'GLU' as const,
          departmentCode: 'ICU',
          minAge: Math.min(a, b),
          maxAge: Math.max(a, b),
        })),
      { maxLength: 2 },
    ),
  });
  const patientArb = fc.record({
    departmentCode: fc.constantFrom('ICU', 'WARD', null),
    age: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  });

  it('is monotonic in the value: a higher value never gives a lower band', () => {
    fc.assert(
      fc.property(
        settingsArb,
        patientArb,
        fc.option(period, { nil: null }),
        fc.double({ min: -5, max: 50, noNaN: true }),
        fc.double({ min: -5, max: 50, noNaN: true }),
        (settings, patient, periodCode, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const lower = classOf(glu(lo, { periodCode }), patient, settings);
          const higher = classOf(glu(hi, { periodCode }), patient, settings);
          expect(RANK[lower]).toBeLessThanOrEqual(RANK[higher]);
        },
      ),
    );
  });

  it('never calls a value normal without a normal-range limit', () => {
    fc.assert(
      fc.property(
        settingsArb,
        patientArb,
        fc.double({ min: -5, max: 50, noNaN: true }),
        (settings, patient, v) => {
          const result = classifyMeasurement(glu(v), patient, settings);
          if (result.limits.low === null && result.limits.high === null) {
            expect(result.classification).not.toMatch(/^(normal|low|high)$/);
          }
        },
      ),
    );
  });

  it('classifies a whole mg/dL reading as against the limits shown in mg/dL (each limit × 18, whole)', () => {
    const inMgDl = (limit: unknown) => (typeof limit === 'number' ? roundDecimal(limit * 18, 0) : limit);
    const limitsInMgDl = <T extends object>(rule: T): T =>
      Object.fromEntries(
        Object.entries(rule).map(([key, v]) => [key, LIMIT_KEYS.has(key) ? inMgDl(v) : v]),
      ) as T;
    const LIMIT_KEYS = new Set(['low', 'high', 'criticalLow', 'criticalHigh']);
    fc.assert(
      fc.property(settingsArb, patientArb, fc.integer({ min: 1, max: 900 }), (settings, patient, mg) => {
        const shown = {
          ...settings,
          items: settings.items.map(limitsInMgDl),
          periods: settings.periods.map(limitsInMgDl),
          departments: settings.departments.map(limitsInMgDl),
          departmentAges: settings.departmentAges.map(limitsInMgDl),
        };
        const inMg = classifyMeasurement(glu(mg, { unit: 'mg/dL' }), patient, settings);
        expect(inMg.classification).toBe(classOf(glu(mg, { unit: 'mmol/L' }), patient, shown));
        expect(inMg.valueMmol).toBe(mg / 18);
      }),
    );
  });

  it('classifies a mmol/L reading exactly against the configured limits', () => {
    fc.assert(
      fc.property(settingsArb, patientArb, fc.integer({ min: 1, max: 600 }), (settings, patient, tenths) => {
        const mmol = tenths / 10;
        const result = classifyMeasurement(glu(mmol, { unit: 'mmol/L' }), patient, settings);
        expect(result.valueMmol).toBe(mmol);
        const { low, criticalLow } = result.limits;
        if (criticalLow !== null && mmol <= criticalLow) expect(result.classification).toBe('criticalLow');
        if (low !== null && criticalLow === null && mmol < low)
          expect(result.classification).not.toBe('normal');
      }),
    );
  });
});
