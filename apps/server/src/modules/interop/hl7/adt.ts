/**
 * ADT from the HIS (docs/interop.md "ADT in"): every message with a PID refreshes the HIS patient
 * table (what the admission screen looks a wristband up in), and the patients change through the
 * services the screens use — the same domain schemas check the values, the same rules refuse (a bed
 * taken, a ward unknown), the same audit rows and live events follow. The sending system is the actor.
 *
 * A01 admit (a discharged patient of the same inpatient number is readmitted; one in hospital is
 * updated), A04 register (HIS table only: the ward admits from it), A02 transfer (PV1-3 the new ward
 * and bed), A03 discharge, A08 update of the person's details, A11 cancel admit (the mistaken
 * admission is removed, refused once it has readings), A13 cancel discharge (the stay reopens).
 */
import {
  admissionSchema,
  dischargeSchema,
  type FieldError,
  localizedIssues,
  parseHl7Timestamp,
  patientUpdateSchema,
  readmissionSchema,
  transferSchema,
} from '@glucocare/domain';
import type { z } from 'zod';
import { hisPatients } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { ageAt, type PatientRow } from '../../patients/access';
import {
  admitPatient,
  cancelDischarge,
  deletePatient,
  dischargePatient,
  type PatientContext,
  readmitPatient,
  transferPatient,
  updatePatient,
} from '../../patients/service';
import { ACK_LANG, Hl7Refusal, type InboundContext, patientNamed, refusalOfAppError } from './context';
import type { ErrorLocation } from './message';
import type { Stored } from './oru';
import { patientIdentifiers } from './oru';

const FIELD_AT: Record<string, ErrorLocation> = {
  name: { segment: 'PID', field: 5 },
  gender: { segment: 'PID', field: 8 },
  dateOfBirth: { segment: 'PID', field: 7 },
  age: { segment: 'PID', field: 7 },
  idCard: { segment: 'PID', field: 19 },
  mobilePhone: { segment: 'PID', field: 13 },
  inpatientNumber: { segment: 'PID', field: 3 },
  wristbandCode: { segment: 'PID', field: 3 },
  departmentCode: { segment: 'PV1', field: 3, component: 1 },
  toDepartmentCode: { segment: 'PV1', field: 3, component: 1 },
  bed: { segment: 'PV1', field: 3, component: 3 },
  toBed: { segment: 'PV1', field: 3, component: 3 },
  doctorCode: { segment: 'PV1', field: 7 },
  toDoctorCode: { segment: 'PV1', field: 7 },
  admittedAt: { segment: 'PV1', field: 44 },
  dischargedAt: { segment: 'PV1', field: 45 },
  startTime: { segment: 'EVN', field: 6 },
};
const locate = (field: string) => FIELD_AT[field.split('.')[0] ?? ''];

/** The values of a schema, or the first problem as a refusal naming the HL7 field. */
function checked<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first: FieldError | undefined = localizedIssues(schema, input, ACK_LANG)[0];
  throw new Hl7Refusal('dataType', first ? locate(first.field) : undefined, 'interop.hl7.fieldInvalid', {
    detail: first?.message ?? '',
  });
}

/** A service call whose refusals name the HL7 field. */
async function service<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw refusalOfAppError(error, locate);
    throw error;
  }
}

