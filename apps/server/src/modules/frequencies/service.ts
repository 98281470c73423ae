import { type AdviceFrequencyCreate, type AdviceFrequencyUpdate, orderedTimes } from '@glucocare/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adviceFrequencies as frequencies } from '../../db/schema';
import { mapPage } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type FrequencyRow = typeof frequencies.$inferSelect;

function toRecord(row: FrequencyRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    frequency: row.frequency,
    timesPerDay: row.timesPerDay,
    executeTimes: row.executeTimes,
    sort: row.sort,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Order frequencies: codes unique in the tenant, removed outright (orders keep the code and text they were written with). */
const frequencyResource = defineResource({
  table: frequencies,
  entity: 'adviceFrequency',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'settings.frequency.codeTaken' },
  search: [frequencies.code, frequencies.name, frequencies.frequency],
  filters: { isActive: frequencies.isActive },
  orderBy: [asc(frequencies.sort), asc(frequencies.code)],
  auditView: toRecord,
});
const enabled = (tenantId: string) => frequencyResource.where({ tenantId }, eq(frequencies.isActive, true));
const order = frequencyResource.declaration.orderBy;

/** Enabled frequencies for the order form's picker: code, name and frequency text only. */
export async function frequencyOptions(db: Database, tenantId: string) {
  return db
    .select({ code: frequencies.code, name: frequencies.name, frequency: frequencies.frequency })
    .from(frequencies)
    .where(enabled(tenantId))
    .orderBy(...order);
}

/** Enabled frequencies with their times (what order scheduling needs). */
export async function enabledFrequencies(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(frequencies)
    .where(enabled(tenantId))
    .orderBy(...order);
  return rows.map(toRecord);
}

export async function pageFrequencies(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; isActive?: boolean; page: number; size: number },
) {
  return mapPage(await frequencyResource.list(db, { tenantId }, query), toRecord);
}

const fieldsOf = (input: AdviceFrequencyCreate) => ({
  code: input.code,
  name: input.name,
  frequency: input.frequency,
  timesPerDay: input.timesPerDay ?? null,
  executeTimes: orderedTimes(input.executeTimes ?? []),
});

export async function createFrequency(
  db: Database,
  session: SessionUser,
  input: AdviceFrequencyCreate,
  meta: RequestMeta,
) {
  const values = { ...fieldsOf(input), sort: input.sort ?? 0, isActive: input.isActive ?? true };
  return toRecord(await frequencyResource.create(db, session, values, meta));
}

export async function updateFrequency(
  db: Database,
  session: SessionUser,
  input: AdviceFrequencyUpdate,
  meta: RequestMeta,
) {
  const { row } = await frequencyResource.update(
    db,
    session,
    input,
    (current) => ({
      ...fieldsOf(input),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return toRecord(row);
}

/** Removed outright: orders keep the frequency code and text they were written with. */
export async function deleteFrequency(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await frequencyResource.remove(db, session, key, meta);
}
