import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { addDays, calendarDate, type Lang } from '@glucocare/domain';
import {
  SCREEN_LINK_HEADER,
  SCREEN_LINK_LIMITS,
  SCREEN_LINK_TOKEN,
  type ScreenLinkCreateInput,
  type ScreenLinkRevokeInput,
  type ScreenLinkStatus,
  type ScreenVariant,
  screenLinkPath,
} from '@glucocare/domain/monitor';
import type { ScreenLink, ScreenLinkCreated, ScreenLinkUse } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, recordNotFound } from '../../http/errors';
import { type Page, type PageQuery, paginate } from '../../lib/page';
import { containsPattern } from '../../lib/query';
import { tenantLinkKey } from '../../lib/tenant-link-key';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import type { TenantRef } from '../settings/config-cache';
import { hospitalTimeZone } from '../settings/time-zone';

/**
 * Wall-screen links (issue 20): an administrator's signed, revocable, read-only credential of a wall
 * display for a set of wards (or the whole hospital) and one layout, until a hospital calendar day.
 *
 * The token is `<tenant>.<link id>.<base64url HMAC-SHA256>` over `screen-link`, `v1`, the tenant and the
 * id, with the tenant's link key (lib/tenant-link-key.ts, shared with the record links; the prefix keeps
 * the two kinds apart). The row keeps only the SHA-256 of the token: the list never shows it, and a
 * leaked database dump can neither mint nor replay links. A token is valid when its signature checks
 * (constant time) AND its row exists with that hash, is not revoked and its last day has not passed in
 * the hospital's time zone, AND its tenant is active. The wall sends it in the `X-Screen-Link` header.
 */

/** Why the wall calls answer 401: missing, malformed, wrong signature, revoked, expired, another's. */
export const screenLinkInvalid = () => new AppError(401, 'monitor.link.invalid');

function mac(key: Buffer, tenantId: string, linkId: number): Buffer {
  return createHmac('sha256', key)
    .update(['screen-link', 'v1', tenantId, String(linkId)].join('\n'), 'utf8')
    .digest();
}

/** The token of link `linkId` (deterministic: the demo links' URLs are printed again at each start). */
const tokenOf = (key: Buffer, tenantId: string, linkId: number) =>
  `${tenantId}.${linkId}.${mac(key, tenantId, linkId).toString('base64url')}`;

export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a valid link opens: its tenant, wards (null: the whole hospital) and layout. */
export interface ScreenLinkGrant {
  tenantId: string;
  linkId: number;
  name: string;
  /** null: every ward of the hospital, present and future */
  departmentCodes: string[] | null;
  variant: ScreenVariant;
  validUntil: string;
  timeZone: string;
  /** the tenant's configuration version read with the link (settings/config-cache.ts) */
  configVersion: number;
}

/** The token's parts when its signature checks, else null. */
async function signedParts(
  app: FastifyInstance,
  token: string | undefined,
): Promise<{ tenantId: string; linkId: number } | null> {
  if (!token || token.length > 120) return null;
  const parts = SCREEN_LINK_TOKEN.exec(token);
  if (!parts) return null;
  const [, tenantId, id, given] = parts;
  const linkId = Number(id);
  const key = await tenantLinkKey(app, tenantId!, false);
  if (!key) return null;
  const expected = mac(key, tenantId!, linkId);
  const actual = Buffer.from(given!, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { tenantId: tenantId!, linkId };
}

type GrantRow = {
  name: string;
  whole_hospital: boolean;
  department_codes: string[];
  variant: ScreenVariant;
  valid_until: string;
  config_version: number | null;
};

/**
 * The grant of a wall request's `X-Screen-Link`, or 401. `use` (every wall call): the same statement
 * that checks the row counts the use — `screen_links.last_used_*` and `use_count`, and the link's
 * `screen_link_uses` row of this client address and hour (calls + 1, last_at) — so a use is recorded
 * exactly when it is served, at one round trip. Without `use` (the open stream's periodic re-check)
 * the row is only read.
 */
export async function screenLinkGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { use: boolean },
): Promise<ScreenLinkGrant> {
  const header = request.headers[SCREEN_LINK_HEADER];
  const token = typeof header === 'string' ? header.trim() : undefined;
  const signed = await signedParts(app, token);
  if (!signed || !token) throw screenLinkInvalid();
  const grant = await checkGrant(app, signed, tokenHashOf(token), options.use ? request : null);
  if (!grant) throw screenLinkInvalid();
  return grant;
}

/** Re-checks a link already granted (the open wall stream, every {@link SCREEN_LINK_CHECK_MS}). */
export async function stillGranted(app: FastifyInstance, token: string): Promise<ScreenLinkGrant | null> {
  const signed = await signedParts(app, token);
  return signed ? checkGrant(app, signed, tokenHashOf(token), null) : null;
}

