import { FHIR_IDENTIFIER_SYSTEMS, FHIR_SYSTEMS, fhirDateTime, type Lang } from '@glucocare/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { patientAdmissions, patients } from '../../../db/schema';
import type { Resource } from './bundle';
import { compact, type FhirContext, type ResourceProvider } from './context';
import { visiblePatients } from './patient';
import {
  conditionOf,
  dateConditions,
  numericId,
  periodCondition,
  type RawQuery,
  referenceId,
} from './search';

interface TransferJson {
  from: string;
  to: string;
  fromName: string | null;
  toName: string | null;
  fromBed: string | null;
  toBed: string | null;
  at: string;
}

/** A department's name in the request language (the code when it has none). */
const departmentName = (lang: Lang, code: SQL) =>
  lang === 'zh-CN'
    ? sql`(select d.name from departments d where d.tenant_id = ${patientAdmissions.tenantId} and d.code = ${code})`
    : sql`(select coalesce(d.name_en, d.name) from departments d where d.tenant_id = ${patientAdmissions.tenantId} and d.code = ${code})`;

/**
 * A stay with what the resource shows besides its row, in one statement: the ward names, the
 * responsible doctor's user (by login name, case-insensitive as logins are) and the stay's transfers
 * in time order (patient_transfers_patient_idx).
 */
function encounterColumns(lang: Lang) {
  return {
    a: patientAdmissions,
    departmentName: sql<string | null>`${departmentName(lang, sql`${patientAdmissions.departmentCode}`)}`,
    doctorId: sql<string | null>`(select u.id from users u where u.tenant_id = ${patientAdmissions.tenantId}
      and lower(u.user_name) = lower(${patientAdmissions.doctorCode}))`,
    doctorName: sql<
      string | null
    >`(select u.nick_name from users u where u.tenant_id = ${patientAdmissions.tenantId}
      and lower(u.user_name) = lower(${patientAdmissions.doctorCode}))`,
    transfers: sql<TransferJson[]>`(select coalesce(json_agg(json_build_object(
        'from', t.from_department_code, 'to', t.to_department_code,
        'fromName', ${departmentName(lang, sql`t.from_department_code`)},
        'toName', ${departmentName(lang, sql`t.to_department_code`)},
        'fromBed', t.from_bed, 'toBed', t.to_bed, 'at', t.start_time) order by t.start_time, t.id), '[]'::json)
      from patient_transfers t where t.tenant_id = ${patientAdmissions.tenantId}
        and t.patient_id = ${patientAdmissions.patientId} and t.admission_id = ${patientAdmissions.id})`,
  };
}

type EncounterRow = {
  a: typeof patientAdmissions.$inferSelect;
  departmentName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  transfers: TransferJson[];
};

const wardDisplay = (name: string | null, code: string, bed: string | null) =>
  `${name ?? code}${bed ? `, bed ${bed}` : ''}`;

/**
 * Encounter: one hospital stay (patient_admissions), class IMP, in-progress until discharged. Its
 * wards over time come from the stay's transfers: `location` lists each ward (and bed) with the
 * period it lay there, the current one `active`. Wards are named by department code and name (the API
 * serves no Location resources). The responsible doctor is the attender.
 */
