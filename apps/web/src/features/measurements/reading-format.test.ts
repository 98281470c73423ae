import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { EntryOptions, Reading } from '../../api/measurements';
import { dateInZone, dateTimeInZone, fromPicker, timeInZone, toPicker } from '../../components/format';
import i18n from '../../i18n';
import { formIssues, formWindow, inputOf, needsWindowReason } from './ReadingForm';
import { windowOpen } from './ReadingGrid';
import { timingText } from './ReadingTags';
import { instantAt, lastDays, presetTime, readingColor, valueText } from './reading-format';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';

const options: EntryOptions = {
  item: 'GLU',
  periods: [
    { code: 'fasting', name: 'Fasting', startTime: '05:00', endTime: '09:00' },
    { code: 'afterLunch', name: 'After lunch', startTime: '12:30', endTime: '16:00' },
    { code: 'beforeSleep', name: 'Before sleep', startTime: '21:00', endTime: '24:00' },
  ],
  untestedReasons: [
    { code: 'outOfRange', name: 'Measurable range exceeded' },
    { code: 'refused', name: 'Patient refused' },
    { code: 'other', name: 'Other' },
  ],
  refusalReasons: [{ code: 'fear', name: 'Afraid of the pain' }],
  rejectReasons: [{ code: 'absent', name: 'Patient not on the ward' }],
  testers: [{ id: 3, userName: 'nurse01', nickName: 'Nurse Wang Fang' }],
  unit: { code: 'mmolL', name: 'mmol/L', precision: 1, min: 0.6, max: 33.3 },
  units: [
    { code: 'mmolL', name: 'mmol/L', precision: 1, min: 0.6, max: 33.3 },
    { code: 'mgDl', name: 'mg/dL', precision: 0, min: 10, max: 600 },
  ],
  timeZone: SHANGHAI,
  admittedAt: '2024-05-28T02:00:00.000Z',
  dischargedAt: null,
  inHospital: true,
  recordApproval: true,
  windowSlackMinutes: 30,
};

describe('hospital clock', () => {
  it('reads instants on the hospital’s clock, whatever the browser’s zone', () => {
    const at = new Date('2024-06-01T17:30:00Z');
    expect(dateInZone(at, SHANGHAI)).toBe('2024-06-02');
    expect(timeInZone(at, SHANGHAI)).toBe('01:30');
    expect(dateTimeInZone(at, NEW_YORK)).toBe('2024-06-01 13:30');
    expect(dateTimeInZone(null, SHANGHAI)).toBe('');
  });

  it('turns a wall-clock date and time into its instant, across summer time', () => {
    expect(instantAt('2024-06-02', '01:30', SHANGHAI).toISOString()).toBe('2024-06-01T17:30:00.000Z');
    expect(instantAt('2024-01-15', '08:00', NEW_YORK).toISOString()).toBe('2024-01-15T13:00:00.000Z');
    expect(instantAt('2024-07-15', '08:00', NEW_YORK).toISOString()).toBe('2024-07-15T12:00:00.000Z');
  });

  it('gives the last N days up to today', () => {
    expect(lastDays(7, new Date('2024-06-01T17:30:00Z'), SHANGHAI)).toEqual(['2024-05-27', '2024-06-02']);
  });

  it('presets the time of a cell: now inside today’s window, else half an hour in, never later than now', () => {
    const now = new Date('2024-06-01T06:00:00Z'); // 14:00 in Shanghai
    const lunch = options.periods[1]!;
    expect(presetTime('2024-06-01', lunch, now, SHANGHAI)).toEqual(now);
    expect(presetTime('2024-05-31', lunch, now, SHANGHAI)?.toISOString()).toBe('2024-05-31T05:00:00.000Z');
    expect(presetTime('2024-06-01', options.periods[2], now, SHANGHAI)).toBeNull();
    const justStarted = new Date('2024-06-01T04:35:00Z'); // 12:35, five minutes into the window
    expect(presetTime('2024-06-01', lunch, justStarted, SHANGHAI)).toEqual(justStarted);
  });

  it('opens a cell only for a window that has begun and overlaps the stay', () => {
    const now = new Date('2024-06-01T06:00:00Z');
    const [fasting, lunch, sleep] = options.periods as [never, never, never];
    expect(windowOpen('2024-06-01', fasting, options, now)).toBe(true);
    expect(windowOpen('2024-06-01', sleep, options, now)).toBe(false);
    // admitted 2024-05-28 10:00 Shanghai: that morning's fasting window had closed, lunch had not begun
    expect(windowOpen('2024-05-28', fasting, options, now)).toBe(false);
    expect(windowOpen('2024-05-28', lunch, options, now)).toBe(true);
    const gone = { ...options, dischargedAt: '2024-05-30T01:00:00.000Z' };
    expect(windowOpen('2024-05-31', fasting, gone, now)).toBe(false);
    expect(windowOpen('2024-05-29', fasting, gone, now)).toBe(true);
  });
});

describe('reading display', () => {
  const reading = { item: 'GLU', testValue: 7, color: null, determineType: 'normal' } as Pick<
    Reading,
    'item' | 'testValue' | 'color' | 'determineType'
  >;

  it('shows the value in the display unit', () => {
    expect(valueText(reading, options.units[0]!)).toBe('7.0 mmol/L');
    expect(valueText(reading, options.units[1]!)).toBe('126 mg/dL');
    expect(valueText({ ...reading, testValue: null }, options.unit)).toBe('');
  });

  it('colours by the band’s colour, with a fallback per classification; normal is not coloured', () => {
    expect(readingColor(reading)).toBeUndefined();
    expect(readingColor({ determineType: 'criticalLow', color: '#722ED1' })).toBe('#722ED1');
    expect(readingColor({ determineType: 'high', color: null })).toBe('#FA541C');
  });
});

