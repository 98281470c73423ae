import type { TestProject } from 'vitest/node';
import { cloneTemplate, prepareTestDatabaseServer } from '../../apps/server/src/test/database';

declare module 'vitest' {
  export interface ProvidedContext {
    soakDatabaseUrl: string;
  }
}

/**
 * The soak test's own database (a copy of the demo data), apart from the browser tests' one: it runs
 * alongside them for ten minutes and more, and restarts its server, which it starts itself (a real
 * process it can stop and start again on the same port) — see big-screen.soak.ts.
 */
export default async function setup(project: TestProject) {
  const server = await prepareTestDatabaseServer('soak');
  project.provide('soakDatabaseUrl', await cloneTemplate(server.templateUrl));
  return () => server.teardown();
}
