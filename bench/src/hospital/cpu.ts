import fs from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux x86-64). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used so far; null when /proc cannot tell (not Linux, gone). */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may contain spaces: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuSnapshot {
  app: number | null;
  /** PostgreSQL backends serving the bench database (same machine only) */
  db: Map<number, number>;
}

/**
 * CPU used so far by the app's process and by the PostgreSQL backends of `database`. The machine is
 * shared, so latency moves with other work; CPU milliseconds per request do much less.
 */
export async function cpuSnapshot(
  appPid: number | undefined,
  monitor: pg.Pool,
  database: string,
): Promise<CpuSnapshot> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const db = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) db.set(pid, ms);
  }
  return { app: appPid ? processCpuMs(appPid) : null, db };
}

/** CPU ms used between two snapshots: the app's, and the database backends' (new backends from zero). */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { app: number | null; db: number | null } {
  let db = 0;
  for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
  return {
    app: before.app !== null && after.app !== null ? after.app - before.app : null,
    db: after.db.size ? db : null,
  };
}
