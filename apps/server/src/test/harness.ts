import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createDb, type DbHandle } from '../db/client';
import { encryptForTransport } from '../modules/auth/password-crypto';
import { cloneTemplate } from './database';

export interface TestContext {
  app: FastifyInstance;
  handle: DbHandle;
  databaseUrl: string;
  /** the server's clock; move it to test expiry rules */
  clock: { now: Date; advance(ms: number): void };
  encrypt(password: string): string;
  /** logs in and returns the bearer token (throws when login fails) */
  login(tenant: string, userName: string, password: string): Promise<string>;
  request(options: InjectOptions & { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A distinct client address per call site, so per-IP rate limits of one test don't bleed into another. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${ipCounter % 250}`;
}

function readOnlyUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c default_transaction_read_only=on');
  return url.toString();
}

export async function createTestContext(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'hl7RetryFirstMs'> = {},
): Promise<TestContext> {
  const databaseUrl = await cloneTemplate(inject('templateDatabaseUrl'));
  const config: Config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
  const handle = createDb(databaseUrl, { warn: () => {} });
  // The read-replica routes (app.ts `replica`) read through read-only connections, as on a standby:
  // a write slipped into one fails its tests here instead of in production.
  const readOnly = createDb(readOnlyUrl(databaseUrl), { warn: () => {} });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp(config, {
    db: handle.db,
    readDb: readOnly.db,
    clock: () => clock.now,
    logger: false,
    checkResponses: true,
    // sweeps run when a test asks (app.criticalEscalation.sweep()), at the clock it set
    escalationSweepMs: 0,
    ...build,
  });
  await app.ready();
  const defaultIp = nextIp();
  const request: TestContext['request'] = (options) => {
    const { token, lang, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    if (token) headers.authorization = `Bearer ${token}`;
    if (lang) headers['accept-language'] = lang;
    return app.inject({ remoteAddress: defaultIp, ...rest, headers });
  };
  const encrypt = (password: string) => encryptForTransport(app.passwordCrypto.publicKeyPem, password);
  return {
    app,
    handle,
    databaseUrl,
    clock,
    encrypt,
    request,
    async login(tenant, userName, password) {
      const response = await request({
        method: 'POST',
        url: '/app-service/v1/login',
        payload: { tenant, userName, password: encrypt(password) },
      });
      const body = response.json();
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return body.dataContent.access_token as string;
    },
    async close() {
      await app.close();
      await readOnly.close();
      await handle.close();
    },
  };
}
