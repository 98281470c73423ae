/**
 * Intl.DateTimeFormat objects are costly to build (tens of microseconds) and the clinical code asks
 * for the same few per reading: they are kept per locale, zone and options.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function calendarDate(at: Date | string, timeZone: string): string {
  return zonedFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    typeof at === 'string' ? new Date(at) : at,
  );
}
