import {
  auditEntityName,
  auditReasonText,
  auditSettingName,
  auditUserSettingName,
  isMessageKey,
  type Lang,
  REFUSAL_REASON_DICT,
  REJECT_REASON_DICT,
  translate,
  UNTESTED_REASON_DICT,
} from '@glucocare/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type auditLog,
  departments,
  dictEntries,
  glucosePeriods,
  menus,
  patients,
  roles,
  users,
} from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;
type Snapshot = Record<string, unknown>;

const isObject = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * The name a snapshot carries, in the viewer's language where it has both (`nameEn`/`nameZh`,
 * `labelEn`/`labelZh`, `name`/`nameEn`, `tag`/`tagEn`). Staff read as "name (login)".
 */
export function snapshotName(value: unknown, lang: Lang): string | null {
  if (!isObject(value)) return null;
  const nick = text(value.nickName);
  const login = text(value.userName);
  if (nick && login) return `${nick} (${login})`;
  const english = [value.nameEn, value.labelEn, value.tagEn];
  const chinese = [value.nameZh, value.labelZh];
  // `name` and a patient tag's `tag` are the Chinese names of the bilingual catalogues (or the only one)
  const neutral = [value.name, value.tag];
  const ordered =
    lang === 'en-US' ? [...english, ...neutral, ...chinese] : [...chinese, ...neutral, ...english];
  for (const candidate of [...ordered, nick, login, value.title, value.patientName, value.code]) {
    const found = text(candidate);
    if (found) return found;
  }
  return null;
}

/** What the page of rows needs from other tables, read once per page with `IN` lists. */
interface Lookups {
  users: Map<number, string>;
  roles: Map<number, string>;
  patients: Map<number, string>;
  periods: Map<string, string>;
  departments: Map<string, string>;
  menus: Map<number, { path: string; code: string | null }>;
  dict: Map<string, string>;
}

const numericIds = (rows: AuditRow[], kinds: string[]) => [
  ...new Set(
    rows
      .filter((row) => kinds.includes(row.entity) && row.entityId && /^\d{1,15}$/.test(row.entityId))
      .map((row) => Number(row.entityId)),
  ),
];

const menuIdsOf = (value: unknown): number[] =>
  isObject(value) && Array.isArray(value.menuIds)
    ? value.menuIds.filter((id): id is number => typeof id === 'number')
    : [];

const snapshots = (rows: AuditRow[]) => rows.flatMap((row) => [row.before, row.after]).filter(isObject);

