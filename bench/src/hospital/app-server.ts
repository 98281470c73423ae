import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { encryptForTransport } from '../../../apps/server/src/modules/auth/password-crypto';

const root = path.resolve(import.meta.dirname, '../../..');

export interface AppServer {
  url: string;
  /** the app's process id (its CPU time is read from /proc) */
  pid: number | undefined;
  /** the app's log (warnings and errors), for when a scenario fails */
  logFile: string;
  /** API paths the server registered (from its OpenAPI document), e.g. `/app-service/v1/testRecord/query` */
  paths: Set<string>;
  login(tenant: string, userName: string, password: string): Promise<string>;
  /** the app's memory after a full garbage collection (bench `memory-probe.ts` in its process) */
  memory(): Promise<AppMemory>;
  stop(): Promise<void>;
}

export interface AppMemory extends NodeJS.MemoryUsage {
  /** false when the process could not collect garbage first (then heap figures include garbage) */
  collected: boolean;
}

/**
 * The app from the working tree (`apps/server/src/main.ts`) in its own process, as in production —
 * the load generator does not share its event loop. Logging at `warn`, no demo seed (the bench
 * database holds the bench tenant only). With `--expose-gc` and the bench's `memory-probe.ts` loaded,
 * which answers the bench's memory question over the IPC channel and does nothing else.
 */
export async function startAppServer(databaseUrl: string, port: number): Promise<AppServer> {
  const logFile = path.join(root, 'data', `bench-server-${port}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the app under load
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      './bench/src/hospital/memory-probe.ts',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        LOGIN_RATE_LIMIT: '100000',
        // the wall calls' per-address limit: every bench connection comes from this one address
        SCREEN_RATE_LIMIT: '100000000',
      },
      stdio: ['ignore', out, out, 'ipc'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // a start may convert a big table first (issue 22: the 5-year hospital's readings into monthly
  // partitions took 123 s): BENCH_START_SECONDS, default 600
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 600);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the app exited with ${child.exitCode} before it was healthy; see ${logFile}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the app was not healthy within ${startSeconds} s; see ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/app-service/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const config = (await (await fetch(`${url}/project.config.json`)).json()) as { publicKey: string };
  const openapi = (await (await fetch(`${url}/app-service/docs/json`)).json()) as { paths?: object };
  return {
    url,
    pid: child.pid,
    logFile,
    paths: new Set(Object.keys(openapi.paths ?? {})),
    async login(tenant, userName, password) {
      const res = await fetch(`${url}/app-service/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant, userName, password: encryptForTransport(config.publicKey, password) }),
      });
      const body = (await res.json()) as { dataContent?: { access_token?: string }; message?: string };
      const token = body.dataContent?.access_token;
      if (!token) throw new Error(`login of ${userName} failed: ${res.status} ${body.message}`);
      return token;
    },
    memory() {
      return new Promise<AppMemory>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', answer);
          reject(new Error('the app did not report its memory within 10 s'));
        }, 10_000);
        const answer = (message: unknown) => {
          const m = message as { type?: string } & AppMemory;
          if (m?.type !== 'bench:memory') return;
          clearTimeout(timer);
          child.off('message', answer);
          const { type: _type, ...usage } = m;
          resolve(usage);
        };
        child.on('message', answer);
        child.send('bench:memory');
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.closeSync(out);
    },
  };
}
