import { z } from 'zod';
import { addDays } from '../tasks/day';

/**
 * How many days ahead an account expiry counts as "soon". A month gives the ward time to renew a
 * rotation or a temporary contract before the person is locked out at the start of a shift (staff past
 * their expiry date cannot sign in).
 */
export const STAFF_EXPIRY_SOON_DAYS = 30;

/**
 * Where an account stands against its expiry date on a given day. The three states split the staff
 * list: `active` has no expiry date or one beyond the "soon" window, `expiresSoon` expires within it
 * (the expiry day itself included: the account works until the end of that day), `expired` is past it.
 */
export const STAFF_EXPIRY_STATES = ['active', 'expiresSoon', 'expired'] as const;
export type StaffExpiry = (typeof STAFF_EXPIRY_STATES)[number];

/** The staff list's expiry filter: one of the states, or every account. */
export const staffExpiryFilterSchema = z.enum(['all', ...STAFF_EXPIRY_STATES]);
export type StaffExpiryFilter = z.infer<typeof staffExpiryFilterSchema>;

/** The last day (YYYY-MM-DD) an expiry date still counts as "soon", seen from `today`. */
export function staffExpirySoonEnd(today: string): string {
  return addDays(today, STAFF_EXPIRY_SOON_DAYS);
}

/** The expiry state of an account with expiry date `expiresOn` (YYYY-MM-DD or none) on `today`. */
export function staffExpiryOf(expiresOn: string | null | undefined, today: string): StaffExpiry {
  if (!expiresOn) return 'active';
  if (expiresOn < today) return 'expired';
  return expiresOn <= staffExpirySoonEnd(today) ? 'expiresSoon' : 'active';
}
