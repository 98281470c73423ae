import { isDateRangeValid, PERMISSIONS, pageParam } from '@glucocare/domain';
import { and, count, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog } from '../../db/schema';
import { ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { describeAuditRows } from './describe';

const isoDateTime = z.iso.datetime({ offset: true });

const auditQuery = z
  .object({
    actorName: z.string().trim().max(32).optional(),
    action: z.string().trim().max(40).optional(),
    entity: z.string().trim().max(40).optional(),
    patientId: z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number)
      .optional(),
    beginDate: isoDateTime.optional(),
    endDate: isoDateTime.optional(),
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .refine((q) => isDateRangeValid(q.beginDate, q.endDate), { error: 'query.dateOrder', path: ['endDate'] });

/** GET /v1/audit/page: who did what and when, with before/after values (administrators). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/audit/page',
    {
      config: { permission: PERMISSIONS.system.auditLog.list },
      schema: { tags: ['audit'], summary: 'Audit log, newest first, filtered', querystring: auditQuery },
    },
    async (request) => {
      const session = sessionOf(request);
      const q = request.query;
      const size = Math.min(q.size, 500);
      const where = and(
        eq(auditLog.tenantId, session.tenantId),
        q.actorName
          ? ilike(auditLog.actorName, `%${q.actorName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
        q.action ? eq(auditLog.action, q.action) : undefined,
        q.entity ? eq(auditLog.entity, q.entity) : undefined,
        q.patientId ? eq(auditLog.patientId, q.patientId) : undefined,
        q.beginDate ? gte(auditLog.at, new Date(q.beginDate)) : undefined,
        q.endDate ? lte(auditLog.at, new Date(q.endDate)) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(size)
          .offset((q.page - 1) * size),
        app.db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return ok(request, {
        records: await describeAuditRows(app.db, session.tenantId, rows, request.lang),
        total,
        page: q.page,
        size,
      });
    },
  );
}