describe('entry form', () => {
  it('keeps the picker on the hospital’s wall clock and sends the instant', () => {
    const picked = toPicker('2024-06-01T17:30:00Z', SHANGHAI);
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2024-06-02 01:30');
    expect(fromPicker(dayjs('2024-06-02 01:30'), SHANGHAI)).toBe('2024-06-01T17:30:00.000Z');
  });

  it('sends a result with its unit, or a reason with its details, never both', () => {
    const base = {
      period: 'fasting',
      testTime: dayjs('2024-06-01 06:30'),
      unit: 'mgDl',
      remark: ' ',
      testerId: 3,
    };
    expect(inputOf({ ...base, mode: 'result', result: '126', cause: 'refused' }, SHANGHAI)).toMatchObject({
      result: 126,
      unit: 'mgDl',
      cause: null,
      refusalReason: null,
      remark: null,
      testTime: '2024-05-31T22:30:00.000Z',
    });
    expect(
      inputOf(
        { ...base, mode: 'untested', result: '126', cause: 'refused', refusalReason: 'fear' },
        SHANGHAI,
      ),
    ).toMatchObject({ result: null, unit: null, cause: 'refused', refusalReason: 'fear' });
    expect(
      inputOf(
        { ...base, mode: 'untested', cause: 'other', refusalReason: 'fear', causeText: 'CT' },
        SHANGHAI,
      ),
    ).toMatchObject({ cause: 'other', refusalReason: null, causeText: 'CT' });
  });

  it('checks the form with the domain rules (range in the entered unit, reason of a correction)', () => {
    const values = {
      period: 'fasting',
      testTime: dayjs('2024-06-01 06:30'),
      mode: 'result' as const,
      result: '700',
      unit: 'mgDl',
    };
    expect(formIssues(values, 'GLU', 7, options, null)).toEqual([
      { field: 'result', message: expect.stringContaining('10-600 mg/dL') },
    ]);
    const stored = { periodCode: 'fasting', untestedReason: null, refusalReason: null } as Reading;
    const edit = formIssues({ ...values, result: '120' }, 'GLU', 7, options, stored);
    expect(edit).toEqual([{ field: 'reason', message: 'Please enter the reason' }]);
    expect(formIssues({ ...values, result: '120', reason: 'typo' }, 'GLU', 7, options, stored)).toEqual([]);
  });
});

describe('period window of an entry (issue 15)', () => {
  const at = (wallClock: string) => dayjs(wallClock);
  it('finds the window a time lies outside of, with the hospital’s slack, as the server does', () => {
    expect(formWindow({ period: 'fasting', testTime: at('2024-06-01 09:30') }, options)).toBeNull();
    expect(formWindow({ period: 'fasting', testTime: at('2024-06-01 09:31') }, options)).toMatchObject({
      mark: 'late',
      period: { code: 'fasting', name: 'Fasting' },
    });
    expect(formWindow({ period: 'afterLunch', testTime: at('2024-06-01 11:59') }, options)?.mark).toBe(
      'early',
    );
    expect(
      formWindow(
        { period: 'afterLunch', testTime: at('2024-06-01 11:59') },
        { ...options, windowSlackMinutes: 31 },
      ),
    ).toBeNull();
    // bedtime after midnight belongs to the evening before
    expect(formWindow({ period: 'beforeSleep', testTime: at('2024-06-02 00:20') }, options)).toBeNull();
    expect(formWindow({ period: null, testTime: at('2024-06-01 14:00') }, options)).toBeNull();
  });

  it('asks for the reason on entry outside the window, on a correction that moves it out or keeps a reason', () => {
    const outside = { period: 'fasting', testTime: at('2024-06-01 11:00') };
    expect(needsWindowReason(outside, options, null)).toBe(true);
    expect(needsWindowReason({ ...outside, testTime: at('2024-06-01 08:00') }, options, null)).toBe(false);
    const stored = {
      periodCode: 'fasting',
      testTime: fromPicker(at('2024-06-01 11:00'), SHANGHAI),
      windowReason: null,
    } as Reading;
    // an uploaded reading already outside, corrected in something else: no reason asked
    expect(needsWindowReason(outside, options, stored)).toBe(false);
    expect(needsWindowReason({ ...outside, testTime: at('2024-06-01 11:20') }, options, stored)).toBe(true);
    expect(needsWindowReason(outside, options, { ...stored, windowReason: 'in radiology' })).toBe(true);
  });

  it('says the marks in words for the grid, in both languages', async () => {
    const t = i18n.getFixedT('en-US');
    expect(timingText(t, { windowMark: 'late', windowReason: 'in radiology', lateEntry: true })).toBe(
      'Late (Reason: in radiology) · Late entry',
    );
    expect(timingText(t, { windowMark: 'early', windowReason: null, lateEntry: false })).toBe(
      'Out of window (No reason given)',
    );
    expect(
      timingText(i18n.getFixedT('zh-CN'), { windowMark: null, windowReason: null, lateEntry: true }),
    ).toBe('补录');
    expect(timingText(t, { windowMark: null, windowReason: null, lateEntry: false })).toBe('');
  });
});
