import { isDateRangeValid } from '@glucocare/domain/helpers';
import dayjs, { type Dayjs } from 'dayjs';
import type { AuditFilter } from '../../api/admin';
import { hospitalDayBounds, hospitalNow } from '../../components/format';

/** Actions the audit log knows (docs/api.md "Audit"), in the order the action filter lists them. */
export const AUDIT_ACTIONS = [
  'login',
  'loginHis',
  'login.failed',
  'loginHis.failed',
  'login.passwordChangeRequired',
  'lockout',
  'logout',
  'password.change',
  'password.reset',
  'unlock',
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'authority',
  'scope',
  'admit',
  'transfer',
  'discharge',
  'readmit',
  'registerOutpatient',
  'admitOutpatient',
  'restore',
  'approve',
  'dataCorrect',
  'dataDelete',
  'dataRestore',
  'upload',
  'share',
  'lookup',
  'lookup.outOfScope',
  'escalate',
] as const;

/** Tag colours of the actions; unknown ones are grey. */
export const AUDIT_ACTION_COLORS: Record<string, string> = {
  login: 'green',
  loginHis: 'green',
  logout: 'default',
  'login.failed': 'red',
  'loginHis.failed': 'red',
  lockout: 'volcano',
  'login.passwordChangeRequired': 'gold',
  'password.change': 'blue',
  'password.reset': 'gold',
  unlock: 'green',
  create: 'cyan',
  update: 'blue',
  delete: 'red',
  enable: 'green',
  disable: 'orange',
  authority: 'purple',
  scope: 'geekblue',
  admit: 'cyan',
  transfer: 'blue',
  discharge: 'orange',
  readmit: 'cyan',
  registerOutpatient: 'cyan',
  admitOutpatient: 'cyan',
  restore: 'green',
  approve: 'green',
  dataCorrect: 'gold',
  dataDelete: 'red',
  dataRestore: 'green',
  upload: 'geekblue',
  share: 'purple',
  'lookup.outOfScope': 'volcano',
  escalate: 'red',
};

