import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { DEMO_LOGINS, seedDemoData } from './db/seed';

async function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dataDir: config.dataDir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, database: 'glucocare' });
    databaseUrl = embedded.url;
  }
  const handle = createDb(databaseUrl, log, { preparedStatements: config.preparedStatements });
  await runMigrations(handle.db);
  const seeded = config.seedDemo ? await seedDemoData(handle.db) : false;
  const app = await buildApp(config, { db: handle.db });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await handle.close();
      await embedded?.stop();
    } finally {
      log.info('stopped');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `GlucoCare is running at ${url}  (API docs: ${url}/app-service/docs)`,
    `Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s${seeded ? ', demo data seeded' : ''}.`,
    config.seedDemo ? 'Demo logins (organisation code / user name / password):' : '',
    ...(config.seedDemo
      ? DEMO_LOGINS.map((l) => `  ${l.tenant}  ${l.userName.padEnd(11)} ${l.password.padEnd(13)} ${l.role}`)
      : []),
    'Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(
    `${lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n')}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
