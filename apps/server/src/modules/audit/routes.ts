import { isDateRangeValid, PERMISSIONS, pageParam } from '@glucocare/domain';
import { auditRecordView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idText } from '../../lib/query';
import { pageAudit } from './service';

const isoDateTime = z.iso.datetime({ offset: true });

const auditQuery = z
  .object({
    actorName: z.string().trim().max(32).optional(),
    action: z.string().trim().max(40).optional(),
    entity: z.string().trim().max(40).optional(),
    patientId: idText.optional(),
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
      schema: {
        tags: ['audit'],
        summary: 'Audit log, newest first, filtered',
        querystring: auditQuery,
        response: { 200: envelopeOf(pageOf(auditRecordView)) },
      },
    },
    async (request) =>
      ok(request, await pageAudit(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
}
