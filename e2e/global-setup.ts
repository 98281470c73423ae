import type { TestProject } from 'vitest/node';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/client';
import { cloneTemplate, prepareTestDatabaseServer } from '../apps/server/src/test/database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
  }
}

/** The real server (built web app + API) on a free port, over a fresh copy of the demo data. */
export default async function setup(project: TestProject) {
  const server = await prepareTestDatabaseServer('e2e');
  const databaseUrl = await cloneTemplate(server.templateUrl);
  const handle = createDb(databaseUrl, { warn: () => {} });
  // Browser tests sign in many times from one address; the limit itself is covered by API tests.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: process.env.WEB_DIST }),
    loginRateLimit: 10_000,
  };
  // no escalation sweeps on the wall clock: values entered by one file would escalate while a later file
  // runs and announce themselves over its pages (the API tests run sweeps at the clock they set)
  const app = await buildApp(config, { db: handle.db, logger: false, escalationSweepMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('e2eDatabaseUrl', databaseUrl);
  return async () => {
    await app.close();
    await handle.close();
    await server.teardown();
  };
}
