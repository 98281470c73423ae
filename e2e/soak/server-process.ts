import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port free right now on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The app's server as operations run it (`apps/server/src/main.ts`: migrations, the built web app,
 * graceful stop on SIGTERM) in a child process, so a test can stop it and start it again.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  constructor(
    private readonly databaseUrl: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once it answers (the web app's login page). */
  async start(timeoutMs = 90_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      // the last lines only, for a failure's message
      this.output.push(chunk.toString());
      if (this.output.length > 40) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${this.output.join('')}`);
      try {
        const answer = await fetch(`${this.url}/login`);
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not start in ${timeoutMs} ms: ${this.output.join('')}`);
  }

  /** Stops it as an operator would (SIGTERM: requests in flight finish) and waits for it to exit. */
  async stop(timeoutMs = 30_000): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(late);
  }
}