export function encounterResource(row: EncounterRow, timeZone: string): Resource {
  const stay = row.a;
  const at = (value: Date | string) => fhirDateTime(value, timeZone);
  const segments: { code: string; name: string | null; bed: string | null; start: Date | string }[] = [];
  const first = row.transfers[0];
  segments.push(
    first
      ? { code: first.from, name: first.fromName, bed: first.fromBed, start: stay.admittedAt }
      : { code: stay.departmentCode, name: row.departmentName, bed: stay.bed, start: stay.admittedAt },
  );
  for (const move of row.transfers) {
    segments.push({ code: move.to, name: move.toName, bed: move.toBed, start: move.at });
  }
  const location = segments.map((segment, index) => {
    const next = segments[index + 1];
    const end = next?.start ?? stay.dischargedAt ?? undefined;
    const current = !next && !stay.dischargedAt;
    return {
      location: {
        identifier: { system: FHIR_IDENTIFIER_SYSTEMS.department, value: segment.code },
        display: wardDisplay(segment.name, segment.code, segment.bed),
      },
      status: current ? 'active' : 'completed',
      period: compact({ start: at(segment.start), end: end ? at(end) : undefined }),
    };
  });
  return compact({
    resourceType: 'Encounter',
    id: String(stay.id),
    identifier: stay.inpatientNumber
      ? [{ system: FHIR_IDENTIFIER_SYSTEMS.inpatientNumber, value: stay.inpatientNumber }]
      : undefined,
    status: stay.dischargedAt ? 'finished' : 'in-progress',
    class: { system: FHIR_SYSTEMS.actCode, code: 'IMP', display: 'inpatient encounter' },
    subject: { reference: `Patient/${stay.patientId}` },
    participant: stay.doctorCode
      ? [
          {
            type: [
              {
                coding: [{ system: FHIR_SYSTEMS.participationType, code: 'ATND', display: 'attender' }],
              },
            ],
            individual: compact({
              reference: row.doctorId ? `Practitioner/${row.doctorId}` : undefined,
              identifier: row.doctorId
                ? undefined
                : { system: FHIR_IDENTIFIER_SYSTEMS.userName, value: stay.doctorCode },
              display: row.doctorName ?? stay.doctorCode,
            }),
          },
        ]
      : undefined,
    period: compact({
      start: at(stay.admittedAt),
      end: stay.dischargedAt ? at(stay.dischargedAt) : undefined,
    }),
    location,
  });
}

const patientJoin = and(
  eq(patients.tenantId, patientAdmissions.tenantId),
  eq(patients.id, patientAdmissions.patientId),
);

/** The stays the caller may see: those of the patients they may see (tenant, scope, not deleted). */
function visibleStays(ctx: FhirContext): SQL {
  return and(eq(patientAdmissions.tenantId, ctx.session.tenantId), visiblePatients(ctx)) as SQL;
}

const patientCondition = (value: string) => {
  const id = referenceId(value, 'Patient');
  return id === null ? sql`false` : eq(patientAdmissions.patientId, id);
};

async function searchConditions(ctx: FhirContext, query: RawQuery): Promise<SQL> {
  return and(
    visibleStays(ctx),
    conditionOf(query, '_id', (value) => {
      const id = numericId(value);
      return id === null ? sql`false` : eq(patientAdmissions.id, id);
    }),
    conditionOf(query, 'patient', patientCondition),
    conditionOf(query, 'subject', patientCondition),
    conditionOf(query, 'status', (value) => {
      if (value === 'finished') return sql`${patientAdmissions.dischargedAt} is not null`;
      if (value === 'in-progress') return sql`${patientAdmissions.dischargedAt} is null`;
      return sql`false`;
    }),
    query.date === undefined
      ? undefined
      : dateConditions(query, 'date', await ctx.timeZone(), (range) =>
          periodCondition(
            sql`${patientAdmissions.admittedAt}`,
            sql`${patientAdmissions.dischargedAt}`,
            range,
          ),
        ),
  ) as SQL;
}

export const encounterProvider: ResourceProvider = {
  type: 'Encounter',
  searchParams: ['_id', 'patient', 'subject', 'date', 'status'],
  async read(ctx, id) {
    const key = numericId(id);
    if (key === null) return null;
    const [row] = await ctx.db
      .select(encounterColumns(ctx.lang))
      .from(patientAdmissions)
      .innerJoin(patients, patientJoin)
      .where(and(visibleStays(ctx), eq(patientAdmissions.id, key)));
    return row ? encounterResource(row, await ctx.timeZone()) : null;
  },
  async search(ctx, query, paging) {
    const where = await searchConditions(ctx, query);
    const [rows, [counted], timeZone] = await Promise.all([
      paging.count === 0
        ? Promise.resolve([])
        : ctx.db
            .select(encounterColumns(ctx.lang))
            .from(patientAdmissions)
            .innerJoin(patients, patientJoin)
            .where(where)
            .orderBy(desc(patientAdmissions.admittedAt), desc(patientAdmissions.id))
            .limit(paging.count)
            .offset(paging.offset),
      ctx.db.select({ total: count() }).from(patientAdmissions).innerJoin(patients, patientJoin).where(where),
      ctx.timeZone(),
    ]);
    return { total: counted?.total ?? 0, resources: rows.map((row) => encounterResource(row, timeZone)) };
  },
};