async function checkGrant(
  app: FastifyInstance,
  signed: { tenantId: string; linkId: number },
  tokenHash: string,
  use: FastifyRequest | null,
): Promise<ScreenLinkGrant | null> {
  const { tenantId, linkId } = signed;
  const now = app.clock();
  const timeZone = await hospitalTimeZone(app.db, tenantId);
  const today = calendarDate(now, timeZone);
  const valid = sql`l.tenant_id = ${tenantId} and l.id = ${linkId} and l.token_hash = ${tokenHash}
    and l.revoked_at is null and l.valid_until >= ${today}::date
    and exists (select 1 from tenants t where t.id = l.tenant_id and t.is_active)`;
  const columns = sql`l.name, l.whole_hospital, l.department_codes, l.variant, l.valid_until::text as valid_until,
    (select cv.version from config_versions cv where cv.tenant_id = l.tenant_id)::int as config_version`;
  let rows: GrantRow[];
  if (use) {
    const address = use.ip.slice(0, 100);
    const agent = use.headers['user-agent']?.slice(0, 300) ?? null;
    const result = await app.db.execute<GrantRow>(sql`
      with used as (
        update screen_links l
           set last_used_at = ${now}, last_used_address = ${address}, use_count = l.use_count + 1
         where ${valid}
        returning l.*),
      trail as (
        insert into screen_link_uses as u (tenant_id, link_id, hour, address, user_agent, calls, first_at, last_at)
        select tenant_id, id, date_trunc('hour', ${now}::timestamptz), ${address}, ${agent}, 1, ${now}, ${now}
          from used
        on conflict (tenant_id, link_id, hour, address) do update
          set calls = u.calls + 1, last_at = excluded.last_at, user_agent = excluded.user_agent)
      select ${columns} from used l`);
    rows = result.rows;
  } else {
    rows = (await app.db.execute<GrantRow>(sql`select ${columns} from screen_links l where ${valid}`)).rows;
  }
  const row = rows[0];
  if (!row) return null;
  return {
    tenantId,
    linkId,
    name: row.name,
    departmentCodes: row.whole_hospital ? null : row.department_codes,
    variant: row.variant,
    validUntil: row.valid_until,
    timeZone,
    configVersion: row.config_version ?? 0,
  };
}

// ------------------------------------------------------------------ administration

