import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import {
  glucosePeriodCreateSchema,
  glucoseRangeIssue,
  hasAtMostDecimals,
  inspectionItemCreateSchema,
  mappingItemCreateSchema,
  minutesOfDay,
  periodCoverage,
  referenceRangeIssue,
  targetSettingSchema,
  timeOfMinutes,
  windowSpans,
} from './periods';

const period = {
  code: 'fasting',
  nameZh: '空腹',
  nameEn: 'Fasting',
  startTime: '05:00',
  endTime: '09:00',
  minValue: 4.4,
  maxValue: 7,
};
const issues = (schema: Parameters<typeof localizedIssues>[0], body: unknown) =>
  localizedIssues(schema, body, 'en-US');

describe('time windows', () => {
  it('reads HH:mm and 24:00 and writes them back', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('12:30')).toBe(750);
    expect(minutesOfDay('24:00')).toBe(1440);
    expect(minutesOfDay('24:01')).toBeNull();
    expect(minutesOfDay('7:30')).toBeNull();
    expect(timeOfMinutes(1440)).toBe('24:00');
    expect(timeOfMinutes(65)).toBe('01:05');
  });

  it('splits a window that wraps past midnight and reads 23:59 as the end of the day', () => {
    expect(windowSpans({ startTime: '21:00', endTime: '03:00' })).toEqual([
      { start: 1260, end: 1440 },
      { start: 0, end: 180 },
    ]);
    expect(windowSpans({ startTime: '21:00', endTime: '00:00' })).toEqual([{ start: 1260, end: 1440 }]);
    expect(windowSpans({ startTime: '21:00', endTime: '23:59' })).toEqual([{ start: 1260, end: 1440 }]);
    expect(windowSpans({ startTime: '08:00', endTime: '08:00' })).toEqual([]);
  });

  it('finds the gaps and the overlaps of a day', () => {
    const coverage = periodCoverage([
      { code: 'a', startTime: '00:00', endTime: '08:00' },
      { code: 'b', startTime: '07:00', endTime: '12:00' },
      { code: 'c', startTime: '13:00', endTime: '02:00' },
    ]);
    expect(coverage.gaps).toEqual([{ start: 720, end: 780 }]);
    expect(coverage.overlaps).toEqual([
      { start: 0, end: 120, codes: ['a', 'c'] },
      { start: 420, end: 480, codes: ['a', 'b'] },
    ]);
    const whole = periodCoverage([
      { code: 'night', startTime: '18:00', endTime: '06:00' },
      { code: 'day', startTime: '06:00', endTime: '18:00' },
    ]);
    expect(whole).toEqual({ gaps: [], overlaps: [] });
  });
});

describe('glucose periods', () => {
  it('accepts a period with or without a normal range, and an end of 24:00', () => {
    expect(issues(glucosePeriodCreateSchema, period)).toEqual([]);
    expect(
      issues(glucosePeriodCreateSchema, { ...period, minValue: null, maxValue: undefined, endTime: '24:00' }),
    ).toEqual([]);
  });

  it.each([
    [{ code: 'a-b' }, 'code', 'The code may use letters, digits and _ only'],
    [{ code: 'c'.repeat(13) }, 'code', 'The code must be 1-12 characters'],
    [{ nameEn: '' }, 'nameEn', 'Please enter the name'],
    [{ startTime: '24:00' }, 'startTime', 'Enter the start time as HH:mm (00:00-23:59)'],
    [{ endTime: '9:00' }, 'endTime', 'Enter the end time as HH:mm (00:00-23:59, or 24:00 for midnight)'],
    [{ endTime: '05:00' }, 'endTime', 'The start and end times must differ'],
    [{ maxValue: null }, 'maxValue', 'Enter both the lower and the upper limit, or neither'],
    [{ minValue: 0 }, 'minValue', 'The value must be from 0.5 to 50'],
    [{ minValue: 8 }, 'minValue', 'The lower limit must be below the upper limit'],
    [{ sort: 10000 }, 'sort', expect.any(String)],
  ])('refuses %j', (change, field, message) => {
    expect(issues(glucosePeriodCreateSchema, { ...period, ...change })).toEqual([{ field, message }]);
  });

  it('places a range problem on the side that needs attention', () => {
    expect(glucoseRangeIssue(null, null)).toBeNull();
    expect(glucoseRangeIssue('', 7)).toEqual({ field: 'minValue', key: 'period.range.required' });
    expect(glucoseRangeIssue(-1, 7)).toEqual({ field: 'minValue', key: 'period.range.positive' });
    expect(glucoseRangeIssue(4, 0)).toEqual({ field: 'maxValue', key: 'period.range.positive' });
    expect(glucoseRangeIssue(7, 7)).toEqual({ field: 'minValue', key: 'period.range.order' });
  });
});

