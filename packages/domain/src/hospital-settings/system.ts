/**
 * Hospital settings of the system area (issue 4): hospital information and the HIS/LIS interface,
 * file storage, the printed report title, system settings (§7 "System settings"), item display units
 * and the password policy. Request bodies refuse unknown fields and never coerce; errors are message
 * keys of `i18n/messages.ts`.
 */
import { z } from 'zod';
import { PASSWORD_POLICY_LENGTH } from '../constants';
import type { MessageKey } from '../i18n/messages';
import {
  charCount,
  isBlank,
  lengthIn,
  numberIn,
  optionalText,
  requiredEnum,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from '../rules/common';
import { SETTING_LIMITS, serverPortSchema } from '../rules/settings';

/** A switch: true or false, nothing else ("true" and 1 are refused). */
export const switchValueSchema = z.boolean({ error: 'settings.system.switchRequired' });

/** Body of a single on/off setting: `{ value }`. */
export const switchSettingSchema = z.strictObject({ value: switchValueSchema });
export type SwitchSettingInput = z.infer<typeof switchSettingSchema>;

// ---------- HIS / LIS interface ----------

/** Network ports a TCP service can listen on (0 is not one). */
export const NETWORK_PORT_RANGE = { min: 1, max: 65_535 } as const;
const HOST_NAME_MAX = 253;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A host name (RFC 1123 labels), an IPv4 address or an IPv6 address: what the HL7 client connects to.
 * A URL (`http://...`), a path, a port suffix or spaces are not addresses.
 */
export function isHostAddress(text: string): boolean {
  if (z.ipv4().safeParse(text).success || z.ipv6().safeParse(text).success) return true;
  if (text.length > HOST_NAME_MAX) return false;
  const labels = text.split('.');
  if (!labels.every((label) => HOST_LABEL.test(label))) return false;
  // an all-digit last label is a mistyped IPv4 address (999.1.1.1), never a top-level domain
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** The HIS server address, when given: a host name, IPv4 or IPv6 address (§8 "Incorrect address format"). */
export const hisAddressSchema = optionalText()
  .check((ctx) => {
    if (ctx.value !== '' && !isHostAddress(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'settings.his.addressInvalid' });
    }
  })
  .nullish();

/**
 * The HIS server port: §5 "an integer of 1-6 digits" ({@link serverPortSchema}, as text or a number),
 * and a network port (1-65535) since a TCP connection is made to it.
 */
export const hisPortSchema = serverPortSchema.check((ctx) => {
  const port = Number(ctx.value);
  if (port < NETWORK_PORT_RANGE.min || port > NETWORK_PORT_RANGE.max) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: 'settings.his.portRange',
      minimum: NETWORK_PORT_RANGE.min,
      maximum: NETWORK_PORT_RANGE.max,
    } as z.core.$ZodRawIssue);
  }
});

/** {@link hisPortSchema} that may be absent, null or empty (the service may be off). */
export const optionalHisPortSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .check((ctx) => {
    if (isBlank(ctx.value)) return;
    const result = hisPortSchema.safeParse(ctx.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.issues.push({ ...issue, input: ctx.value } as z.core.$ZodRawIssue);
      }
    }
  });

/**
 * POST /v1/his: the HIS/LIS interface server and the HL7 service switch, as the earlier generation
 * sent it: `{ address: { address, port }, enable }`. Switching the service on needs both.
 */
export const hisSettingSchema = z
  .strictObject({
    address: z
      .strictObject({
        address: hisAddressSchema,
        port: optionalHisPortSchema,
      })
      .nullish(),
    /** issue 21: the port this system's HL7 listener takes messages on (none: no inbound listener) */
    listenPort: optionalHisPortSchema,
    enable: switchValueSchema,
  })
  .superRefine((body, ctx) => {
    if (body.enable !== true) return;
    if (isBlank(body.address?.address)) {
      ctx.addIssue({ code: 'custom', path: ['address', 'address'], message: 'settings.his.addressRequired' });
    }
    if (isBlank(body.address?.port)) {
      ctx.addIssue({ code: 'custom', path: ['address', 'port'], message: 'settings.his.portRequired' });
    }
  }, whenFieldsValid('enable'));
export type HisSettingInput = z.infer<typeof hisSettingSchema>;

/** The stored HIS interface: address and port (a number) may be empty while the service is off. */
export interface HisSetting {
  address: { address: string | null; port: number | null };
  /** the HL7 listener's port (absent in settings saved before issue 21) */
  listenPort?: number | null;
  enable: boolean;
}