type LinkRow = {
  id: number;
  name: string;
  whole_hospital: boolean;
  department_codes: string[];
  departments: { code: string; name: string; nameEn: string | null }[] | null;
  variant: ScreenVariant;
  valid_until: string;
  created_at: Date | string;
  created_by_name: string | null;
  revoked_at: Date | string | null;
  revoked_by_name: string | null;
  revoked_reason: string | null;
  last_used_at: Date | string | null;
  last_used_address: string | null;
  use_count: number | string;
  version: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The status of a link on `today` (hospital calendar): revoked first, then past its last day. */
export function linkStatus(
  row: { revoked_at: unknown; valid_until: string },
  today: string,
): ScreenLinkStatus {
  if (row.revoked_at) return 'revoked';
  return row.valid_until < today ? 'expired' : 'active';
}

function linkView(row: LinkRow, today: string, lang: Lang): ScreenLink {
  const names = new Map((row.departments ?? []).map((d) => [d.code, d]));
  return {
    id: Number(row.id),
    name: row.name,
    wholeHospital: row.whole_hospital,
    // in the link's own order; a ward deleted since keeps its code
    departments: row.whole_hospital
      ? []
      : row.department_codes.map((code) => {
          const d = names.get(code);
          return { code, name: d ? (lang === 'en-US' && d.nameEn ? d.nameEn : d.name) : code };
        }),
    variant: row.variant,
    validUntil: row.valid_until,
    status: linkStatus(row, today),
    createdAt: iso(row.created_at)!,
    createdByName: row.created_by_name,
    revokedAt: iso(row.revoked_at),
    revokedByName: row.revoked_by_name,
    revokedReason: row.revoked_reason,
    lastUsedAt: iso(row.last_used_at),
    lastUsedAddress: row.last_used_address,
    useCount: Number(row.use_count),
    version: row.version,
  };
}

const linkSelect = sql`
  select l.id, l.name, l.whole_hospital, l.department_codes, l.variant, l.valid_until::text as valid_until,
         l.created_at, cu.nick_name as created_by_name, l.revoked_at, ru.nick_name as revoked_by_name,
         l.revoked_reason, l.last_used_at, l.last_used_address, l.use_count, l.version,
         (select json_agg(json_build_object('code', d.code, 'name', d.name, 'nameEn', d.name_en))
            from departments d where d.tenant_id = l.tenant_id and d.code = any(l.department_codes)) as departments
    from screen_links l
    left join users cu on cu.tenant_id = l.tenant_id and cu.id = l.created_by
    left join users ru on ru.tenant_id = l.tenant_id and ru.id = l.revoked_by`;

async function today(db: DbOrTx, tenant: TenantRef, now: Date): Promise<string> {
  return calendarDate(now, await hospitalTimeZone(db, tenant));
}

export interface LinkListQuery extends PageQuery {
  queryCondition?: string;
  status?: ScreenLinkStatus;
}

/** `GET /v1/monitor/links`: the tenant's links, newest first; search by name, filter by status. */
export async function pageLinks(
  db: Database,
  session: SessionUser,
  query: LinkListQuery,
  now: Date,
  lang: Lang,
): Promise<Page<ScreenLink>> {
  const day = await today(db, session, now);
  const parts: SQL[] = [sql`l.tenant_id = ${session.tenantId}`];
  const text = query.queryCondition?.trim();
  if (text) parts.push(sql`l.name ilike ${containsPattern(text)}`);
  if (query.status === 'revoked') parts.push(sql`l.revoked_at is not null`);
  if (query.status === 'expired') parts.push(sql`l.revoked_at is null and l.valid_until < ${day}::date`);
  if (query.status === 'active') parts.push(sql`l.revoked_at is null and l.valid_until >= ${day}::date`);
  const where = sql.join(parts, sql` and `);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db.execute<LinkRow>(
          sql`${linkSelect} where ${where} order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`,
        )
      ).rows.map((row) => linkView(row, day, lang)),
    async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from screen_links l where ${where}`))
        .rows[0]!.n,
  );
}

async function findLink(db: DbOrTx, tenantId: string, id: number): Promise<LinkRow> {
  const [row] = (
    await db.execute<LinkRow>(sql`${linkSelect} where l.tenant_id = ${tenantId} and l.id = ${id}`)
  ).rows;
  if (!row) throw recordNotFound();
  return row;
}

/**
 * `POST /v1/monitor/links`: a new link. The wards must exist and be enabled; the last day lies from
 * today to {@link SCREEN_LINK_LIMITS.validDays} days ahead (hospital calendar). The token and URL are
 * answered once; only the token's hash is kept.
 */
export async function createLink(
  app: FastifyInstance,
  session: SessionUser,
  input: ScreenLinkCreateInput,
  meta: RequestMeta,
  lang: Lang,
): Promise<ScreenLinkCreated> {
  const db = app.db;
  const day = await today(db, session, app.clock());
  if (input.validUntil < day) throw new AppError(400, 'monitor.link.validUntil.past', { today: day });
  const last = addDays(day, SCREEN_LINK_LIMITS.validDays.max - 1);
  if (input.validUntil > last) {
    throw new AppError(400, 'monitor.link.validUntil.tooFar', {
      max: SCREEN_LINK_LIMITS.validDays.max,
      last,
    });
  }
  const codes = input.wholeHospital ? [] : [...new Set(input.departmentCodes)];
  if (!input.wholeHospital && !codes.length) throw new AppError(400, 'monitor.link.departmentsRequired');
  if (codes.length) {
    const known = new Set(
      (
        await db.execute<{ code: string }>(
          sql`select code from departments where tenant_id = ${session.tenantId} and is_active
                 and code = any(${sql.param(codes)}::text[])`,
        )
      ).rows.map((row) => row.code),
    );
    const unknown = codes.find((code) => !known.has(code));
    if (unknown) throw new AppError(400, 'monitor.link.departmentUnknown', { code: unknown });
  }
  const key = (await tenantLinkKey(app, session.tenantId, true)) as Buffer;
  return db.transaction(async (tx) => {
    const [inserted] = (
      await tx.execute<{ id: number }>(sql`
        insert into screen_links (tenant_id, name, whole_hospital, department_codes, variant, valid_until,
                                  token_hash, created_by)
        values (${session.tenantId}, ${input.name}, ${input.wholeHospital}, ${sql.param(codes)}::text[],
                ${input.variant}, ${input.validUntil}::date, '', ${session.userId})
        returning id`)
    ).rows;
    const id = Number(inserted!.id);
    const token = tokenOf(key, session.tenantId, id);
    await tx.execute(
      sql`update screen_links set token_hash = ${tokenHashOf(token)} where tenant_id = ${session.tenantId} and id = ${id}`,
    );
    const link = linkView(await findLink(tx, session.tenantId, id), day, lang);
    await writeAudit(
      tx,
      { ...auditActor(session), action: 'create', entity: 'screenLink', entityId: id, after: link },
      meta,
    );
    return { link, token, url: screenLinkPath(input.variant, token) };
  });
}

/**
 * `POST /v1/monitor/links/{id}/revoke`: the link stops working at once (every wall call checks the
 * row; open streams end at their next check). Stale version → 409; revoked before → 409.
 */
export async function revokeLink(
  app: FastifyInstance,
  session: SessionUser,
  id: number,
  input: ScreenLinkRevokeInput,
  meta: RequestMeta,
  lang: Lang,
): Promise<ScreenLink> {
  const now = app.clock();
  const day = await today(app.db, session, now);
  return app.db.transaction(async (tx) => {
    const before = await findLink(tx, session.tenantId, id);
    if (before.revoked_at) throw new AppError(409, 'monitor.link.alreadyRevoked');
    const updated = await tx.execute(sql`
      update screen_links set revoked_at = ${now}, revoked_by = ${session.userId},
             revoked_reason = ${input.reason}, version = version + 1, updated_at = ${now}
       where tenant_id = ${session.tenantId} and id = ${id} and version = ${input.version}
         and revoked_at is null
      returning id`);
    if (!updated.rows.length) throw new AppError(409, 'error.conflict');
    const after = linkView(await findLink(tx, session.tenantId, id), day, lang);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'revoke',
        entity: 'screenLink',
        entityId: id,
        before: linkView(before, day, lang),
        after,
        reason: input.reason,
      },
      meta,
    );
    return after;
  });
}

/** `GET /v1/monitor/links/{id}/uses`: the use trail of a link of the tenant, newest hour first. */
export async function pageLinkUses(
  db: Database,
  session: SessionUser,
  id: number,
  query: PageQuery,
): Promise<Page<ScreenLinkUse>> {
  await findLink(db, session.tenantId, id);
  const where = sql`tenant_id = ${session.tenantId} and link_id = ${id}`;
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db.execute<{
          hour: Date | string;
          address: string;
          user_agent: string | null;
          calls: number;
          first_at: Date | string;
          last_at: Date | string;
        }>(sql`select hour, address, user_agent, calls, first_at, last_at from screen_link_uses
                where ${where} order by hour desc, last_at desc limit ${limit} offset ${offset}`)
      ).rows.map((row) => ({
        hour: iso(row.hour)!,
        address: row.address,
        userAgent: row.user_agent,
        calls: Number(row.calls),
        firstAt: iso(row.first_at)!,
        lastAt: iso(row.last_at)!,
      })),
    async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from screen_link_uses where ${where}`))
        .rows[0]!.n,
  );
}

