import {
  FHIR_GLUCOSE_PERIOD_EXTENSION,
  FHIR_IDENTIFIER_SYSTEMS,
  FHIR_LOCAL_SYSTEMS,
  FHIR_SYSTEMS,
  fhirDataAbsentReasonOf,
  fhirDateTime,
  fhirInterpretationOf,
  HBA1C_ITEM_CODE,
  HBA1C_LOINC,
  type Lang,
  LOINC_SYSTEM,
  type LoincTerm,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  observationOfLoinc,
  READING_LOINC,
  REFUSAL_REASON_DICT,
  REJECT_REASON_DICT,
  readingLoinc,
  readingUnitCode,
  STORAGE_UNITS,
  UCUM_SYSTEM,
  UNTESTED_REASON_DICT,
  ucumOf,
} from '@glucocare/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import { labResults, measurements } from '../../../db/schema';
import type { Resource } from './bundle';
import { compact, type FhirContext, type ResourceProvider } from './context';
import { visiblePatients } from './patient';
import {
  alternatives,
  badParam,
  dateConditions,
  instantCondition,
  parseToken,
  type RawQuery,
  referenceId,
  valuesOf,
} from './search';

/**
 * Observations come from two tables: bedside readings (`measurements`: glucose, ketone, uric acid) with
 * ids `m-<id>`, and lab results (`lab_results`, e.g. HbA1c) with ids `lab-<id>`. A search reads both
 * in one statement (UNION ALL, newest first) unless its code or category names only one.
 */

const M = measurements;
const L = labResults;

/** The row both kinds are read into. */
interface ObservationRow extends Record<string, unknown> {
  kind: 'm' | 'l';
  id: string;
  patient_id: string;
  admission_id: string | null;
  item: string;
  item_name: string | null;
  period_code: string | null;
  period_name: string | null;
  effective: Date | string;
  entered_value: number | null;
  entered_unit: string | null;
  storage_value: number | null;
  classification: string | null;
  untested_reason: string | null;
  untested_reason_name: string | null;
  untested_reason_text: string | null;
  refusal_reason_name: string | null;
  reject_reason: string | null;
  reject_reason_name: string | null;
  note: string | null;
  tester_id: string | null;
  tester_name: string | null;
  device_serial: string | null;
  device_id: string | null;
  status: string;
  approved_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
}

const name = (lang: Lang, alias: string) =>
  sql.raw(lang === 'zh-CN' ? `${alias}.name_zh` : `${alias}.name_en`);

const reasonName = (lang: Lang, type: string, code: SQL) =>
  sql`(select ${name(lang, 'd')} from dict_entries d where d.tenant_id = ${M.tenantId}
    and d.type = ${type} and d.code = ${code} and d.deleted_at is null)`;

/** The readings' select list (names in the request language are look-ups by unique key). */
function readingSelect(lang: Lang): SQL {
  return sql`select 'm'::text as kind, ${M.id} as id, ${M.patientId} as patient_id, ${M.admissionId} as admission_id,
      ${M.item} as item, null::text as item_name, ${M.periodCode} as period_code,
      (select ${name(lang, 'gp')} from glucose_periods gp where gp.tenant_id = ${M.tenantId} and gp.code = ${M.periodCode}) as period_name,
      ${M.testTime} as effective, ${M.enteredValue} as entered_value, ${M.enteredUnit} as entered_unit,
      ${M.value} as storage_value, ${M.classification} as classification,
      ${M.untestedReason} as untested_reason,
      ${reasonName(lang, UNTESTED_REASON_DICT, sql`${M.untestedReason}`)} as untested_reason_name,
      ${M.untestedReasonText} as untested_reason_text,
      ${reasonName(lang, REFUSAL_REASON_DICT, sql`${M.refusalReason}`)} as refusal_reason_name,
      ${M.rejectReason} as reject_reason,
      ${reasonName(lang, REJECT_REASON_DICT, sql`${M.rejectReason}`)} as reject_reason_name,
      ${M.note} as note, ${M.testerId} as tester_id, ${M.testerName} as tester_name,
      ${M.deviceSerial} as device_serial,
      (select a.id from analyzers a where a.tenant_id = ${M.tenantId} and a.sn = ${M.deviceSerial}
        and a.deleted_at is null) as device_id,
      ${M.status} as status, ${M.approvedAt} as approved_at, ${M.createdAt} as created_at,
      ${M.updatedAt} as updated_at, ${M.deletedAt} as deleted_at
    from ${M} join patients on patients.tenant_id = ${M.tenantId} and patients.id = ${M.patientId}`;
}

