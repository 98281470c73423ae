import {
  appointmentCodeLookupSchema,
  appointmentOptionsQuerySchema,
  appointmentRequestSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { appointmentCreatedView, appointmentOptionsView, appointmentView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { appointmentOptions, createAppointment, lookUpAppointment } from './service';

const tags = ['appointments'];

/**
 * Pre-admission appointments (issue 18): the public form's two calls (no session; the write is
 * rate-limited per client address like the sign-in, `APPOINTMENT_RATE_LIMIT` an hour) and the ward's
 * look-up by code. Admission by code is `POST /v1/patients/applyHospitalization` with `appointmentCode`.
 */
export async function appointmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = {
    max: app.config.appointmentRateLimit,
    timeWindow: 3_600_000,
    errorResponseBuilder: () => new AppError(429, 'appointments.rateLimited'),
  };

  r.post(
    '/v1/public/appointments',
    {
      config: { permission: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Pre-admission registration without a session; answers only the code and its expiry',
        body: appointmentRequestSchema,
        response: { 200: envelopeOf(appointmentCreatedView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createAppointment(app.db, request.body, app.clock(), request.lang, requestMeta(request)),
      ),
  );
  r.get(
    '/v1/public/appointments/options',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The public form’s options: the hospital’s name and its enabled departments (names only)',
        querystring: appointmentOptionsQuerySchema,
        response: { 200: envelopeOf(appointmentOptionsView) },
      },
    },
    async (request) => ok(request, await appointmentOptions(app.db, request.query.tenant, request.lang)),
  );
  r.get(
    '/v1/appointments/:code',
    {
      config: { permission: PERMISSIONS.inpatients.admit },
      schema: {
        tags,
        summary: 'An appointment’s details to prefill the admission form (404 unknown, 410 used or expired)',
        params: z.object({ code: appointmentCodeLookupSchema }),
        response: { 200: envelopeOf(appointmentView) },
      },
    },
    async (request) =>
      ok(
        request,
        await lookUpAppointment(
          app.db,
          sessionOf(request),
          request.params.code,
          app.clock(),
          request.lang,
          requestMeta(request),
        ),
      ),
  );
}
