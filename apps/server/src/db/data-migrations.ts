import { type MeasurementItem, storedValueOf } from '@glucocare/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  loadClassifier,
  syncCriticalEvents,
  type WrittenReading,
} from '../modules/measurements/classify-at-write';
import type { Database, DbOrTx } from './client';
import { dataMigrations, measurements, patients } from './schema';

/** A data migration: a name recorded in `data_migrations` once applied, and the work, in one transaction. */
interface DataMigration {
  name: string;
  /** returns a one-line summary kept with the record */
  run(tx: DbOrTx): Promise<string>;
}

/**
 * Issue 13: readings are stored as entered plus a FULL-PRECISION storage value. Until migration 0009 a
 * reading entered in mg/dL was stored rounded to 1 decimal of mmol/L (100 mg/dL → 5.6, shown back as
 * 101), and mmol/L, ketone and µmol/L values were rounded to 2 decimals. This recomputes the storage
 * value of every row from its entered value and unit with the domain's `storedValueOf` (the write path's
 * own conversion), reclassifies the rows whose value changed with the hospital's current settings (the
 * settings in force when they were written are not kept; a row whose value is unchanged keeps the
 * classification it was written with), and brings their critical-value events in line (a value that
 * became critical opens an event, one that no longer is voids its open event; handled events keep their
 * handling and take the exact value). The day counts follow by their triggers.
 */
const fullPrecisionReadings: DataMigration = {
  name: 'full-precision-readings',
  async run(tx) {
    let changed = 0;
    let reclassified = 0;
    const tenants = await tx.execute<{ tenant_id: string }>(sql`select distinct tenant_id from measurements`);
    for (const { tenant_id: tenantId } of tenants.rows) {
      const classify = await loadClassifier(tx, tenantId);
      // Keyset pages of candidates: rows whose stored value can differ from the exact conversion of
      // what was entered (mg/dL entries, and values the old rounding changed).
      for (let after = 0; ; ) {
        const page = await tx
          .select({
            id: measurements.id,
            patientId: measurements.patientId,
            departmentCode: measurements.departmentCode,
            item: measurements.item,
            periodCode: measurements.periodCode,
            testTime: measurements.testTime,
            value: measurements.value,
            enteredValue: measurements.enteredValue,
            enteredUnit: measurements.enteredUnit,
            classification: measurements.classification,
            deletedAt: measurements.deletedAt,
            dateOfBirth: patients.dateOfBirth,
            age: patients.age,
          })
          .from(measurements)
          .innerJoin(
            patients,
            and(eq(patients.tenantId, measurements.tenantId), eq(patients.id, measurements.patientId)),
          )
          .where(
            sql`${measurements.tenantId} = ${tenantId} and ${measurements.id} > ${after}
              and ${measurements.enteredValue} is not null and ${measurements.value} is not null
              and (lower(${measurements.enteredUnit}) in ('mgdl', 'mg/dl')
                   or ${measurements.value} <> ${measurements.enteredValue})`,
          )
          .orderBy(measurements.id)
          .limit(PAGE);
        if (!page.length) break;
        after = page[page.length - 1].id;
        const updates: (WrittenReading & { color: string | null })[] = [];
        for (const row of page) {
          const exact = storedValueOf(
            row.item as MeasurementItem,
            row.enteredValue as number,
            row.enteredUnit,
          );
          if (exact === null || exact === row.value) continue;
          const result = classify(
            { ...row, item: row.item as MeasurementItem, value: exact },
            { departmentCode: row.departmentCode, dateOfBirth: row.dateOfBirth, age: row.age },
          );
          if (result.classification !== row.classification) reclassified++;
          updates.push({ ...row, value: exact, ...result });
        }
        if (!updates.length) continue;
        const of = (pick: (row: (typeof updates)[number]) => unknown) => sql.param(updates.map(pick));
        await tx.execute(sql`
          update measurements m
             set value = u.value, classification = u.classification, grade = u.grade, color = u.color
            from unnest(${of((r) => r.id)}::bigint[], ${of((r) => r.value)}::float8[],
                        ${of((r) => r.classification)}::text[], ${of((r) => r.grade)}::text[],
                        ${of((r) => r.color)}::text[]) as u(id, value, classification, grade, color)
           where m.tenant_id = ${tenantId} and m.id = u.id`);
        await syncCriticalEvents(tx, tenantId, updates);
        changed += updates.length;
      }
    }
    return `${changed} storage values recomputed at full precision, ${reclassified} reclassified`;
  },
};

/** Candidate rows read and updated at a time. */
const PAGE = 5000;

/** In the order they are applied. */
const DATA_MIGRATIONS: readonly DataMigration[] = [fullPrecisionReadings];

/**
 * Applies the data migrations not yet recorded, each in its own transaction with its record. An advisory
 * lock makes concurrent starts (several instances) apply each once.
 */
export async function runDataMigrations(db: Database): Promise<void> {
  for (const migration of DATA_MIGRATIONS) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('glucocare.data_migrations'))`);
      const done = await tx
        .select({ name: dataMigrations.name })
        .from(dataMigrations)
        .where(inArray(dataMigrations.name, [migration.name]));
      if (done.length) return;
      const summary = await migration.run(tx);
      await tx.insert(dataMigrations).values({ name: migration.name, summary });
    });
  }
}