function labSelect(): SQL {
  return sql`select 'l'::text as kind, ${L.id} as id, ${L.patientId} as patient_id, null::bigint as admission_id,
      ${L.itemCode} as item, ${L.itemName} as item_name, null::text as period_code, null::text as period_name,
      ${L.resultedAt} as effective, ${L.value} as entered_value, ${L.unit} as entered_unit,
      ${L.value} as storage_value, null::text as classification, null::text as untested_reason,
      null::text as untested_reason_name, null::text as untested_reason_text, null::text as refusal_reason_name,
      null::text as reject_reason, null::text as reject_reason_name, null::text as note,
      null::bigint as tester_id, null::text as tester_name, null::text as device_serial, null::bigint as device_id,
      'approved'::text as status, null::timestamptz as approved_at, ${L.createdAt} as created_at,
      ${L.createdAt} as updated_at, ${L.deletedAt} as deleted_at
    from ${L} join patients on patients.tenant_id = ${L.tenantId} and patients.id = ${L.patientId}`;
}

// ---- codes ----

/** The unit code (`mmolL`, `mgDl`, `umolL`) of a reading's entered unit in SQL, as `readingUnitCode` reads it, with the item's default. */
function unitCodeSql(): SQL {
  const normalized = sql`regexp_replace(lower(translate(coalesce(${M.enteredUnit}, ''), 'µμ', 'uu')), '\\s+', '', 'g')`;
  return sql`(case when ${normalized} in ('mmoll', 'mmol/l') then 'mmolL'
    when ${normalized} in ('mgdl', 'mg/dl') then 'mgDl'
    when ${normalized} in ('umoll', 'umol/l') then 'umolL'
    when ${M.item} = 'UA' then 'umolL' else 'mmolL' end)`;
}

const hba1cIfcc = sql`lower(replace(coalesce(${L.unit}, ''), ' ', '')) = 'mmol/mol'`;

/** The HbA1c LOINC term of a result's unit: IFCC mmol/mol, else NGSP %. */
function hba1cTerm(unit: string | null): LoincTerm {
  return unit?.replace(/\s/g, '').toLowerCase() === 'mmol/mol' ? HBA1C_LOINC['mmol/mol'] : HBA1C_LOINC['%'];
}

const isHba1c = sql`upper(${L.itemCode}) = ${HBA1C_ITEM_CODE}`;

/** Conditions on each table; `false` when the table can hold no match. */
interface Split {
  m: SQL | false;
  l: SQL | false;
}

const NONE: Split = { m: false, l: false };

function orSplits(parts: Split[]): Split {
  const m = parts.map((p) => p.m).filter((c): c is SQL => c !== false);
  const l = parts.map((p) => p.l).filter((c): c is SQL => c !== false);
  return {
    m: m.length ? (sql`(${sql.join(m, sql` or `)})` as SQL) : false,
    l: l.length ? (sql`(${sql.join(l, sql` or `)})` as SQL) : false,
  };
}

function andSplits(parts: Split[]): Split {
  const all = (side: 'm' | 'l') => {
    const conditions = parts.map((p) => p[side]);
    if (conditions.includes(false)) return false;
    return (and(...(conditions as SQL[])) ?? sql`true`) as SQL;
  };
  return { m: all('m'), l: all('l') };
}

/** `code`: `http://loinc.org|14743-9`, a bare LOINC code, or a lab item code of the hospital. */
function codeSplit(value: string): Split {
  const { system, code } = parseToken(value);
  if (code === undefined || system === null) return NONE;
  const parts: Split[] = [];
  if (system === undefined || system === LOINC_SYSTEM) {
    const kind = observationOfLoinc(code);
    if (kind?.kind === 'reading') {
      const unitCode = readingUnitCode(kind.unit);
      parts.push({ m: sql`(${M.item} = ${kind.item} and ${unitCodeSql()} = ${unitCode})`, l: false });
    } else if (kind?.kind === 'hba1c') {
      parts.push({
        m: false,
        l: sql`(${isHba1c} and ${kind.unit === 'mmol/mol' ? hba1cIfcc : sql`not (${hba1cIfcc})`})`,
      });
    }
  }
  if (system === undefined || system === FHIR_LOCAL_SYSTEMS.inspectionItem) {
    parts.push({ m: false, l: sql`upper(${L.itemCode}) = upper(${code})` });
  }
  return orSplits(parts);
}

