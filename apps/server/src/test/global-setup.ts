import type { TestProject } from 'vitest/node';
import { prepareTestDatabaseServer } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await prepareTestDatabaseServer('api');
  project.provide('templateDatabaseUrl', server.templateUrl);
  return () => server.teardown();
}
