import { type AdviceFrequencyCreate, type AdviceFrequencyUpdate, orderedTimes } from '@glucocare/domain';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { adviceFrequencies as frequencies } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
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

const mine = (tenantId: string, where?: SQL) => and(eq(frequencies.tenantId, tenantId), where);
const enabled = (tenantId: string) => mine(tenantId, eq(frequencies.isActive, true));
const order = [asc(frequencies.sort), asc(frequencies.code)];

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
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = mine(
    tenantId,
    and(
      pattern
        ? or(
            ilike(frequencies.code, pattern),
            ilike(frequencies.name, pattern),
            ilike(frequencies.frequency, pattern),
          )
        : undefined,
      query.isActive === undefined ? undefined : eq(frequencies.isActive, query.isActive),
    ),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(frequencies)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(frequencies).where(where),
  ]);
  return { records: rows.map(toRecord), total, page: query.page, size: query.size };
}

async function findFrequency(db: DbOrTx, tenantId: string, id: number): Promise<FrequencyRow> {
  const [row] = await db
    .select()
    .from(frequencies)
    .where(mine(tenantId, eq(frequencies.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: frequencies.id })
    .from(frequencies)
    .where(mine(tenantId, eq(frequencies.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'settings.frequency.codeTaken');
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
  return db.transaction(async (tx) => {
    await checkCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(frequencies)
      .values({
        tenantId: session.tenantId,
        ...fieldsOf(input),
        sort: input.sort ?? 0,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'create',
        entity: 'adviceFrequency',
        entityId: row.id,
        after: toRecord(row),
      },
      meta,
    );
    return toRecord(row);
  });
}

export async function updateFrequency(
  db: Database,
  session: SessionUser,
  input: AdviceFrequencyUpdate,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    const current = await findFrequency(tx, tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkCodeFree(tx, tenantId, input.code, input.id);
    const row = await updateVersioned(tx, frequencies, { tenantId: tenantId, id: input.id }, input.version, {
      ...fieldsOf(input),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    });
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'adviceFrequency',
        entityId: row.id,
        before: toRecord(current),
        after: toRecord(row),
      },
      meta,
    );
    return toRecord(row);
  });
}

/** Removed outright: orders keep the frequency code and text they were written with. */
export async function deleteFrequency(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findFrequency(tx, session.tenantId, id);
    await tx.delete(frequencies).where(mine(session.tenantId, eq(frequencies.id, id)));
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'adviceFrequency',
        entityId: id,
        before: toRecord(current),
      },
      meta,
    );
  });
}
