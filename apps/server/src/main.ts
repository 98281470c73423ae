import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import {
  APPLICATION_DATABASE,
  type EmbeddedDatabase,
  passwordFileOf,
  startEmbeddedPostgres,
} from './db/embedded';
import { runMigrations } from './db/migrate';
import { schedulePartitionMaintenance } from './db/partitions';
import { createReadReplica } from './db/replica';
import { DEMO_LOGINS, seedDemoData } from './db/seed';
import { demoScreenLinks } from './modules/monitor/links';

async function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dataDir: config.dataDir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, database: APPLICATION_DATABASE });
    databaseUrl = embedded.url;
    log.info(
      { port: embedded.port, passwordFile: passwordFileOf(config.dataDir) },
      `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.databaseDir}`,
    );
  }
  const handle = createDb(databaseUrl, log, { preparedStatements: config.preparedStatements });
  await runMigrations(handle.db);
  const seeded = config.seedDemo ? await seedDemoData(handle.db) : false;
  // the readings' months ahead (and any waiting in the default partition), now and every six hours
  const partitions = schedulePartitionMaintenance(handle.db, log);
  await partitions.ready;
  const replica = config.databaseReplicaUrl
    ? createReadReplica(config.databaseReplicaUrl, handle, log, {
        maxLagSeconds: config.databaseReplicaMaxLagSeconds,
        preparedStatements: config.preparedStatements,
      })
    : undefined;
  const app = await buildApp(config, { db: handle.db, readDb: replica?.db });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    log.info(
      { signal, graceSeconds: config.shutdownGraceSeconds },
      'shutting down: finishing requests in flight',
    );
    // app.close() stops accepting at once, closes idle keep-alive connections and resolves when the
    // requests in flight have answered; past the grace period the connections still open are cut.
    const cut = setTimeout(() => {
      log.warn('grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    // the database and the embedded PostgreSQL get a few more seconds to stop cleanly
    const abandon = setTimeout(() => process.exit(1), graceMs + 10_000);
    abandon.unref();
    let code = 0;
    try {
      partitions.stop();
      await app.close();
      clearTimeout(cut);
      await replica?.close();
      await handle.close();
      await embedded?.stop();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      log.info('stopped');
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // the hospitals' HL7 listeners, as their settings say; settings are checked again every 5 s
  await app.hl7.start(5_000);
  // the outbox of approved readings to the HIS, looked at every second
  app.hl7Outbox.start(1_000);
  const url = `http://localhost:${config.port}`;
  const walls = config.seedDemo ? await demoScreenLinks(app, '101') : [];
  const lines = [
    '',
    `GlucoCare is running at ${url}  (API docs: ${url}/app-service/docs)`,
    `Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s${seeded ? ', demo data seeded' : ''}.`,
    config.seedDemo ? 'Demo logins (organisation code / user name / password):' : '',
    ...(config.seedDemo
      ? DEMO_LOGINS.map((l) => `  ${l.tenant}  ${l.userName.padEnd(11)} ${l.password.padEnd(13)} ${l.role}`)
      : []),
    walls.length ? 'Demo wall screens (no login; the link is the credential):' : '',
    ...walls.map((wall) => `  ${url}${wall.path}`),
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
