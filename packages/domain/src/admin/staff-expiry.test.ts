import { describe, expect, it } from 'vitest';
import { STAFF_EXPIRY_SOON_DAYS, staffExpiryOf, staffExpirySoonEnd } from './staff-expiry';

describe('staff expiry', () => {
  const today = '2026-03-15';

  it('keeps accounts without an expiry date active', () => {
    expect(staffExpiryOf(null, today)).toBe('active');
    expect(staffExpiryOf(undefined, today)).toBe('active');
    expect(staffExpiryOf('', today)).toBe('active');
  });

  it('counts the expiry day itself as still working, the day after as expired', () => {
    expect(staffExpiryOf(today, today)).toBe('expiresSoon');
    expect(staffExpiryOf('2026-03-14', today)).toBe('expired');
    expect(staffExpiryOf('2025-12-31', today)).toBe('expired');
  });

  it('marks expiry within the window as soon, and the day after the window as active', () => {
    expect(STAFF_EXPIRY_SOON_DAYS).toBe(30);
    expect(staffExpirySoonEnd(today)).toBe('2026-04-14');
    expect(staffExpiryOf('2026-04-14', today)).toBe('expiresSoon');
    expect(staffExpiryOf('2026-04-15', today)).toBe('active');
  });

  it('crosses month and year ends by the calendar', () => {
    expect(staffExpirySoonEnd('2026-12-20')).toBe('2027-01-19');
    expect(staffExpirySoonEnd('2028-02-01')).toBe('2028-03-02');
  });
});
