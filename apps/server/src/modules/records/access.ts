import { PERMISSIONS } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenants } from '../../db/schema';
import { AppError, forbidden, SessionError } from '../../http/errors';
import { type DepartmentScope, userHasPermission } from '../auth/sessions';
import { type LinkSubject, verifyLink } from './links';

/** Reading a patient and their records needs this (issue 5 menus). */
export const READ_PERMISSION = PERMISSIONS.inpatients.list;

/** Who reads a record screen's data: the tenant and department scope, and by which credential. */
export interface RecordReader {
  tenantId: string;
  /** the session's scope; a signed link opens exactly its own subject (all departments) */
  scope: DepartmentScope;
  via: 'session' | 'link';
  userId: number | null;
}

const linkInvalid = () => new AppError(403, 'records.link.invalid');

async function tenantActive(app: FastifyInstance, tenantId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.isActive, true)));
  return !!row;
}

/**
 * The credential of a record screen's data call (its route is `public`: the check is here).
 * - A valid, unexpired link signature for exactly this screen, id and range opens the data; the tenant
 *   is the signature's.
 * - Otherwise a session is needed, with `patient:inpatient:list`; its department scope applies to
 *   what is read (404 outside it, as for a missing id).
 * - A bad or expired signature with no session that may read → 403 "This link has expired or is not
 *   valid"; nothing at all → 401 with body code "402" (the session error).
 */
export async function recordReader(
  app: FastifyInstance,
  request: FastifyRequest,
  subject: LinkSubject,
  link: { sig?: string; exp?: string },
): Promise<RecordReader> {
  const signed = link.sig !== undefined || link.exp !== undefined;
  if (signed) {
    const tenantId = await verifyLink(app, subject, link.sig, link.exp);
    if (tenantId && (await tenantActive(app, tenantId))) {
      return { tenantId, scope: { all: true }, via: 'link', userId: null };
    }
  }
  const session = request.session;
  if (!session) throw signed ? linkInvalid() : new SessionError();
  if (!(await userHasPermission(app, session, READ_PERMISSION))) throw signed ? linkInvalid() : forbidden();
  return { tenantId: session.tenantId, scope: session.scope, via: 'session', userId: session.userId };
}