/** The person and the visit as the messages carry them. */
function personOf(ctx: InboundContext) {
  const h = ctx.message;
  const pid = h.all('PID')[0];
  const pv1 = h.all('PV1')[0];
  const evn = h.all('EVN')[0];
  const family = h.value(pid, 5, 1);
  const given = h.value(pid, 5, 2);
  // Chinese names are family then given, without a space; Latin names given then family
  const cjk = /[\u3400-\u9fff]/.test(family + given);
  const name = cjk ? `${family}${given}` : [given, family].filter(Boolean).join(' ');
  const sex = h.value(pid, 8).toUpperCase();
  const birth = h.value(pid, 7);
  const dateOfBirth = /^\d{8}/.test(birth)
    ? `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`
    : birth || undefined;
  const time = (text: string) =>
    text ? (parseHl7Timestamp(text, ctx.timeZone)?.toISOString() ?? text) : undefined;
  const ids = patientIdentifiers(ctx);
  return {
    ids,
    person: {
      name,
      gender: sex === 'M' ? 'male' : sex === 'F' ? 'female' : 'unknown',
      dateOfBirth,
      age:
        dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)
          ? ageAt(dateOfBirth, ctx.now, ctx.timeZone)
          : undefined,
      idCard: h.value(pid, 19) || undefined,
      mobilePhone: h.value(pid, 13) || undefined,
    },
    visit: {
      departmentCode: h.value(pv1, 3, 1),
      bed: h.value(pv1, 3, 3) || undefined,
      doctorCode: h.value(pv1, 7, 1),
      admittedAt: time(h.value(pv1, 44)) ?? time(h.value(evn, 6)) ?? time(h.value(evn, 2)),
      dischargedAt: time(h.value(pv1, 45)) ?? time(h.value(evn, 6)) ?? time(h.value(evn, 2)),
      eventAt: time(h.value(evn, 6)) ?? time(h.value(evn, 2)),
    },
  };
}

/** The HIS patient table follows every message about a person (the admission screen's lookup). */
async function refreshHisPatient(ctx: InboundContext, facts: ReturnType<typeof personOf>) {
  const { ids, person, visit } = facts;
  if (!ids.inpatientNumber || !person.name) return;
  const values = {
    wristbandCode: ids.wristbandCode || null,
    name: person.name,
    gender: person.gender,
    dateOfBirth:
      person.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(person.dateOfBirth) ? person.dateOfBirth : null,
    idCard: person.idCard ?? null,
    mobilePhone: person.mobilePhone ?? null,
    departmentCode: visit.departmentCode || null,
    bed: visit.bed ?? null,
    doctorCode: visit.doctorCode || null,
    admittedAt:
      visit.admittedAt && !Number.isNaN(Date.parse(visit.admittedAt)) ? new Date(visit.admittedAt) : null,
    source: 'hl7',
    receivedAt: ctx.now,
  };
  await ctx.tx
    .insert(hisPatients)
    .values({ tenantId: ctx.tenantId, inpatientNumber: ids.inpatientNumber, ...values })
    .onConflictDoUpdate({ target: [hisPatients.tenantId, hisPatients.inpatientNumber], set: values });
}

