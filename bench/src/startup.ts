import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded';

const root = path.resolve(import.meta.dirname, '../..');

async function startOnce(
  dataDir: string,
  port: number,
): Promise<{ seconds: number; stop: () => Promise<number> }> {
  const started = performance.now();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, PORT: String(port) };
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore', detached: true });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/app-service/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    // Ctrl-C reaches the whole foreground process group; stopped = port closed and PostgreSQL's
    // pid file gone (it removes it last, after a clean shutdown).
    stop: async () => {
      const stopAt = performance.now();
      process.kill(-child.pid!, 'SIGINT');
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      for (;;) {
        const listening = await fetch(`http://127.0.0.1:${port}/app-service/health`).then(
          () => true,
          () => false,
        );
        if (!listening && !fs.existsSync(pidFile)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return (performance.now() - stopAt) / 1000;
    },
  };
}

/** Seconds from `npm start` (dependencies installed) to a 200 from /app-service/health. */
export async function measureStartup(): Promise<{ first: number; second: number; stop: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-start-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const first = await startOnce(dataDir, port);
  await first.stop();
  const second = await startOnce(dataDir, port);
  const stop = await second.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { first: first.seconds, second: second.seconds, stop };
}
