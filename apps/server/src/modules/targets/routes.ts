import {
  CATALOGUE_LIMITS,
  type FieldError,
  PERMISSIONS,
  targetSettingSchema,
  translate,
} from '@glucocare/domain';
import { targetSettingView } from '@glucocare/domain/responses';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { sessionOf } from '../../http/session';
import { ValidationFailure } from '../../http/validation';
import { requestMeta } from '../audit/service';
import { getTargetSetting, saveTargetSetting } from './service';

const tags = ['QC target values'];

/**
 * A refused save says so in the §8 words ("Failed to save the target values") followed by the field
 * problems, which also stay in `dataContent.errors`; every other failure keeps the usual answer.
 */
function saveFailure(
  error: FastifyError | AppError | ValidationFailure,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let errors: FieldError[] | null = null;
  if (error instanceof ValidationFailure) errors = error.issues(request.lang);
  else if (error instanceof AppError && error.statusCode === 400) {
    const data = error.dataContent as { errors?: FieldError[] } | null;
    errors = data?.errors ?? [];
  }
  if (errors === null) throw error;
  const title = translate(request.lang, 'target.saveFailed');
  const details = errors.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  return reply
    .status(400)
    .send({ code: '400', message: details ? `${title}: ${details}` : title, dataContent: { errors } });
}

/** `/v1/targetSetting`: QC target values of a strip type (§7 Settings). */
export async function targetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/targetSetting',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Target and SD of control levels 0-2 for a strip type (0 when never saved)',
        querystring: z.object({ stripType: z.string().min(1).max(CATALOGUE_LIMITS.dictCode.max) }),
        response: { 200: envelopeOf(targetSettingView) },
      },
    },
    async (request) =>
      ok(request, await getTargetSetting(app.db, sessionOf(request).tenantId, request.query.stripType)),
  );
  r.post(
    '/v1/targetSetting',
    {
      config: { permission: PERMISSIONS.settings.qcTargets.edit },
      errorHandler: saveFailure,
      schema: {
        tags,
        summary: 'Replace the three levels of a strip type',
        body: targetSettingSchema,
        response: { 200: envelopeOf(targetSettingView) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveTargetSetting(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
}
