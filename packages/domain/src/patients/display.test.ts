import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import {
  bodyMassIndex,
  CLASSIFICATION_COLORS,
  completedYears,
  isCriticalClassification,
  readingColor,
} from './display';
import { isIanaTimeZone, timeZoneSettingSchema } from './time-zone';

describe('bodyMassIndex', () => {
  it('is weight over height squared, to 1 decimal', () => {
    expect(bodyMassIndex(170, 68.5)).toBe(23.7);
    expect(bodyMassIndex(160, 80)).toBe(31.3);
  });
  it('is null without both values', () => {
    expect(bodyMassIndex(null, 60)).toBeNull();
    expect(bodyMassIndex(170, undefined)).toBeNull();
    expect(bodyMassIndex(0, 60)).toBeNull();
  });
});

describe('completedYears', () => {
  it('counts a birthday only once it is reached', () => {
    expect(completedYears('1958-04-02', '2026-04-01')).toBe(67);
    expect(completedYears('1958-04-02', '2026-04-02')).toBe(68);
  });
  it('turns a leap-day birthday older on 1 March', () => {
    expect(completedYears('2000-02-29', '2025-02-28')).toBe(24);
    expect(completedYears('2000-02-29', '2025-03-01')).toBe(25);
  });
  it('is null for a birth after the day or a malformed date', () => {
    expect(completedYears('2030-01-01', '2026-01-01')).toBeNull();
    expect(completedYears('1/2/2000', '2026-01-01')).toBeNull();
  });
});

describe('readingColor', () => {
  it('uses the colour fixed at write, else the band colour', () => {
    expect(readingColor('high', '#ff00aa')).toBe('#ff00aa');
    expect(readingColor('criticalLow', null)).toBe(CLASSIFICATION_COLORS.criticalLow);
    expect(readingColor('normal', null)).toBe(CLASSIFICATION_COLORS.normal);
    expect(readingColor(null, null)).toBe(CLASSIFICATION_COLORS.unknown);
    expect(readingColor('whatever', undefined)).toBe(CLASSIFICATION_COLORS.unknown);
  });
  it('knows which bands are critical', () => {
    expect(isCriticalClassification('criticalHigh')).toBe(true);
    expect(isCriticalClassification('high')).toBe(false);
  });
});

describe('time zone', () => {
  it('accepts IANA names and refuses the rest', () => {
    expect(isIanaTimeZone('Asia/Shanghai')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isIanaTimeZone('+08:00')).toBe(false);
    expect(isIanaTimeZone('')).toBe(false);
  });
  it('words the problem in both languages', () => {
    expect(localizedIssues(timeZoneSettingSchema, { value: 'Nowhere/City' }, 'en-US')[0]?.message).toBe(
      'The time zone must be an IANA name such as Asia/Shanghai',
    );
    expect(localizedIssues(timeZoneSettingSchema, { value: '' }, 'zh-CN')[0]?.message).toBe(
      '时区须为 IANA 名称，例如 Asia/Shanghai',
    );
    expect(localizedIssues(timeZoneSettingSchema, { value: 'UTC', extra: 1 }, 'en-US')[0]?.field).toBe(
      'extra',
    );
  });
});
