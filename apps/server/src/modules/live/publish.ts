import type { LiveEvent, LiveTopic } from '@glucocare/domain/live';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { LIVE_CHANNEL } from './hub';

/** One change to announce, before it is split per department. */
export interface LiveChange {
  topic: LiveTopic;
  departmentCode: string;
  patientId?: number;
  criticalId?: number;
  /** told whatever their scope */
  userIds?: number[];
}

/**
 * Most patient or critical ids one event names. NOTIFY refuses payloads of 8,000 bytes or more; an
 * upload of 1,000 readings of one ward would exceed that, so past this many the lists are left empty,
 * which a client reads as "some patients of these departments" and reloads the department's screens.
 */
const MAX_IDS = 200;

const unique = <T>(values: T[]) => [...new Set(values)];
const capped = (values: number[]) => (values.length > MAX_IDS ? [] : values);

/** The events of a set of changes: one per topic and department. */
export function liveEventsOf(tenantId: string, changes: LiveChange[], at: number): LiveEvent[] {
  const groups = new Map<string, LiveChange[]>();
  for (const change of changes) {
    const key = `${change.topic}\u0000${change.departmentCode}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    return {
      topic: first.topic,
      tenantId,
      departments: [first.departmentCode],
      patientIds: capped(unique(group.flatMap((change) => (change.patientId ? [change.patientId] : [])))),
      userIds: unique(group.flatMap((change) => change.userIds ?? [])).slice(0, MAX_IDS),
      criticalIds: capped(unique(group.flatMap((change) => (change.criticalId ? [change.criticalId] : [])))),
      at,
    };
  });
}

/**
 * Announces changes on the push channel from inside the writer's transaction: PostgreSQL delivers a
 * NOTIFY only when the transaction commits, so a rolled-back write is never announced and a committed
 * one always is, to every server process (hub.ts). One statement whatever the number of events. `at` is
 * the wall clock (not the request's clock, which tests move): it measures delivery latency.
 */
export async function publishLive(tx: DbOrTx, tenantId: string, changes: LiveChange[]): Promise<void> {
  if (!changes.length) return;
  const payloads = liveEventsOf(tenantId, changes, Date.now()).map((event) => JSON.stringify(event));
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`,
  );
}
