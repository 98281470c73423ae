import path from 'node:path';
import { SCREEN_LINK_CHECK_MS } from '@glucocare/domain/monitor';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (fallback: number) => z.string().regex(/^\d+$/).default(String(fallback)).transform(Number);

/** Every setting the server reads from the environment; the README's configuration table mirrors it. */
const envSchema = z.object({
  PORT: int(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_REPLICA_URL: z.string().url().optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: int(30),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  DB_PREPARED_STATEMENTS: bool.default(true),
  SESSION_IDLE_MINUTES: int(30),
  SESSION_MAX_HOURS: int(12),
  LOGIN_RATE_LIMIT: int(20),
  APPOINTMENT_RATE_LIMIT: int(30),
  SCREEN_RATE_LIMIT: int(600),
  LOCKOUT_THRESHOLD: int(5),
  LOCKOUT_MINUTES: int(15),
  /**
   * `true` trusts every X-Forwarded-For hop, so a client can pick the address that rate limits and
   * the audit see unless the proxy overwrites the header; a list of the proxies' addresses / CIDRs
   * (Fastify's trustProxy string) takes the address the nearest untrusted hop reports.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => /^(true|false|1|0|[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*)$/.test(v), {
      error: 'true, false, or a comma-separated list of proxy addresses/CIDRs',
    })
    .transform((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v)),
  WEB_DIST: z.string().optional(),
  APP_TITLE: z.string().default('GlucoCare'),
  /** signs the record screens' share links; unset → a random secret per tenant, kept in its settings */
  RECORD_LINK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  RECORD_LINK_TTL_MINUTES: z
    .string()
    .regex(/^\d+$/)
    .default('1440')
    .transform(Number)
    .refine((minutes) => minutes >= 1 && minutes <= 10_080, { error: 'must be 1-10080 minutes' }),
  /** how long a stopping server lets requests in flight finish before it cuts them */
  /** the address the hospitals' HL7 listeners bind (their ports are in each hospital's settings) */
  HL7_HOST: z.string().default('0.0.0.0'),
  SHUTDOWN_GRACE_SECONDS: int(10).refine((seconds) => seconds <= 600, { error: 'must be 0-600 seconds' }),
});

export interface Config {
  port: number;
  host: string;
  /** unset → an embedded PostgreSQL under dataDir */
  databaseUrl?: string;
  /**
   * A streaming standby of DATABASE_URL for reports, statistics and wall screens (docs/operations.md
   * "Read replica"); unset → they read from the primary.
   */
  databaseReplicaUrl?: string;
  /** beyond this replay lag (or when unreachable) the replica's reads go to the primary */
  databaseReplicaMaxLagSeconds: number;
  dataDir: string;
  logLevel: string;
  seedDemo: boolean;
  /** repeated statements as named prepared statements (off behind a pooler in transaction mode) */
  preparedStatements: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginRateLimit: number;
  /** public appointment registrations an hour per client address (issue 18) */
  appointmentRateLimit: number;
  /** wall-screen calls a minute per client address (issue 20; a wall reads four calls per refresh) */
  screenRateLimit: number;
  /** how often an open wall stream checks its screen link again (ms; tests shorten it) */
  screenLinkCheckMs: number;
  lockoutThreshold: number;
  lockoutMinutes: number;
  trustProxy: boolean | string;
  webDist: string;
  appTitle: string;
  /**
   * The key of the record screens' share links (HMAC-SHA256). Unset: each tenant gets a random secret
   * the first time one of its links is signed, kept in its settings, so links survive restarts.
   */
  recordLinkSecret?: string;
  /** how long a share link of a record screen stays valid (default 24 h, at most 7 days) */
  recordLinkTtlMinutes: number;
  /**
   * On SIGTERM / SIGINT the server stops accepting connections and lets requests in flight finish for
   * up to this long (default 10 s) before it closes the connections left and the database.
   */
  shutdownGraceSeconds: number;
  /** the address the HL7 listeners bind; each hospital's port is in its settings (`/v1/his`) */
  hl7Host: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    databaseReplicaMaxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    preparedStatements: e.DB_PREPARED_STATEMENTS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    appointmentRateLimit: e.APPOINTMENT_RATE_LIMIT,
    screenRateLimit: e.SCREEN_RATE_LIMIT,
    screenLinkCheckMs: SCREEN_LINK_CHECK_MS,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    appTitle: e.APP_TITLE,
    recordLinkSecret: e.RECORD_LINK_SECRET,
    recordLinkTtlMinutes: e.RECORD_LINK_TTL_MINUTES,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    hl7Host: e.HL7_HOST,
  };
}