/** `category`: `laboratory` (both), `point-of-care` (readings) or `lab-result`. */
function categorySplit(value: string): Split {
  const { system, code } = parseToken(value);
  if (code === undefined || system === null) return NONE;
  const standard = system === undefined || system === FHIR_SYSTEMS.observationCategory;
  const local = system === undefined || system === FHIR_LOCAL_SYSTEMS.observationCategory;
  if (standard && code === 'laboratory') return { m: sql`true`, l: sql`true` };
  if (local && code === 'point-of-care') return { m: sql`true`, l: false };
  if (local && code === 'lab-result') return { m: false, l: sql`true` };
  return NONE;
}

/** An Observation id: `m-<id>` (a reading) or `lab-<id>` (a lab result). */
function parseObservationId(text: string): { kind: 'm' | 'l'; id: number } | null {
  const match = /^(m|lab)-(\d{1,15})$/.exec(text);
  if (!match) return null;
  return { kind: match[1] === 'm' ? 'm' : 'l', id: Number(match[2]) };
}

function idSplit(value: string): Split {
  const parsed = parseObservationId(value);
  if (!parsed) return NONE;
  return parsed.kind === 'm'
    ? { m: sql`${M.id} = ${parsed.id}`, l: false }
    : { m: false, l: sql`${L.id} = ${parsed.id}` };
}

function patientSplit(value: string): Split {
  const id = referenceId(value, 'Patient');
  if (id === null) return NONE;
  return { m: sql`${M.patientId} = ${id}`, l: sql`${L.patientId} = ${id}` };
}

function encounterSplit(value: string): Split {
  const id = referenceId(value, 'Encounter');
  if (id === null) return NONE;
  // lab results carry no stay
  return { m: sql`${M.admissionId} = ${id}`, l: false };
}

/** Each repetition ANDed, each repetition's comma-separated values ORed. */
function paramSplit(query: RawQuery, param: string, of: (value: string) => Split): Split | undefined {
  const repetitions = valuesOf(query, param);
  if (!repetitions.length) return undefined;
  return andSplits(
    repetitions.map((value) => {
      const parts = alternatives(value);
      if (!parts.length) throw badParam(param, 'no value given');
      if (parts.length > 50) throw badParam(param, 'at most 50 values');
      return orSplits(parts.map(of));
    }),
  );
}

async function searchSplit(ctx: FhirContext, query: RawQuery): Promise<Split> {
  const visible = visiblePatients(ctx);
  const parts: Split[] = [
    {
      // the item list (every item there is) lets a date range use measurements_item_time_idx
      m: and(
        sql`${M.tenantId} = ${ctx.session.tenantId}`,
        sql`${M.item} in (${sql.join(
          MEASUREMENT_ITEMS.map((item) => sql`${item}`),
          sql`, `,
        )})`,
        sql`${M.deletedAt} is null`,
        visible,
      ) as SQL,
      l: and(sql`${L.tenantId} = ${ctx.session.tenantId}`, sql`${L.deletedAt} is null`, visible) as SQL,
    },
  ];
  const add = (split: Split | undefined) => {
    if (split) parts.push(split);
  };
  add(paramSplit(query, '_id', idSplit));
  add(paramSplit(query, 'patient', patientSplit));
  add(paramSplit(query, 'subject', patientSplit));
  add(paramSplit(query, 'encounter', encounterSplit));
  add(paramSplit(query, 'code', codeSplit));
  add(paramSplit(query, 'category', categorySplit));
  if (query.date !== undefined) {
    const timeZone = await ctx.timeZone();
    const m = dateConditions(query, 'date', timeZone, (range) => instantCondition(sql`${M.testTime}`, range));
    const l = dateConditions(query, 'date', timeZone, (range) =>
      instantCondition(sql`${L.resultedAt}`, range),
    );
    parts.push({ m: m ?? sql`true`, l: l ?? sql`true` });
  }
  return andSplits(parts);
}

// ---- the resource ----

