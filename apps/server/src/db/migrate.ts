import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';
import { runDataMigrations } from './data-migrations';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed SQL migrations, then the data migrations that need the domain's rules; safe to
 * run at every start (and from several instances).
 */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await runDataMigrations(db);
}
