import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';

const GENDERS = [
  { code: 'male', 'en-US': 'Male', 'zh-CN': '男' },
  { code: 'female', 'en-US': 'Female', 'zh-CN': '女' },
  { code: 'unknown', 'en-US': 'Unknown', 'zh-CN': '未知' },
] as const;

/** Fixed dictionaries every screen uses; tenant-editable dictionaries live beside them. */
export async function dictionaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/dict/genders',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['dictionaries'],
        summary: 'Genders in the request language',
        response: { 200: envelopeOf(z.array(z.object({ code: z.string(), name: z.string() }))) },
      },
    },
    async (request) =>
      ok(
        request,
        GENDERS.map((g) => ({ code: g.code, name: g[request.lang] })),
      ),
  );
}
