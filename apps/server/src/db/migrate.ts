import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed migrations; safe to run at every start (and from several instances). */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