const KNOWN_UCUM = new Set(['mmol/L', 'mg/dL', 'umol/L', '%', 'mmol/mol', 'g/L', 'mg/L', 'U/L', 'mol/mol']);

function quantity(value: number, unit: string | null) {
  const ucum = ucumOf(unit);
  if (ucum && KNOWN_UCUM.has(ucum)) return { value, unit: ucum, system: UCUM_SYSTEM, code: ucum };
  return compact({ value, unit: ucum ?? undefined });
}

const LABORATORY = {
  coding: [{ system: FHIR_SYSTEMS.observationCategory, code: 'laboratory', display: 'Laboratory' }],
};
const POINT_OF_CARE = {
  coding: [
    { system: FHIR_LOCAL_SYSTEMS.observationCategory, code: 'point-of-care', display: 'Point-of-care test' },
  ],
};
const LAB_RESULT = {
  coding: [
    { system: FHIR_LOCAL_SYSTEMS.observationCategory, code: 'lab-result', display: 'Laboratory result' },
  ],
};

const ITEM_TEXT: Record<MeasurementItem, string> = {
  GLU: 'Blood glucose (point of care)',
  KET: 'Blood ketone, β-hydroxybutyrate (point of care)',
  UA: 'Uric acid (point of care)',
};

/**
 * The status: a deleted row `entered-in-error`; a reading waiting for approval `preliminary`; an
 * approved reading `final`, or `amended` when it was corrected after approval (data management
 * keeps a corrected reading approved; approval and a correction before it leave
 * `updated_at = approved_at`); a lab result `final`.
 */
function statusOf(row: ObservationRow): string {
  if (row.deleted_at) return 'entered-in-error';
  if (row.kind === 'l') return 'final';
  if (row.status !== 'approved') return 'preliminary';
  const approved = row.approved_at ? new Date(row.approved_at).getTime() : null;
  if (approved !== null && new Date(row.updated_at).getTime() > approved) return 'amended';
  return 'final';
}

export function observationResource(row: ObservationRow, timeZone: string): Resource {
  const at = (value: Date | string) => fhirDateTime(value, timeZone);
  const reading = row.kind === 'm';
  const item = row.item as MeasurementItem;
  // the value as entered (value and unit); a row from before entered values were kept: the storage value
  const enteredValue = row.entered_value ?? row.storage_value;
  const unit =
    row.entered_value !== null
      ? row.entered_unit
      : reading && MEASUREMENT_ITEMS.includes(item)
        ? STORAGE_UNITS[item]
        : row.entered_unit;
  let code: Record<string, unknown>;
  if (reading) {
    const term = MEASUREMENT_ITEMS.includes(item) ? readingLoinc(item, unit) : null;
    code = compact({
      coding: term ? [{ system: LOINC_SYSTEM, code: term.code, display: term.display }] : undefined,
      text: ITEM_TEXT[item] ?? row.item,
    });
  } else {
    const term = row.item.toUpperCase() === HBA1C_ITEM_CODE ? hba1cTerm(row.entered_unit) : null;
    code = {
      coding: [
        ...(term ? [{ system: LOINC_SYSTEM, code: term.code, display: term.display }] : []),
        { system: FHIR_LOCAL_SYSTEMS.inspectionItem, code: row.item, display: row.item_name ?? row.item },
      ],
      text: row.item_name ?? row.item,
    };
  }
  const interpretation = fhirInterpretationOf(row.classification);
  const absent = enteredValue === null;
  const absentText = [
    row.untested_reason ? (row.untested_reason_name ?? row.untested_reason) : null,
    row.refusal_reason_name,
    row.reject_reason ? (row.reject_reason_name ?? row.reject_reason) : null,
    row.untested_reason_text,
  ]
    .filter((part) => part)
    .join('; ');
  const absentReason = fhirDataAbsentReasonOf(row.untested_reason);
  const deviceDisplay = row.device_serial ? `Meter ${row.device_serial}` : undefined;
  return compact({
    resourceType: 'Observation',
    id: `${reading ? 'm' : 'lab'}-${row.id}`,
    meta: { lastUpdated: at(row.updated_at) },
    extension:
      reading && row.period_code
        ? [
            {
              url: FHIR_GLUCOSE_PERIOD_EXTENSION,
              valueCoding: compact({
                system: FHIR_LOCAL_SYSTEMS.glucosePeriod,
                code: row.period_code,
                display: row.period_name ?? undefined,
              }),
            },
          ]
        : undefined,
    status: statusOf(row),
    category: [LABORATORY, reading ? POINT_OF_CARE : LAB_RESULT],
    code,
    subject: { reference: `Patient/${row.patient_id}` },
    encounter: row.admission_id ? { reference: `Encounter/${row.admission_id}` } : undefined,
    effectiveDateTime: at(row.effective),
    issued: at(row.approved_at ?? row.created_at),
    performer: row.tester_id
      ? [compact({ reference: `Practitioner/${row.tester_id}`, display: row.tester_name ?? undefined })]
      : row.tester_name
        ? [{ display: row.tester_name }]
        : undefined,
    valueQuantity: absent ? undefined : quantity(enteredValue, unit),
    dataAbsentReason: absent
      ? compact({
          coding: [{ system: FHIR_SYSTEMS.dataAbsentReason, ...absentReason }],
          text: absentText || undefined,
        })
      : undefined,
    interpretation:
      interpretation && !absent
        ? [
            {
              coding: [{ system: FHIR_SYSTEMS.interpretation, ...interpretation }],
            },
          ]
        : undefined,
    note: row.note ? [{ text: row.note }] : undefined,
    device: row.device_id
      ? { reference: `Device/${row.device_id}`, display: deviceDisplay }
      : row.device_serial
        ? {
            identifier: { system: FHIR_IDENTIFIER_SYSTEMS.deviceSerial, value: row.device_serial },
            display: deviceDisplay,
          }
        : undefined,
  });
}