export async function handleAdt(ctx: InboundContext): Promise<Stored> {
  const h = ctx.message;
  if (!h.all('PID')[0]) {
    throw new Hl7Refusal('segmentSequence', { segment: 'PID' }, 'interop.hl7.segmentMissing', {
      segment: 'PID',
    });
  }
  const facts = personOf(ctx);
  if (!facts.ids.inpatientNumber) {
    throw new Hl7Refusal('requiredField', { segment: 'PID', field: 3 }, 'interop.hl7.patientIdRequired');
  }
  const event = h.triggerEvent;
  if (event !== 'A03' && event !== 'A11' && event !== 'A13') await refreshHisPatient(ctx, facts);
  const pctx: PatientContext = {
    db: ctx.tx as PatientContext['db'],
    session: ctx.session,
    lang: ACK_LANG,
    now: ctx.now,
    meta: ctx.meta,
  };
  const current = await patientNamed(ctx, { inpatientNumber: facts.ids.inpatientNumber });
  const done = (patientId: number | null): Stored => ({ patientId, stored: [], deviceSerials: [] });
  const needsPatient = () => {
    if (!current)
      throw new Hl7Refusal('unknownKey', { segment: 'PID', field: 3 }, 'interop.hl7.patientUnknown');
    return current;
  };
  const { person, visit, ids } = facts;
  const basics = {
    ...person,
    inpatientNumber: ids.inpatientNumber,
    ...(ids.wristbandCode ? { wristbandCode: ids.wristbandCode } : {}),
  };

  switch (event) {
    case 'A04':
      return done(current?.id ?? null);
    case 'A01': {
      if (current?.status === 'inHospital') return update(pctx, current, basics);
      if (current) {
        const input = checked(readmissionSchema, {
          version: current.version,
          admittedAt: visit.admittedAt ?? ctx.now.toISOString(),
          departmentCode: visit.departmentCode,
          bed: visit.bed,
          doctorCode: visit.doctorCode,
          inpatientNumber: ids.inpatientNumber,
          ...(ids.wristbandCode ? { wristbandCode: ids.wristbandCode } : {}),
        });
        await service(() => readmitPatient(pctx, current.id, input));
        return done(current.id);
      }
      const input = checked(admissionSchema, {
        ...basics,
        departmentCode: visit.departmentCode,
        bed: visit.bed,
        doctorCode: visit.doctorCode,
        ...(visit.admittedAt ? { admittedAt: visit.admittedAt } : {}),
      });
      const view = await service(() => admitPatient(pctx, input));
      return done(
        view?.id ?? (await patientNamed(ctx, { inpatientNumber: ids.inpatientNumber }))?.id ?? null,
      );
    }
    case 'A08': {
      const patient = needsPatient();
      return update(pctx, patient, basics);
    }
    case 'A02': {
      const patient = needsPatient();
      const input = checked(transferSchema, {
        patientId: patient.id,
        version: patient.version,
        toDepartmentCode: visit.departmentCode,
        toBed: visit.bed,
        toDoctorCode: visit.doctorCode || patient.doctorCode,
        reason: 'HIS transfer (HL7 ADT^A02)',
        startTime: visit.eventAt ?? ctx.now.toISOString(),
        openCriticalReason: 'Transferred in the HIS (HL7 ADT^A02)',
      });
      await service(() => transferPatient(pctx, input));
      return done(patient.id);
    }
    case 'A03': {
      const patient = needsPatient();
      const input = checked(dischargeSchema, {
        patientId: patient.id,
        version: patient.version,
        ...(visit.dischargedAt ? { dischargedAt: visit.dischargedAt } : {}),
        openCriticalReason: 'Discharged in the HIS (HL7 ADT^A03)',
      });
      await service(() => dischargePatient(pctx, input));
      return done(patient.id);
    }
    case 'A11': {
      const patient = needsPatient();
      await service(() =>
        deletePatient(pctx, {
          id: patient.id,
          version: patient.version,
          reason: 'Admission cancelled in the HIS (HL7 ADT^A11)',
        }),
      );
      return done(patient.id);
    }
    case 'A13': {
      const patient = needsPatient();
      await service(() => cancelDischarge(pctx, patient.id, 'Discharge cancelled in the HIS (HL7 ADT^A13)'));
      return done(patient.id);
    }
    default:
      throw new Hl7Refusal(
        'unsupportedEvent',
        { segment: 'MSH', field: 9, component: 2 },
        'interop.hl7.typeUnsupported',
        {
          type: h.messageType,
        },
        true,
      );
  }
}

/** A08 (and A01 of a patient in hospital): the person's details; ward, bed and doctor move by A02. */
async function update(
  pctx: PatientContext,
  current: PatientRow,
  basics: Record<string, unknown>,
): Promise<Stored> {
  const input = checked(patientUpdateSchema, {
    id: current.id,
    version: current.version,
    heightCm: current.heightCm,
    weightKg: current.weightKg,
    email: current.email ?? undefined,
    contact: current.contact ?? undefined,
    tags: current.tags,
    ...basics,
    idCard: (basics.idCard as string | undefined) ?? current.idCard ?? undefined,
    mobilePhone: (basics.mobilePhone as string | undefined) ?? current.mobilePhone ?? undefined,
    wristbandCode: (basics.wristbandCode as string | undefined) ?? current.wristbandCode ?? undefined,
  });
  await service(() => updatePatient(pctx, input));
  return { patientId: current.id, stored: [], deviceSerials: [] };
}