describe('QC target values', () => {
  const levels = [
    { level: 0, target: 0, sd: 0 },
    { level: 1, target: 5.5, sd: 0.35 },
    { level: 2, target: 15.2, sd: 1.1 },
  ];
  it('accepts three levels in any order with 0 for an absent one', () => {
    expect(issues(targetSettingSchema, { stripType: 'GLU', levels: [...levels].reverse() })).toEqual([]);
  });
  it.each([
    [{ levels: levels.slice(0, 2) }, 'levels', 'Give control levels 0, 1 and 2, each once'],
    [{ levels: [levels[0], levels[1], levels[1]] }, 'levels', 'Give control levels 0, 1 and 2, each once'],
    [
      { levels: [levels[0], levels[1], { level: 3, target: 1, sd: 1 }] },
      'levels.2.level',
      expect.any(String),
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, sd: 1 }] },
      'levels.2.target',
      'Please enter the target value (0 if the level is absent)',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, target: 1.234, sd: 1 }] },
      'levels.2.target',
      'At most 2 decimal places',
    ],
    [
      { levels: [levels[0], levels[1], { level: 2, target: 1, sd: -1 }] },
      'levels.2.sd',
      'The value must be from 0 to 99999',
    ],
    [{ stripType: ' ' }, 'stripType', 'Please choose the strip type'],
  ])('refuses %j', (change, field, message) => {
    expect(issues(targetSettingSchema, { stripType: 'GLU', levels, ...change })).toEqual([
      { field, message },
    ]);
  });
  it('counts decimals without float noise', () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(12, 2)).toBe(true);
  });
});

describe('inspection items and mapping', () => {
  const item = { packageId: 1, code: 'HBA1C', name: 'HbA1c', unit: '%', referenceLow: 4, referenceHigh: 6 };
  it('checks the reference range only when both sides are given', () => {
    expect(issues(inspectionItemCreateSchema, item)).toEqual([]);
    expect(issues(inspectionItemCreateSchema, { ...item, referenceLow: null, unit: '' })).toEqual([]);
    expect(issues(inspectionItemCreateSchema, { ...item, referenceLow: 6 })).toEqual([
      { field: 'referenceLow', message: 'The reference low must be below the reference high' },
    ]);
    expect(referenceRangeIssue(-3, 3)).toBeNull();
  });
  it('allows only GLU, KET and UA as measurement targets', () => {
    const mapping = { source: 'LIS', externalCode: 'GLU', targetKind: 'measurement', targetCode: 'GLU' };
    expect(issues(mappingItemCreateSchema, mapping)).toEqual([]);
    expect(issues(mappingItemCreateSchema, { ...mapping, targetCode: 'HBA1C' })).toEqual([
      { field: 'targetCode', message: 'A measurement target must be GLU, KET or UA' },
    ]);
    expect(
      issues(mappingItemCreateSchema, { ...mapping, targetKind: 'inspection', targetCode: 'HBA1C' }),
    ).toEqual([]);
    expect(issues(mappingItemCreateSchema, { ...mapping, source: 'PACS' })).toEqual([
      { field: 'source', message: 'The source must be HIS, LIS or METER' },
    ]);
  });
});
