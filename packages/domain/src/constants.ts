/**
 * Business constants and limits of §9 (and the field lengths of §5 they repeat). Lengths are counted
 * in characters and are inclusive: `{ min: 2, max: 12 }` accepts 2 to 12 characters.
 */

/** An inclusive length (or count) range. */
export interface LengthLimit {
  readonly min: number;
  readonly max: number;
}

/** Window width the layout is designed for; the root font scales relative to it (§9, §2 Layout). */
export const DESIGN_WIDTH = 1920;
/** Largest factor the root font may be scaled by (§9 "max scale 2"). */
export const MAX_FONT_SCALE = 2;
/** Root font size at the design width, in px (§9 "base font 16px"). */
export const BASE_FONT_SIZE = 16;
/** Smallest root font size in px; not in the spec — a floor so that text on small phones stays readable. */
export const MIN_FONT_SIZE = 12;

/**
 * Root font size in px for a window width (§2 Layout, §9): 16 × width / 1920, at most 2 × 16 = 32 and
 * never below 12 (our floor: at 16 × 375 / 1920 ≈ 3 px a phone would be unreadable). NaN gives 16.
 */
export function rootFontSize(windowWidth: number): number {
  if (Number.isNaN(windowWidth)) return BASE_FONT_SIZE;
  const scaled = (BASE_FONT_SIZE * windowWidth) / DESIGN_WIDTH;
  return Math.min(BASE_FONT_SIZE * MAX_FONT_SCALE, Math.max(MIN_FONT_SIZE, scaled));
}

/** Sidebar width in px (§2 Layout, §9). */
export const SIDEBAR_WIDTH = 210;
/** Below this window width in px the layout is mobile (§2 Layout, §9). */
export const MOBILE_BREAKPOINT = 992;
/** Timeout of every HTTP call in ms (§9 "HTTP timeout 30 seconds"). */
export const HTTP_TIMEOUT_MS = 30_000;
/** Default component size (§9 "Default size is medium"); 'middle' is antd's name for medium. */
export const DEFAULT_SIZE = 'middle';

/** Smallest table height in px (§9). */
export const MIN_TABLE_HEIGHT = 200;
/** Space in px kept below a table for the pager and margins (§9 "minus 70"). */
export const TABLE_HEIGHT_OFFSET = 70;

/**
 * Table height in px (§9): window height minus the table's top minus 70, at least 200. Input that is
 * not a number gives 200.
 */
export function tableHeight(windowHeight: number, elementTop: number): number {
  const height = windowHeight - elementTop - TABLE_HEIGHT_OFFSET;
  return Number.isNaN(height) ? MIN_TABLE_HEIGHT : Math.max(MIN_TABLE_HEIGHT, height);
}

/**
 * Password length of the default policy and when the server sends no policy. The spec's §5/§9 said
 * 6-12; the operations review (issue 22) raised it to 8-32: short maxima push people to weak, reused
 * passwords, and 8 is the least NIST SP 800-63B accepts. Still server-configurable (PASSWORD_POLICY_LENGTH).
 */
export const PASSWORD_LENGTH_DEFAULT = { min: 8, max: 32 } as const satisfies LengthLimit;

/**
 * Login form lengths (§5 Login, §9): username 2-12 (after trimming), organisation code 3-8, password
 * 6-32: the hospital's policy may allow anything in PASSWORD_POLICY_LENGTH, and the login form must
 * accept every password the policy allows (RSA transport carries up to 128 bytes).
 */
/** What an administrator may set as password lengths (§5 "Password change"), in characters. */
export const PASSWORD_POLICY_LENGTH = { min: 6, max: 32 } as const satisfies LengthLimit;

export const LOGIN_LIMITS = {
  userName: { min: 2, max: 12 },
  tenant: { min: 3, max: 8 },
  password: PASSWORD_POLICY_LENGTH,
} as const satisfies Record<string, LengthLimit>;

/** Field lengths of §9 (repeated in §5 Patient, Orders, Other, QC, Settings). */
export const FIELD_LIMITS = {
  orderName: { min: 2, max: 40 },
  templateName: { min: 3, max: 40 },
  departmentName: { min: 2, max: 18 },
  hospitalName: { min: 2, max: 50 },
  idCard: { min: 15, max: 18 },
  wristband: { min: 3, max: 32 },
  inpatientNumber: { min: 4, max: 18 },
  bed: { min: 1, max: 12 },
  /** "SN exactly 11" */
  analyzerSn: { min: 11, max: 11 },
  lot: { min: 6, max: 18 },
  deviceType: { min: 3, max: 32 },
} as const satisfies Record<string, LengthLimit>;

