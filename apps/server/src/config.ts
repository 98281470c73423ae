import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (fallback: number) => z.string().regex(/^\d+$/).default(String(fallback)).transform(Number);

/** Every setting the server reads from the environment; the README's configuration table mirrors it. */
const envSchema = z.object({
  PORT: int(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: int(30),
  SESSION_MAX_HOURS: int(12),
  LOGIN_RATE_LIMIT: int(20),
  LOCKOUT_THRESHOLD: int(5),
  LOCKOUT_MINUTES: int(15),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  APP_TITLE: z.string().default('GlucoCare'),
});

export interface Config {
  port: number;
  host: string;
  /** unset → an embedded PostgreSQL under dataDir */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  seedDemo: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginRateLimit: number;
  lockoutThreshold: number;
  lockoutMinutes: number;
  trustProxy: boolean;
  webDist: string;
  appTitle: string;
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
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    appTitle: e.APP_TITLE,
  };
}
