/**
 * The hospital's time zone the formatters of format.ts read instants in: a module of its own so the
 * session can set it without loading the formatters (and the domain rules they use) with the login page.
 */

/** The browser's zone: the clock until the session has told the hospital's (a sign-in page has none). */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let zone = browserZone();

/** The hospital's IANA time zone the formatters read instants in. */
export function hospitalZone(): string {
  return zone;
}

/** Sets the hospital's zone (from the session); an unknown zone keeps the previous one. */
export function setHospitalZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    zone = timeZone;
  } catch {
    // a zone this browser does not know: the setting's own validation keeps such names out
  }
}