/** Largest upload in bytes (§5 Other, §9 "Upload limit 2MB"). */
export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;

/** Control-solution levels of quality control (§5 QC, §9 "Control solution levels 0-2"). */
export const CONTROL_LEVELS = [0, 1, 2] as const;
/** Day spans a trend chart offers (§9). */
export const TREND_DAY_OPTIONS = [3, 7, 14] as const;
/** Segments a day is split into on charts (§9 "1, 6 or 24 segments"). */
export const CHART_SEGMENT_OPTIONS = [1, 6, 24] as const;

/** Glucose fluctuation indices are normal below these values, in mmol/L (§9 "Normal references"). */
export const FLUCTUATION_REFERENCES = { ppge: 2.2, lage: 4.4, sdbg: 2.0 } as const;

/** Order types, in the spec's order (§9): 24-hour, long-term, temporary. */
export const ORDER_TYPES = ['24h', 'longTerm', 'temporary'] as const;
/** Order states (medical and medication orders, issue 17): active → stopped. */
export const ORDER_STATUSES = ['active', 'stopped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Meal periods of a glucose reading, in the day's order (§9). */
export const MEAL_PERIODS = [
  'earlyMorning',
  'fasting',
  'afterBreakfast',
  'beforeLunch',
  'afterLunch',
  'beforeDinner',
  'afterDinner',
  'beforeSleep',
] as const;

/** Sorting options of record lists (§9): last, earliest, all descending, all ascending. */
export const SORT_OPTIONS = ['last', 'earliest', 'allDesc', 'allAsc'] as const;

/** Organisation code used when none is given. */
export const DEFAULT_TENANT = '101';
/** Name of the cookie that holds the session token. */
export const TOKEN_COOKIE = 'acon_credentials_key';

/** Routes reachable without login (§2 Routes). */
export const PUBLIC_ROUTES = [
  '/login',
  '/appointment',
  '/trend',
  '/record',
  '/ward/record',
  '/record/inspect',
  '/record/ket',
  // issue 16: the printable glucose–insulin linked chart (not in the spec's route list)
  '/record/linked',
  '/signlogin',
  '/bigcharts/old',
  '/bigcharts/yy',
  '/bigcharts',
  '/bigcharts/screen',
  '/task/test',
] as const;

const PUBLIC_ROUTE_SET: ReadonlySet<string> = new Set(PUBLIC_ROUTES);

/**
 * §2 Navigation rules "With no token, a public route is allowed": whether `path` is one of
 * {@link PUBLIC_ROUTES}. The query and hash are ignored and trailing slashes tolerated ("/login/?x=1"
 * is public); otherwise the match is exact and case-sensitive, so "/LOGIN" or "/record/1" are not.
 */
export function isPublicRoute(path: string): boolean {
  if (typeof path !== 'string') return false;
  const bare = path.replace(/[?#].*$/s, '');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return PUBLIC_ROUTE_SET.has(trimmed);
}

/**
 * glucose (/record), ketone (/record/ket), inspection (/record/inspect), ward (/ward/record), trend
 * (/trend), and the glucose–insulin linked chart (/record/linked, issue 16)
 */
export const RECORD_SCREENS = ['glucose', 'ketone', 'inspect', 'ward', 'trend', 'linked'] as const;
export type RecordScreen = (typeof RECORD_SCREENS)[number];

/** The web route of each screen (public to the router only). */
export const RECORD_SCREEN_PATHS: Record<RecordScreen, string> = {
  glucose: '/record',
  ketone: '/record/ket',
  inspect: '/record/inspect',
  ward: '/ward/record',
  trend: '/trend',
  linked: '/record/linked',
};

/** The screen a route path shows, or null for any other path. */
export function recordScreenOfPath(path: string): RecordScreen | null {
  const bare = path.replace(/[?#].*$/s, '').replace(/(.)\/+$/, '$1');
  const found = RECORD_SCREENS.find((screen) => RECORD_SCREEN_PATHS[screen] === bare);
  return found ?? null;
}
