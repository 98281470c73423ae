import { DEFAULT_LANG } from '@glucocare/domain';
import { healthView, projectConfigView } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';

/** Routes outside the session: health for load balancers and the web app's runtime configuration. */
export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/app-service/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability (503 when the database is down)',
        response: { 200: envelopeOf(healthView) },
      },
    },
    async (request) => {
      await app.db.execute(sql`select 1`);
      return ok(request, { status: 'ok' as const, database: 'up' as const });
    },
  );

  r.get(
    '/project.config.json',
    { config: { permission: 'public' }, schema: { hide: true, response: { 200: projectConfigView } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        title: app.config.appTitle,
        titles: {
          'en-US': app.config.appTitle,
          'zh-CN': app.config.appTitle === 'GlucoCare' ? '糖护·血糖管理' : app.config.appTitle,
        },
        baseUrl: '/app-service',
        defaultLanguage: DEFAULT_LANG,
        methodOverride: false,
        publicKey: app.passwordCrypto.publicKeyPem,
      };
    },
  );
}
