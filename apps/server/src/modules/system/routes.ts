import { DEFAULT_LANG } from '@glucocare/domain';
import { healthView, projectConfigView } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replicaStatusOf } from '../../db/replica';
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
        summary:
          'Liveness and database reachability (503 when the database is down); the read replica’s state when one is set',
        response: { 200: envelopeOf(healthView) },
      },
    },
    async (request) => {
      await app.db.execute(sql`select 1`);
      // the replica's state as its monitor last saw it: a replica out of use does not make this process
      // unhealthy, its reads go to the primary
      const replica = replicaStatusOf(app.replica);
      return ok(request, { status: 'ok' as const, database: 'up' as const, ...(replica && { replica }) });
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