/** The demo's wall screens (demo data only): one link per layout, the whole hospital, for a year. */
const DEMO_LINKS: { name: string; variant: ScreenVariant }[] = [
  { name: 'Demo wall · whole hospital 全院大屏', variant: 'hospital' },
  { name: 'Demo wall · ward by ward 病区轮播', variant: 'wards' },
  { name: 'Demo wall · operations 运营分析', variant: 'operations' },
  { name: 'Demo wall · compact 简版大屏', variant: 'compact' },
];

/**
 * Makes the demo tenant's wall-screen links when it has none of them yet (a start with demo data on),
 * and answers their paths with the token, so that `npm start` can print a wall screen to open.
 */
export async function demoScreenLinks(
  app: FastifyInstance,
  tenantId: string,
): Promise<{ name: string; path: string }[]> {
  const key = (await tenantLinkKey(app, tenantId, true)) as Buffer;
  const names = DEMO_LINKS.map((link) => link.name);
  const existing = async () =>
    (
      await app.db.execute<{ id: number; name: string; variant: ScreenVariant }>(
        sql`select id, name, variant from screen_links
             where tenant_id = ${tenantId} and name = any(${sql.param(names)}::text[]) and revoked_at is null
             order by id`,
      )
    ).rows;
  let rows = await existing();
  if (!rows.length) {
    const validUntil = addDays(
      await today(app.db, tenantId, app.clock()),
      SCREEN_LINK_LIMITS.validDays.max - 1,
    );
    for (const link of DEMO_LINKS) {
      const [row] = (
        await app.db.execute<{ id: number }>(sql`
          insert into screen_links (tenant_id, name, whole_hospital, variant, valid_until, token_hash)
          values (${tenantId}, ${link.name}, true, ${link.variant}, ${validUntil}::date, '') returning id`)
      ).rows;
      const id = Number(row!.id);
      await app.db.execute(
        sql`update screen_links set token_hash = ${tokenHashOf(tokenOf(key, tenantId, id))}
             where tenant_id = ${tenantId} and id = ${id}`,
      );
    }
    rows = await existing();
  }
  return rows.map((row) => ({
    name: row.name,
    path: screenLinkPath(row.variant, tokenOf(key, tenantId, Number(row.id))),
  }));
}