/** i18n key of an action: `login.failed` → `audit.actions.loginFailed`. */
export function auditActionKey(action: string): string {
  return `audit.actions.${action.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** A translated name when the catalogue has one, else the raw value (actions of a newer server). */
export function labelOr(
  t: (key: string) => string,
  exists: (key: string) => boolean,
  key: string,
  raw: string,
): string {
  return raw && exists(key) ? t(key) : raw;
}

/** The default period of the search form: the last 7 days, today (the hospital's) included. */
export function defaultAuditRange(now: Dayjs = hospitalNow()): [Dayjs, Dayjs] {
  return [now.subtract(6, 'day').startOf('day'), now.endOf('day')];
}

/** The previous calendar month of the hospital's calendar, its first day to its last ("who changed it last month"). */
export function lastMonthRange(now: Dayjs = hospitalNow()): [Dayjs, Dayjs] {
  const month = now.subtract(1, 'month');
  return [month.startOf('month'), month.endOf('month')];
}

/** What the search form holds (dates as the ProTable formats them, or still as dayjs objects). */
export interface AuditSearchParams {
  range?: readonly (string | Dayjs | null | undefined)[] | null;
  actorName?: string;
  action?: string;
  entity?: string;
  patientId?: string | number;
}

export type AuditFilterProblem = 'dateOrder' | 'patientId';

/** Patient ids as the API accepts them: 1-15 digits. */
export const PATIENT_ID_PATTERN = /^\d{1,15}$/;

function dayOf(value: string | Dayjs | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/**
 * The API filter of a search: the range's first day from 00:00 and its last day to 23:59:59.999 on the
 * hospital's clock (the days picked are the hospital's days, whatever the browser's zone). `problem`
 * says why it must not be sent (begin after end, a malformed patient id).
 */
export function auditFilterOf(params: AuditSearchParams): {
  filter: AuditFilter;
  problem: AuditFilterProblem | null;
} {
  const begin = dayOf(params.range?.[0]);
  const end = dayOf(params.range?.[1]);
  const beginDate = begin ? hospitalDayBounds(begin.format('YYYY-MM-DD')).start : undefined;
  const endDate = end ? hospitalDayBounds(end.format('YYYY-MM-DD')).end : undefined;
  const patientId = params.patientId === undefined ? '' : String(params.patientId).trim();
  const filter: AuditFilter = {
    actorName: params.actorName?.trim() || undefined,
    action: params.action || undefined,
    entity: params.entity || undefined,
    patientId: patientId || undefined,
    beginDate,
    endDate,
  };
  let problem: AuditFilterProblem | null = null;
  if (!isDateRangeValid(beginDate, endDate)) problem = 'dateOrder';
  else if (patientId && !PATIENT_ID_PATTERN.test(patientId)) problem = 'patientId';
  return { filter, problem };
}

// ---------- before / after ----------

export type DiffStatus = 'same' | 'changed' | 'added' | 'removed';

/** One line of the before/after comparison. */
export interface DiffRow {
  /** unique path from the top (`roles.0.name` style), for React keys */
  path: string;
  /** the key at its depth ('' for a value that is not an object) */
  key: string;
  depth: number;
  status: DiffStatus;
  hasBefore: boolean;
  hasAfter: boolean;
  /** the values; undefined when that side lacks the key */
  before: unknown;
  after: unknown;
  /** both sides are objects that differ: their keys follow as rows one level deeper */
  nested: boolean;
}

/** Deepest level the comparison opens objects; deeper values show whole. */
export const MAX_DIFF_DEPTH = 4;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as stored, with JSON text holding an object or array read as that object or array. */
export function parseJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!/^[[{]/.test(text)) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
    const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
    if (leftKeys.length !== rightKeys.length) return false;
    return leftKeys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
  }
  return false;
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined;
}

function diffObjects(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  wholeBefore: boolean,
  wholeAfter: boolean,
  depth: number,
  prefix: string,
  rows: DiffRow[],
): void {
  // alphabetical: stored JSON (jsonb) keeps no meaningful key order of its own
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((left, right) =>
    left.localeCompare(right, 'en', { sensitivity: 'base' }),
  );
  for (const key of keys) {
    const hasBefore = wholeBefore && Object.hasOwn(before, key) && before[key] !== undefined;
    const hasAfter = wholeAfter && Object.hasOwn(after, key) && after[key] !== undefined;
    if (!hasBefore && !hasAfter) continue;
    const left = hasBefore ? parseJsonValue(before[key]) : undefined;
    const right = hasAfter ? parseJsonValue(after[key]) : undefined;
    const path = prefix ? `${prefix}.${key}` : key;
    const status: DiffStatus =
      hasBefore && hasAfter ? (jsonEqual(left, right) ? 'same' : 'changed') : hasBefore ? 'removed' : 'added';
    const nested =
      status === 'changed' && depth + 1 < MAX_DIFF_DEPTH && isPlainObject(left) && isPlainObject(right);
    rows.push({ path, key, depth, status, hasBefore, hasAfter, before: left, after: right, nested });
    if (nested) diffObjects(left, right, true, true, depth + 1, path, rows);
  }
}

/**
 * The before/after values of an audit row as comparison lines: one per key of either side in
 * alphabetical order (objects that differ on both sides open into their keys, listed under them), with
 * whether it changed, appeared or went away.
 * Values that are not objects compare as one line with an empty key. Neither side: no lines.
 */
export function diffAuditValues(beforeRaw: unknown, afterRaw: unknown): DiffRow[] {
  const before = parseJsonValue(beforeRaw);
  const after = parseJsonValue(afterRaw);
  const hasBefore = !isMissing(before);
  const hasAfter = !isMissing(after);
  if (!hasBefore && !hasAfter) return [];
  const objectLike = (hasBefore ? isPlainObject(before) : true) && (hasAfter ? isPlainObject(after) : true);
  if (objectLike) {
    const rows: DiffRow[] = [];
    diffObjects(
      (hasBefore ? before : {}) as Record<string, unknown>,
      (hasAfter ? after : {}) as Record<string, unknown>,
      hasBefore,
      hasAfter,
      0,
      '',
      rows,
    );
    return rows;
  }
  const status: DiffStatus =
    hasBefore && hasAfter ? (jsonEqual(before, after) ? 'same' : 'changed') : hasBefore ? 'removed' : 'added';
  return [
    {
      path: '',
      key: '',
      depth: 0,
      status,
      hasBefore,
      hasAfter,
      before: hasBefore ? before : undefined,
      after: hasAfter ? after : undefined,
      nested: false,
    },
  ];
}

/** Lines that differ, not counting the object lines whose keys are listed below them. */
export function changedLeafCount(rows: readonly DiffRow[]): number {
  return rows.filter((row) => row.status !== 'same' && !row.nested).length;
}

/** The lines to show when only changes are wanted: the differing ones. */
export function onlyChanges(rows: readonly DiffRow[]): DiffRow[] {
  return rows.filter((row) => row.status !== 'same');
}

/** Excel's limit of characters in a cell. */
export const EXCEL_CELL_LIMIT = 32_767;

/** A value as one line of JSON for a spreadsheet cell ('' when absent), cut to what a cell holds. */
export function compactJson(value: unknown, limit = EXCEL_CELL_LIMIT): string {
  const parsed = parseJsonValue(value);
  if (parsed === null || parsed === undefined) return '';
  const text = typeof parsed === 'string' ? parsed : (JSON.stringify(parsed) ?? String(parsed));
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** A value as indented JSON for reading (strings as they are). */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** Whether a value reads well on one line (scalars, short lists of scalars). */
export function isInlineValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    return (
      value.every((item) => item === null || typeof item !== 'object') && JSON.stringify(value).length <= 60
    );
  }
  return Object.keys(value).length === 0;
}
