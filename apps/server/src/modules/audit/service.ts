import type { AuditEntity } from '@glucocare/domain';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

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
  await db.insert(auditLog).values({
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
  });
}

/** The who of an audit entry written on behalf of a signed-in user. */
export function auditActor(session: { tenantId: string; userId: number; userName: string }) {
  return { tenantId: session.tenantId, actorId: session.userId, actorName: session.userName };
}