export const observationProvider: ResourceProvider = {
  type: 'Observation',
  searchParams: ['_id', 'patient', 'subject', 'encounter', 'date', 'code', 'category'],
  async read(ctx, id) {
    const parsed = parseObservationId(id);
    if (!parsed) return null;
    // a deleted row is read with status entered-in-error (a search leaves it out)
    const visible = visiblePatients(ctx);
    const statement =
      parsed.kind === 'm'
        ? sql`${readingSelect(ctx.lang)} where ${M.tenantId} = ${ctx.session.tenantId} and ${M.id} = ${parsed.id} and ${visible}`
        : sql`${labSelect()} where ${L.tenantId} = ${ctx.session.tenantId} and ${L.id} = ${parsed.id} and ${visible}`;
    const { rows } = await ctx.db.execute<ObservationRow>(statement);
    const row = rows[0];
    return row ? observationResource(row, await ctx.timeZone()) : null;
  },
  async search(ctx, query, paging) {
    const split = await searchSplit(ctx, query);
    const parts: SQL[] = [];
    const counts: SQL[] = [];
    if (split.m !== false) {
      parts.push(sql`(${readingSelect(ctx.lang)} where ${split.m})`);
      counts.push(
        sql`(select count(*) from ${M} join patients on patients.tenant_id = ${M.tenantId} and patients.id = ${M.patientId} where ${split.m})`,
      );
    }
    if (split.l !== false) {
      parts.push(sql`(${labSelect()} where ${split.l})`);
      counts.push(
        sql`(select count(*) from ${L} join patients on patients.tenant_id = ${L.tenantId} and patients.id = ${L.patientId} where ${split.l})`,
      );
    }
    if (!parts.length) return { total: 0, resources: [] };
    const [page, total, timeZone] = await Promise.all([
      paging.count === 0
        ? Promise.resolve({ rows: [] as ObservationRow[] })
        : ctx.db.execute<ObservationRow>(sql`select * from (${sql.join(parts, sql` union all `)}) obs
            order by obs.effective desc, obs.kind desc, obs.id desc
            limit ${paging.count} offset ${paging.offset}`),
      ctx.db.execute<{ total: string }>(sql`select ${sql.join(counts, sql` + `)} as total`),
      ctx.timeZone(),
    ]);
    return {
      total: Number(total.rows[0]?.total ?? 0),
      resources: page.rows.map((row) => observationResource(row, timeZone)),
    };
  },
};

/** The LOINC terms the API answers with (CapabilityStatement and docs). */
export const OBSERVATION_CODES = [
  ...Object.entries(READING_LOINC).flatMap(([item, terms]) =>
    Object.values(terms).map((term) => ({ item, ...term })),
  ),
  ...Object.values(HBA1C_LOINC).map((term) => ({ item: HBA1C_ITEM_CODE, ...term })),
];
