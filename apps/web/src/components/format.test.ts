import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clockParts,
  dateInZone,
  dateTimeInZone,
  fileStamp,
  formatDateTime,
  fromPicker,
  hospitalNow,
  hospitalToday,
  hospitalZone,
  secondsInZone,
  setHospitalZone,
  timeInZone,
  toPicker,
} from './format';

// 01:30 in Shanghai on 10 March is still 9 March (12:30) in New York and 17:30 on 9 March in UTC, the
// test process's zone: every formatter must give the hospital's day and hour, not the process's.
const READING = '2026-03-09T17:30:00.000Z';
const processZone = hospitalZone();

beforeEach(() => {
  setHospitalZone('Asia/Shanghai');
});

afterEach(() => {
  setHospitalZone(processZone);
  vi.useRealTimers();
});

describe('the hospital clock', () => {
  it('shows an instant on the hospital wall clock, whatever the zone of the process', () => {
    expect(processZone).not.toBe('Asia/Shanghai');
    expect(formatDateTime(READING)).toBe('2026-03-10 01:30:00');
    expect(formatDateTime('2026-03-10T01:30:00+08:00')).toBe('2026-03-10 01:30:00');
    expect(formatDateTime(new Date(READING))).toBe('2026-03-10 01:30:00');
    expect(formatDateTime(Date.parse(READING))).toBe('2026-03-10 01:30:00');
    expect(dateTimeInZone(READING)).toBe('2026-03-10 01:30');
    expect(dateInZone(READING)).toBe('2026-03-10');
    expect(timeInZone(READING)).toBe('01:30');
    expect(secondsInZone('2026-03-09T17:30:45Z')).toBe('01:30:45');
    expect(clockParts(READING)).toEqual({ date: '2026-03-10', time: '01:30' });
    expect(fileStamp(READING)).toBe('20260310-0130');
  });

  it('follows a change of the setting, and a zone given by the caller wins', () => {
    setHospitalZone('America/New_York');
    expect(formatDateTime(READING)).toBe('2026-03-09 13:30:00');
    // New York changes to summer time on 8 March 2026: UTC−4
    expect(dateTimeInZone(READING, 'Asia/Shanghai')).toBe('2026-03-10 01:30');
    expect(timeInZone(READING, 'UTC')).toBe('17:30');
  });

  it('keeps the last good zone when given one it does not know', () => {
    setHospitalZone('Mars/Base');
    expect(hospitalZone()).toBe('Asia/Shanghai');
  });

  it('shows nothing for a missing or unreadable time', () => {
    for (const value of [null, undefined, '', 'not a time', Number.NaN]) {
      expect(formatDateTime(value)).toBe('');
      expect(dateTimeInZone(value)).toBe('');
      expect(timeInZone(value)).toBe('');
    }
  });

  it('puts the hospital wall clock in pickers and reads picked values back on it', () => {
    const picked = toPicker(READING);
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 01:30');
    expect(fromPicker(picked)).toBe(READING);
    expect(fromPicker(dayjs('2026-03-10 23:59:30'))).toBe('2026-03-10T15:59:30.000Z');
    expect(fromPicker(dayjs('2026-03-10 01:30'), 'America/New_York')).toBe('2026-03-10T05:30:00.000Z');
  });

  it('reads now and today on the hospital calendar', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(READING));
    expect(hospitalToday()).toBe('2026-03-10');
    expect(hospitalNow().format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 01:30');
    expect(hospitalToday('America/New_York')).toBe('2026-03-09');
  });
});
