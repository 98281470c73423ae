import type { AuditEntity, Lang } from '@glucocare/domain';
import { and, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { paginate } from '../../lib/page';
import { containsPattern } from '../../lib/query';
import { describeAuditRows } from './describe';

// Not a resource declaration (lib/resource.ts): the audit log is written by every change (writeAudit) and
// read here; its rows are never edited or deleted, so none of the resource helper's changes apply.

export interface AuditEntry {
  tenantId: string;
  actorId?: number | null;
  actorName?: string | null;
  action: string;
  /** one of the kinds the audit page names (domain `AUDIT_ENTITIES`) */
  entity: AuditEntity;
  entityId?: string | number | null;
  patientId?: number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, 300) : null, requestId: String(request.id) };
}

/** Writes one audit row; call it with the transaction that makes the change it describes. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry, meta: RequestMeta): Promise<void> {
  await writeAudits(db, [entry], meta);
}

/**
 * Writes the audit row of a change to a patient's record (an insulin record, a medication order): who,
 * the kind and action, the record and its patient, before, after and reason.
 */
export async function auditPatientRecord(
  db: DbOrTx,
  session: { tenantId: string; userId: number; userName: string },
  what: { entity: AuditEntity; action: string },
  row: { id: number; patientId: number },
  change: { before?: unknown; after?: unknown; reason?: string },
  meta: RequestMeta,
): Promise<void> {
  await writeAudit(
    db,
    { ...auditActor(session), ...what, entityId: row.id, patientId: row.patientId, ...change },
    meta,
  );
}

/** Writes the audit rows of a change to several records in one statement (same transaction, same request). */
export async function writeAudits(db: DbOrTx, entries: AuditEntry[], meta: RequestMeta): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditLog).values(entries.map((entry) => auditRowOf(entry, meta)));
}

function auditRowOf(entry: AuditEntry, meta: RequestMeta) {
  return {
    tenantId: entry.tenantId,
    actorId: entry.actorId ?? null,
    actorName: entry.actorName ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    patientId: entry.patientId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent,
    requestId: meta.requestId,
  };
}

/** The who of an audit entry written on behalf of a signed-in user. */
export function auditActor(session: { tenantId: string; userId: number; userName: string }) {
  return { tenantId: session.tenantId, actorId: session.userId, actorName: session.userName };
}

export interface AuditQuery {
  actorName?: string;
  action?: string;
  entity?: string;
  patientId?: number;
  beginDate?: string;
  endDate?: string;
  page: number;
  size: number;
}

/** A page of the tenant's audit log, newest first, each row described in `lang`. */
export async function pageAudit(db: Database, tenantId: string, query: AuditQuery, lang: Lang) {
  const where = and(
    eq(auditLog.tenantId, tenantId),
    query.actorName ? ilike(auditLog.actorName, containsPattern(query.actorName)) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.patientId ? eq(auditLog.patientId, query.patientId) : undefined,
    query.beginDate ? gte(auditLog.at, new Date(query.beginDate)) : undefined,
    query.endDate ? lte(auditLog.at, new Date(query.endDate)) : undefined,
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(auditLog, where),
  );
  return { ...page, records: await describeAuditRows(db, tenantId, page.records, lang) };
}
