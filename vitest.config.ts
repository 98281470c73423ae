import { defineConfig } from 'vitest/config';
import { catalogueParts } from './apps/web/vite-plugins.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // the web app's texts split as its build splits them
        plugins: [catalogueParts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // a page on this shared 2-core machine can take more than the default 1 s to show after a
          // reload or a click; a poll still returns as soon as its condition holds
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        // issue 20: the wall screen left open for 10 minutes of live updates and a server restart; its own
        // project (own database and server process) so it runs alongside the others, not after them
        test: {
          name: 'soak',
          include: ['e2e/soak/**/*.soak.ts'],
          environment: 'node',
          globalSetup: ['e2e/soak/global-setup.ts'],
          testTimeout: 20 * 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