async function readLookups(db: DbOrTx, tenantId: string, rows: AuditRow[], lang: Lang): Promise<Lookups> {
  const en = lang === 'en-US';
  const userIds = numericIds(rows, ['user']);
  const roleIds = numericIds(rows, ['role']);
  const patientIds = [...new Set(rows.map((row) => row.patientId).filter((id): id is number => id != null))];
  const ruleSnapshots = rows
    .filter((row) => row.entity === 'crisisRule')
    .flatMap((row) => [row.before, row.after])
    .filter(isObject);
  const periodCodes = [
    ...new Set(
      [...ruleSnapshots, ...snapshots(rows.filter((row) => row.entity === 'measurement'))]
        .map((s) => text(s.periodCode))
        .filter((code): code is string => !!code),
    ),
  ];
  const departmentCodes = [
    ...new Set(ruleSnapshots.map((s) => text(s.departmentCode)).filter((code): code is string => !!code)),
  ];
  const menuIds = [
    ...new Set(
      rows
        .filter((row) => row.action === 'authority')
        .flatMap((row) => [...menuIdsOf(row.before), ...menuIdsOf(row.after)]),
    ),
  ];
  const readings = snapshots(rows.filter((row) => row.entity === 'measurement'));
  const dictCodes = [
    ...new Set(
      readings
        .flatMap((s) => READING_REASONS.map(([field]) => text(s[field])))
        .filter((c): c is string => !!c),
    ),
  ];
  const [userRows, roleRows, patientRows, periodRows, departmentRows, menuRows, dictRows] = await Promise.all(
    [
      userIds.length
        ? db
            .select({ id: users.id, nickName: users.nickName, userName: users.userName })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)))
        : [],
      roleIds.length
        ? db
            .select({ id: roles.id, name: roles.name, nameEn: roles.nameEn })
            .from(roles)
            .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds)))
        : [],
      patientIds.length
        ? db
            .select({ id: patients.id, name: patients.name })
            .from(patients)
            .where(and(eq(patients.tenantId, tenantId), inArray(patients.id, patientIds)))
        : [],
      periodCodes.length
        ? db
            .select({
              code: glucosePeriods.code,
              nameZh: glucosePeriods.nameZh,
              nameEn: glucosePeriods.nameEn,
            })
            .from(glucosePeriods)
            .where(and(eq(glucosePeriods.tenantId, tenantId), inArray(glucosePeriods.code, periodCodes)))
        : [],
      departmentCodes.length
        ? db
            .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
            .from(departments)
            .where(and(eq(departments.tenantId, tenantId), inArray(departments.code, departmentCodes)))
        : [],
      // the whole menu tree: a permission reads with the pages above it
      menuIds.length
        ? db
            .select({
              id: menus.id,
              parentId: menus.parentId,
              labelEn: menus.labelEn,
              labelZh: menus.labelZh,
              permission: menus.permission,
              path: menus.path,
            })
            .from(menus)
            .where(eq(menus.tenantId, tenantId))
        : [],
      dictCodes.length
        ? db
            .select({
              type: dictEntries.type,
              code: dictEntries.code,
              nameZh: dictEntries.nameZh,
              nameEn: dictEntries.nameEn,
            })
            .from(dictEntries)
            .where(
              and(
                eq(dictEntries.tenantId, tenantId),
                inArray(
                  dictEntries.type,
                  READING_REASONS.map(([, , type]) => type),
                ),
                inArray(dictEntries.code, dictCodes),
              ),
            )
        : [],
    ],
  );
  const menuById = new Map(menuRows.map((menu) => [menu.id, menu]));
  const menuPath = (id: number): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let menu = menuById.get(id); menu && !seen.has(menu.id); menu = menuById.get(menu.parentId ?? -1)) {
      seen.add(menu.id);
      names.unshift(en ? menu.labelEn : menu.labelZh);
    }
    return names.join(' › ');
  };
  return {
    users: new Map(userRows.map((u) => [u.id, `${u.nickName} (${u.userName})`])),
    roles: new Map(roleRows.map((r) => [r.id, en ? (r.nameEn ?? r.name) : r.name])),
    patients: new Map(patientRows.map((p) => [p.id, p.name])),
    periods: new Map(periodRows.map((p) => [p.code, en ? p.nameEn : p.nameZh])),
    departments: new Map(departmentRows.map((d) => [d.code, en ? (d.nameEn ?? d.name) : d.name])),
    menus: new Map(
      menuIds
        .filter((id) => menuById.has(id))
        .map((id) => {
          const menu = menuById.get(id)!;
          return [id, { path: menuPath(id), code: menu.permission ?? menu.path ?? null }];
        }),
    ),
    dict: new Map(dictRows.map((d) => [`${d.type}:${d.code}`, en ? d.nameEn : d.nameZh])),
  };
}

const ITEM_KEYS = { GLU: 'measurements.item.GLU', KET: 'measurements.item.KET', UA: 'measurements.item.UA' };

