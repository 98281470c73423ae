import {
  ACCURACY_PAIR_MINUTES,
  accuracySummary,
  LAB_GLUCOSE_ITEM_CODES,
  type QcAccuracyQuery,
  roundDecimal,
  toMmol,
  withinIsoLimits,
} from '@glucocare/domain';
import type { QcAccuracyPairView, QcAccuracyView } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import { analyzers, departments, labResults, measurements, patients } from '../../../db/schema';
import { departmentScopeCondition } from '../../../lib/scope';
import { hospitalTimeZone } from '../../settings/time-zone';
import { type AnalysisContext, iso, monthBounds } from './common';

type PairRow = {
  measurement_id: string;
  lab_result_id: string;
  patient_id: string;
  patient_name: string;
  test_time: Date | string;
  resulted_at: Date | string;
  meter: number;
  lab_value: number;
  lab_unit: string | null;
  device_serial: string;
  analyzer_id: string | null;
  model: string | null;
  department_code: string | null;
  department_name: string | null;
};

/**
 * GET /v1/deviceQc/accuracy: every live glucose reading of a meter (a device serial) taken in the hospital
 * month in the caller's departments, paired with the laboratory glucose (domain LAB_GLUCOSE_ITEM_CODES)
 * of the same patient closest in time within ±15 minutes (ties: the earlier result). A lab result may
 * pair with several meter readings (it is the reference for each, as when two meters are checked
 * against one venous sample); a reading pairs with at most one lab result. Judged by ISO 15197:2013
 * (domain quality/accuracy.ts); lab values in mg/dL are converted to mmol/L.
 */
export async function qcAccuracy(ctx: AnalysisContext, query: QcAccuracyQuery): Promise<QcAccuracyView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await monthBounds(ctx.db, timeZone, query.month);
  const m = measurements;
  const l = labResults;
  const a = analyzers;
  const d = departments;
  const name = ctx.lang === 'en-US' ? sql`coalesce(${d.nameEn}, ${d.name})` : sql`${d.name}`;
  const window = sql`${`${ACCURACY_PAIR_MINUTES} minutes`}::interval`;
  const { rows } = await ctx.db.execute<PairRow>(sql`
    select ${m.id} as measurement_id, lab.id as lab_result_id, ${m.patientId} as patient_id,
           ${patients.name} as patient_name, ${m.testTime} as test_time, lab.resulted_at, ${m.value} as meter,
           lab.value as lab_value, lab.unit as lab_unit, ${m.deviceSerial} as device_serial,
           ${a.id} as analyzer_id, ${a.model} as model, coalesce(${a.departmentCode}, ${m.departmentCode}) as department_code,
           ${name} as department_name
      from ${m}
      join lateral (
        select ${l.id} as id, ${l.value} as value, ${l.unit} as unit, ${l.resultedAt} as resulted_at
          from ${l}
         where ${l.tenantId} = ${m.tenantId} and ${l.patientId} = ${m.patientId} and ${l.deletedAt} is null
           and ${l.itemCode} in (${sql.join(
             LAB_GLUCOSE_ITEM_CODES.map((code) => sql`${code}`),
             sql`, `,
           )})
           and ${l.resultedAt} between ${m.testTime} - ${window} and ${m.testTime} + ${window}
         order by abs(extract(epoch from ${l.resultedAt} - ${m.testTime})), ${l.resultedAt}, ${l.id}
         limit 1) lab on true
      join ${patients} on ${patients.tenantId} = ${m.tenantId} and ${patients.id} = ${m.patientId}
      left join ${a} on ${a.tenantId} = ${m.tenantId} and ${a.sn} = ${m.deviceSerial} and ${a.deletedAt} is null
      left join ${d} on ${d.tenantId} = ${m.tenantId} and ${d.code} = coalesce(${a.departmentCode}, ${m.departmentCode})
     where ${m.tenantId} = ${ctx.session.tenantId} and ${m.item} = 'GLU' and ${m.deletedAt} is null
       and ${m.value} is not null and ${m.deviceSerial} is not null
       and ${m.testTime} >= ${from}::timestamptz and ${m.testTime} < ${to}::timestamptz
       and ${departmentScopeCondition(ctx.session.scope, m.departmentCode) ?? sql`true`}
       ${query.departmentCode ? sql`and coalesce(${a.departmentCode}, ${m.departmentCode}) = ${query.departmentCode}` : sql``}
       ${query.sn ? sql`and ${m.deviceSerial} = ${query.sn}` : sql``}
     order by ${m.deviceSerial}, ${m.testTime}, ${m.id}`);
  const meters = new Map<string, { head: PairRow; records: QcAccuracyPairView[] }>();
  for (const row of rows) {
    const meter = Number(row.meter);
    const reference = toMmol(Number(row.lab_value), row.lab_unit);
    const difference = roundDecimal(meter - reference, 6);
    const testTime = iso(row.test_time);
    const resultedAt = iso(row.resulted_at);
    const entry = meters.get(row.device_serial) ?? { head: row, records: [] };
    entry.records.push({
      measurementId: Number(row.measurement_id),
      labResultId: Number(row.lab_result_id),
      patientId: Number(row.patient_id),
      patientName: row.patient_name,
      testTime,
      resultedAt,
      minutesApart: roundDecimal((Date.parse(resultedAt) - Date.parse(testTime)) / 60_000, 1),
      meter,
      reference: roundDecimal(reference, 6),
      difference,
      differencePercent: roundDecimal((difference / reference) * 100, 2),
      within: withinIsoLimits(meter, reference),
    });
    meters.set(row.device_serial, entry);
  }
  return {
    month: query.month,
    meters: [...meters.entries()].map(([sn, { head, records }]) => ({
      sn,
      analyzerId: head.analyzer_id === null ? null : Number(head.analyzer_id),
      model: head.model,
      departmentCode: head.department_code,
      departmentName: head.department_name,
      ...accuracySummary(records),
      records,
    })),
  };
}
