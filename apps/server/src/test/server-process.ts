import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { encryptForTransport } from '../modules/auth/password-crypto';

/**
 * The real server (main.ts) as a child process on a test database: for what only a whole process
 * shows (graceful stop, several processes sharing one database).
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** what it printed so far (stdout and stderr) */
  output(): string;
  kill(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts main.ts on `databaseUrl` and resolves once /health answers. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${server.base}/app-service/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error(`server did not start: ${output}`);
}

/** Signs in over HTTP as the browser does (password encrypted with the server's public key). */
export async function signInOver(base: string, tenant: string, userName: string, password: string) {
  const { publicKey } = (await (await fetch(`${base}/project.config.json`)).json()) as { publicKey: string };
  const res = await fetch(`${base}/app-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant, userName, password: encryptForTransport(publicKey, password) }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { dataContent: { access_token: string } };
  return body.dataContent.access_token;
}
