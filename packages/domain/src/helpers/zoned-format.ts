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

/**
 * Calendar dates already worked out, per zone and quarter hour of UTC: every zone's offset is a whole
 * number of quarter hours (and so are its changes) since the last local mean times were given up in
 * the 1970s, so a day never begins inside a quarter hour; the dashboard asks for the date of every
 * reading of every patient. Instants before 2000 are formatted directly. Bounded, then started afresh.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const CACHED_FROM_MS = Date.UTC(2000, 0, 1);
const dateCache = new Map<string, Map<number, string>>();
const DATE_CACHE_LIMIT = 50_000;

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function calendarDate(at: Date | number | string, timeZone: string): string {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!(ms >= CACHED_FROM_MS)) return formatDate(new Date(ms), timeZone);
  let dates = dateCache.get(timeZone);
  if (!dates) {
    dates = new Map();
    dateCache.set(timeZone, dates);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let date = dates.get(quarter);
  if (date === undefined) {
    if (dates.size >= DATE_CACHE_LIMIT) dates.clear();
    date = formatDate(new Date(ms), timeZone);
    dates.set(quarter, date);
  }
  return date;
}

function formatDate(at: Date, timeZone: string): string {
  return zonedFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const minuteCache = new Map<string, Map<number, number>>();

/**
 * Minutes since local midnight (0-1439) of an instant in an IANA time zone: the wall clock a chart of
 * the day places a reading at. Cached per zone and UTC quarter hour like {@link calendarDate} (a zone's
 * offset is a whole number of quarter hours, so within a quarter hour the local clock runs with UTC).
 */
export function localMinuteOfDay(at: Date | number | string, timeZone: string): number {
  const ms = typeof at === 'number' ? at : new Date(at).getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let minutes = minuteCache.get(timeZone);
  if (!minutes) {
    minutes = new Map();
    minuteCache.set(timeZone, minutes);
  }
  let quarterStart = minutes.get(quarter);
  if (quarterStart === undefined) {
    if (minutes.size >= DATE_CACHE_LIMIT) minutes.clear();
    const parts = zonedFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(quarter * QUARTER_HOUR_MS);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    quarterStart = (part('hour') % 24) * 60 + part('minute');
    minutes.set(quarter, quarterStart);
  }
  return quarterStart + Math.floor((ms - quarter * QUARTER_HOUR_MS) / 60_000);
}