/** The stored form of a valid body: blanks become null, a port given as text becomes its number. */
export function hisSettingOf(input: HisSettingInput): HisSetting {
  const address = input.address?.address?.trim();
  const port = input.address?.port;
  return {
    address: { address: address ? address : null, port: isBlank(port) ? null : Number(port) },
    listenPort: isBlank(input.listenPort) ? null : Number(input.listenPort),
    enable: input.enable,
  };
}

// ---------- file storage ----------

export const FILE_STORAGE_MAX_LENGTH = 255;
const CONTROL_CHARACTERS = /\p{Cc}/u;

function fileStorageProblem(location: string): MessageKey | null {
  if (CONTROL_CHARACTERS.test(location)) return 'settings.fileStorage.controlCharacters';
  if (location.split(/[/\\]/).includes('..')) return 'settings.fileStorage.parentSegment';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(location)) {
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      return 'settings.fileStorage.url';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'settings.fileStorage.url';
    if (!/^https?:\/\/[^/?#]/i.test(location) || !url.hostname) return 'settings.fileStorage.url';
    if (url.username || url.password) return 'settings.fileStorage.credentials';
    return null;
  }
  if (!location.startsWith('/') || location.startsWith('//')) return 'settings.fileStorage.relative';
  return null;
}

/**
 * Where exported and printed files are kept (§3 "file path"): an absolute server path (`/data/...`)
 * or an http(s) URL of a file server. Relative paths, `..` segments, control characters and URLs
 * carrying credentials are refused, each with its own message.
 */
export const fileStorageLocationSchema = requiredText('settings.fileStorage.required').check((ctx) => {
  if (charCount(ctx.value) > FILE_STORAGE_MAX_LENGTH) {
    ctx.issues.push({
      code: 'too_big',
      origin: 'string',
      maximum: FILE_STORAGE_MAX_LENGTH,
      inclusive: true,
      input: ctx.value,
      message: 'settings.fileStorage.length',
    } as z.core.$ZodRawIssue);
    return;
  }
  const problem = fileStorageProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
});

/** POST /v1/systemSetting/fileStorage */
export const fileStorageSchema = z.strictObject({ path: fileStorageLocationSchema });
export type FileStorageInput = z.infer<typeof fileStorageSchema>;

// ---------- printed report title ----------

export const REPORT_TITLE_LIMITS = {
  title: SETTING_LIMITS.hospitalName,
  subtitle: { min: 0, max: 50 },
} as const;

/** POST /v1/systemSetting/reportTitleValue: the heading of printed reports (title 2-50, subtitle ≤ 50). */
export const reportTitleSchema = z.strictObject({
  title: requiredText('settings.reportTitle.required').check(
    lengthIn(REPORT_TITLE_LIMITS.title, 'settings.reportTitle.length'),
  ),
  subtitle: optionalText()
    .check(lengthIn(REPORT_TITLE_LIMITS.subtitle, 'settings.reportTitle.subtitleLength'))
    .nullish(),
});
export type ReportTitleInput = z.infer<typeof reportTitleSchema>;

// ---------- period display strategy ----------

/**
 * How the day × period glucose grid shows its columns: `all` enabled periods, or only the periods
 * `measured` in the range shown.
 */
export const PERIOD_SHOW_STRATEGIES = ['all', 'measured'] as const;
export type PeriodShowStrategy = (typeof PERIOD_SHOW_STRATEGIES)[number];
export const DEFAULT_PERIOD_SHOW_STRATEGY: PeriodShowStrategy = 'all';

/** POST /v1/systemSetting/gluStandardPeriodShowStragety */
export const periodShowStrategySchema = z.strictObject({
  value: requiredEnum(
    PERIOD_SHOW_STRATEGIES,
    'settings.periodStrategy.required',
    'settings.periodStrategy.invalid',
  ),
});

// ---------- feature switches ----------

/** The product's feature switches with their defaults; names and descriptions are messages. */
export const FEATURE_SWITCHES = [
  { key: 'recordApproval', defaultValue: true },
  { key: 'criticalAlert', defaultValue: true },
  { key: 'autoConsultation', defaultValue: false },
  { key: 'virtualWard', defaultValue: true },
] as const;
export type FeatureKey = (typeof FEATURE_SWITCHES)[number]['key'];
export const FEATURE_KEYS = FEATURE_SWITCHES.map((feature) => feature.key) as [FeatureKey, ...FeatureKey[]];

export const featureNameKey = (key: FeatureKey): MessageKey => `settings.feature.${key}.name`;
export const featureDescriptionKey = (key: FeatureKey): MessageKey => `settings.feature.${key}.description`;

const featureKeySchema = requiredEnum(
  FEATURE_KEYS,
  'settings.feature.keyRequired',
  'settings.feature.unknown',
);

/** GET /v1/systemSetting/enable?key= (key optional: without it, every switch) */
export const featureQuerySchema = z.strictObject({ key: featureKeySchema.optional() });

/** POST /v1/systemSetting/enable */
export const featureSwitchSchema = z.strictObject({ key: featureKeySchema, value: switchValueSchema });
export type FeatureSwitchInput = z.infer<typeof featureSwitchSchema>;

// ---------- item display units ----------

/** Measurement items whose display unit a hospital chooses. */
export const DISPLAY_ITEMS = ['GLU', 'KET', 'UA'] as const;
export type DisplayItem = (typeof DISPLAY_ITEMS)[number];

export interface DisplayUnit {
  /** the unit's code (`mmolL`, `mgDl`, `umolL`) */
  code: string;
  /** how the unit is written on screen */
  name: string;
  /** the name stored on the `units` row; a GLU row named `mgDl` is what sessions read as mg/dL (§3) */
  rowName: string;
  /** decimals shown (§5 Other: 0 for mg/dL glucose, 1 for mmol/L glucose; 2 for ketone; 0 for µmol/L) */
  precision: number;
}

/**
 * The units each item can be shown in, the storage unit first (its default). Uric acid in mg/dL keeps
 * one decimal: its values (2-8 mg/dL) would lose their meaning as whole numbers.
 */
export const ITEM_DISPLAY_UNITS: Record<DisplayItem, readonly [DisplayUnit, ...DisplayUnit[]]> = {
  GLU: [
    { code: 'mmolL', name: 'mmol/L', rowName: 'mmol/L', precision: 1 },
    { code: 'mgDl', name: 'mg/dL', rowName: 'mgDl', precision: 0 },
  ],
  KET: [{ code: 'mmolL', name: 'mmol/L', rowName: 'mmol/L', precision: 2 }],
  UA: [
    { code: 'umolL', name: 'μmol/L', rowName: 'μmol/L', precision: 0 },
    { code: 'mgDl', name: 'mg/dL', rowName: 'mg/dL', precision: 1 },
  ],
};

/** The supported unit of an item with this code (case as stored), if any. */
export function displayUnitOf(item: DisplayItem, code: string | null | undefined): DisplayUnit | undefined {
  return ITEM_DISPLAY_UNITS[item].find((unit) => unit.code === code);
}

const displayItemSchema = requiredEnum(
  DISPLAY_ITEMS,
  'settings.itemDisplay.itemRequired',
  'settings.itemDisplay.itemInvalid',
);

/** GET /v1/itemDisplay/supportUnits and /v1/itemDisplay/setting: `?item=` */
export const displayItemQuerySchema = z.strictObject({ item: displayItemSchema });

/** POST /v1/itemDisplay/setting: the unit must be one the item supports. */
export const itemDisplaySchema = z
  .strictObject({
    item: displayItemSchema,
    unit: requiredText('settings.itemDisplay.unitRequired'),
  })
  .superRefine(
    (body, ctx) => {
      if (!displayUnitOf(body.item, body.unit)) {
        ctx.addIssue({ code: 'custom', path: ['unit'], message: 'settings.itemDisplay.unitUnsupported' });
      }
    },
    whenFieldsValid('item', 'unit'),
  );
export type ItemDisplayInput = z.infer<typeof itemDisplaySchema>;

// ---------- password policy ----------

export { PASSWORD_POLICY_LENGTH };
/** Password validity in months; 0 = never expires. */
export const PASSWORD_EXPIRY_MONTHS = { min: 0, max: 120 } as const;

const passwordLength = (requiredKey: MessageKey) =>
  requiredNumber(requiredKey).check(
    numberIn(PASSWORD_POLICY_LENGTH, 'settings.password.length.range', { integer: true }),
  );

/** POST /v1/systemSetting/password/passwordLengh: 6 ≤ min ≤ max ≤ 32, whole numbers. */
export const passwordLengthSchema = z
  .strictObject({
    minLength: passwordLength('settings.password.minLength.required'),
    maxLength: passwordLength('settings.password.maxLength.required'),
  })
  .superRefine(
    (body, ctx) => {
      if (body.minLength > body.maxLength) {
        ctx.addIssue({ code: 'custom', path: ['minLength'], message: 'settings.password.length.order' });
      }
    },
    whenFieldsValid('minLength', 'maxLength'),
  );
export type PasswordLengthInput = z.infer<typeof passwordLengthSchema>;

/** POST /v1/systemSetting/password/expiryMonth: whole months 0-120 (0 = never expires). */
export const passwordExpirySchema = z.strictObject({
  value: requiredNumber('settings.password.expiry.required').check(
    numberIn(PASSWORD_EXPIRY_MONTHS, 'settings.password.expiry.range', { integer: true }),
  ),
});