/** An item code (`GLU`) as people call it, first letter up ("Blood glucose" / "血糖"). */
function itemName(item: unknown, lang: Lang): string | null {
  const code = text(item);
  if (!code) return null;
  const key = ITEM_KEYS[code as keyof typeof ITEM_KEYS];
  if (!key || !isMessageKey(key)) return code;
  const name = translate(lang, key);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A critical-value rule by where it applies: item, then period, department, age bracket. */
function ruleLabel(snapshot: unknown, lookups: Lookups, lang: Lang): string | null {
  if (!isObject(snapshot)) return null;
  const period = text(snapshot.periodCode);
  const department = text(snapshot.departmentCode);
  const parts = [
    itemName(snapshot.item, lang),
    period ? (lookups.periods.get(period) ?? period) : null,
    department ? (lookups.departments.get(department) ?? department) : null,
    snapshot.ageBracketId != null
      ? `${lang === 'en-US' ? 'age bracket' : '年龄段'} #${snapshot.ageBracketId}`
      : null,
  ];
  return parts.filter(Boolean).join(' · ') || null;
}

/** The name of the record a row is about, in the viewer's language; null when nothing names it. */
function labelOf(row: AuditRow, lookups: Lookups, lang: Lang): string | null {
  const id = row.entityId && /^\d{1,15}$/.test(row.entityId) ? Number(row.entityId) : null;
  switch (row.entity) {
    case 'setting':
      return row.entityId ? auditSettingName(row.entityId, lang) : null;
    case 'userSetting':
      return row.entityId ? auditUserSettingName(row.entityId, lang) : null;
    case 'crisisRule':
      return ruleLabel(row.after ?? row.before, lookups, lang);
    case 'role':
      if (row.action === 'authority' && id != null) return lookups.roles.get(id) ?? null;
      break;
    case 'measurement':
    case 'criticalEvent':
    case 'recordLink':
    case 'patientGluEvent':
      return row.patientId != null ? (lookups.patients.get(row.patientId) ?? null) : null;
  }
  const named = snapshotName(row.after, lang) ?? snapshotName(row.before, lang);
  if (named) return named;
  if (row.entity === 'user' && id != null) return lookups.users.get(id) ?? null;
  if (row.entity === 'role' && id != null) return lookups.roles.get(id) ?? null;
  if (row.entity === 'patient' && row.patientId != null) return lookups.patients.get(row.patientId) ?? null;
  return null;
}

/** A permission list as people read it: "Page › Button" → its code, one key each so the diff pairs them. */
function permissionsOf(value: unknown, lookups: Lookups): unknown {
  if (!isObject(value) || !Array.isArray(value.menuIds)) return value;
  const permissions: Record<string, string | null> = {};
  for (const id of menuIdsOf(value)) {
    const menu = lookups.menus.get(id);
    if (menu) permissions[menu.path] = menu.code;
    else permissions[`#${id}`] = null;
  }
  return { permissions };
}

/** A reading's coded reasons: the field, the field of its name, the dictionary. */
const READING_REASONS = [
  ['untestedReason', 'untestedReasonName', UNTESTED_REASON_DICT],
  ['refusalReason', 'refusalReasonName', REFUSAL_REASON_DICT],
  ['rejectReason', 'rejectReasonName', REJECT_REASON_DICT],
] as const;

/** A reading's reason codes and period named in the viewer's language (the stored names are the writer's). */
function readingInLanguage(value: unknown, lookups: Lookups): unknown {
  if (!isObject(value)) return value;
  const copy: Snapshot = { ...value };
  for (const [field, nameField, type] of READING_REASONS) {
    const code = text(value[field]);
    if (code && nameField in value) copy[nameField] = lookups.dict.get(`${type}:${code}`) ?? value[nameField];
  }
  const period = text(value.periodCode);
  if (period && 'periodName' in value) copy.periodName = lookups.periods.get(period) ?? value.periodName;
  return copy;
}

/**
 * Audit rows as the audit page shows them, in the viewer's language: the kind's name, the record's
 * name (`label`), the reason translated when the server wrote it, permissions by name and code, and a
 * reading's coded fields by name. Names are resolved when reading, not stored: every row (old ones
 * included) reads in the language of whoever looks, the snapshot's own name is the one the record had
 * when it changed, and only rows whose snapshot names nothing fall back to the current tables.
 */
export async function describeAuditRows(db: DbOrTx, tenantId: string, rows: AuditRow[], lang: Lang) {
  const lookups = await readLookups(db, tenantId, rows, lang);
  return rows.map((full) => {
    const { tenantId: _tenant, userAgent: _agent, ...row } = full;
    const authority = row.action === 'authority';
    const reading = row.entity === 'measurement';
    return {
      ...row,
      at: row.at.toISOString(),
      entityName: auditEntityName(row.entity, lang),
      label: labelOf(full, lookups, lang),
      reasonText: auditReasonText(row.reason, lang),
      before: authority
        ? permissionsOf(row.before, lookups)
        : reading
          ? readingInLanguage(row.before, lookups)
          : row.before,
      after: authority
        ? permissionsOf(row.after, lookups)
        : reading
          ? readingInLanguage(row.after, lookups)
          : row.after,
    };
  });
}
