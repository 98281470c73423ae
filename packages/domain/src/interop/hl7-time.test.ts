import { describe, expect, it } from 'vitest';
import { hl7Timestamp, parseHl7Timestamp } from './hl7-time';

describe('HL7 timestamps on the hospital clock', () => {
  const at = new Date('2026-03-05T01:30:45.678Z');

  it('writes the wall clock with the offset of the instant, to the second', () => {
    expect(hl7Timestamp(at, 'Asia/Shanghai')).toBe('20260305093045+0800');
    expect(hl7Timestamp(at, 'UTC')).toBe('20260305013045+0000');
    expect(hl7Timestamp(at, 'America/New_York')).toBe('20260304203045-0500');
    expect(hl7Timestamp(at, 'Asia/Kolkata')).toBe('20260305070045+0530');
    // summer time in New York: -0400
    expect(hl7Timestamp(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('20260701080000-0400');
  });

  it('reads the offset given, whatever the hospital zone', () => {
    expect(parseHl7Timestamp('20261128101000+0800', 'UTC')?.toISOString()).toBe('2026-11-28T02:10:00.000Z');
    expect(parseHl7Timestamp('20261128101000-0330', 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-11-28T13:40:00.000Z',
    );
    expect(parseHl7Timestamp('20261128101000.25+0000', 'UTC')?.toISOString()).toBe(
      '2026-11-28T10:10:00.250Z',
    );
  });

  it('reads a time without an offset as the hospital wall clock, shorter precisions included', () => {
    expect(parseHl7Timestamp('202611281010', 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-11-28T02:10:00.000Z',
    );
    expect(parseHl7Timestamp('20261128', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    // New York on the night summer time ends (1 November 2026): 00:30 is still -0400
    expect(parseHl7Timestamp('202611010030', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T04:30:00.000Z',
    );
    // and 03:00 is -0500
    expect(parseHl7Timestamp('202611010300', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T08:00:00.000Z',
    );
  });

  it('refuses what is not a date-time', () => {
    for (const text of [
      '',
      '2026-11-28',
      '20260231',
      '20261328',
      '202611282460',
      '20261128101000+2500',
      'abc',
    ]) {
      expect(parseHl7Timestamp(text, 'UTC'), text).toBeNull();
    }
  });

  it('round-trips', () => {
    const text = hl7Timestamp(at, 'Asia/Shanghai');
    expect(parseHl7Timestamp(text, 'UTC')?.toISOString()).toBe('2026-03-05T01:30:45.000Z');
  });
});
