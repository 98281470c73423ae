/**
 * ORU^R01 from a LIS or meter middleware: each OBX becomes a reading through the meter upload's path
 * (`measurements/upload.ts`, then the one reading write path `record.ts`: classification, critical
 * values, auto consultation, virtual ward, QC lockout, derived rows, audit) or an HbA1c lab result
 * through `writeLabResults` (the virtual ward's auto join). All of a message or nothing: a refused OBX
 * answers AE naming it, and the savepoint the caller opened is rolled back.
 *
 * Field use (docs/interop.md "ORU^R01 in"): PID-3 the patient (type `WB` a wristband code, otherwise
 * the inpatient number); OBX-3 the code (LOINC of `@glucocare/domain` interop codes, or the hospital's
 * own code under Mapping items, source LIS or METER); OBX-5 value (NM, or `LO`/`HI` from a meter);
 * OBX-6 unit; OBX-11 F (final; C corrections are refused: corrected on the screen); OBX-14 time
 * (OBR-7 when empty); OBX-16 operator user name; OBX-18 meter serial; OBX-21 the meter's record number
 * (else MSH-10 and OBX-1 make the natural key).
 */
import {
  HBA1C_ITEM_CODE,
  localName,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  observationOfLoinc,
  parseHl7Timestamp,
} from '@glucocare/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { inspectionItems, mappingItems } from '../../../db/schema';
import { writeConfig } from '../../measurements/record';
import { storeUpload } from '../../measurements/upload';
import { writeLabResults } from '../../virtual-ward/lab-results-service';
import { ACK_LANG, Hl7Refusal, type InboundContext, patientNamed } from './context';
import type { ErrorLocation } from './message';

type Observation =
  | { kind: 'reading'; item: MeasurementItem; unitDefault: string | null }
  | { kind: 'lab'; itemCode: string; unitDefault: string | null };

export interface Stored {
  patientId: number | null;
  stored: { kind: 'reading' | 'labResult'; id: number }[];
  deviceSerials: string[];
}

/** Field names of the upload's refusals → where they are in the OBX (or PID). */
function locate(field: string, sequence: number): ErrorLocation {
  const at: Record<string, ErrorLocation> = {
    wristbandCode: { segment: 'PID', field: 3 },
    inpatientNumber: { segment: 'PID', field: 3 },
    outpatientNumber: { segment: 'PID', field: 3 },
    operator: { segment: 'OBX', sequence, field: 16 },
    result: { segment: 'OBX', sequence, field: 5 },
    unit: { segment: 'OBX', sequence, field: 6 },
    testTime: { segment: 'OBX', sequence, field: 14 },
    deviceSerial: { segment: 'OBX', sequence, field: 18 },
    deviceRecordNo: { segment: 'OBX', sequence, field: 21 },
    category: { segment: 'OBX', sequence, field: 3 },
    period: { segment: 'OBX', sequence, field: 14 },
  };
  return at[field] ?? { segment: 'OBX', sequence };
}

/** The hospital's own codes (Mapping items, LIS and METER), then the LOINC codes this product knows. */
async function observationsOf(ctx: InboundContext, codes: string[]): Promise<Map<string, Observation>> {
  const found = new Map<string, Observation>();
  const mapped = codes.length
    ? await ctx.tx
        .select()
        .from(mappingItems)
        .where(
          and(
            eq(mappingItems.tenantId, ctx.tenantId),
            inArray(mappingItems.source, ['LIS', 'METER']),
            inArray(mappingItems.externalCode, codes),
          ),
        )
    : [];
  for (const row of mapped) {
    if (row.targetKind === 'measurement' && MEASUREMENT_ITEMS.includes(row.targetCode as MeasurementItem)) {
      found.set(row.externalCode, {
        kind: 'reading',
        item: row.targetCode as MeasurementItem,
        unitDefault: null,
      });
    } else {
      found.set(row.externalCode, { kind: 'lab', itemCode: row.targetCode, unitDefault: null });
    }
  }
  for (const code of codes) {
    if (found.has(code)) continue;
    const known = observationOfLoinc(code);
    if (known?.kind === 'reading')
      found.set(code, { kind: 'reading', item: known.item, unitDefault: known.unit });
    if (known?.kind === 'hba1c')
      found.set(code, { kind: 'lab', itemCode: HBA1C_ITEM_CODE, unitDefault: known.unit });
  }
  return found;
}

/** PID-3's identifiers: a `WB` typed one is the wristband, the `MR` (or first) one the inpatient number. */
export function patientIdentifiers(ctx: InboundContext) {
  const h = ctx.message;
  const pid = h.all('PID')[0];
  let inpatientNumber = '';
  let wristbandCode = '';
  let outpatientNumber = '';
  for (let r = 0; r < h.repetitions(pid, 3); r++) {
    const id = h.value(pid, 3, 1, r);
    const type = h.value(pid, 3, 5, r).toUpperCase();
    if (!id) continue;
    if (type === 'WB') wristbandCode ||= id;
    else if (type === 'OP') outpatientNumber ||= id;
    else if (type === 'MR' || !inpatientNumber) inpatientNumber = type === 'MR' ? id : inpatientNumber || id;
  }
  return { inpatientNumber, wristbandCode, outpatientNumber };
}

export async function handleOru(ctx: InboundContext): Promise<Stored> {
  const h = ctx.message;
  const pid = h.all('PID')[0];
  if (!pid)
    throw new Hl7Refusal('segmentSequence', { segment: 'PID' }, 'interop.hl7.segmentMissing', {
      segment: 'PID',
    });
  const ids = patientIdentifiers(ctx);
  if (!ids.inpatientNumber && !ids.wristbandCode && !ids.outpatientNumber) {
    throw new Hl7Refusal('requiredField', { segment: 'PID', field: 3 }, 'interop.hl7.patientIdRequired');
  }
  const obxs = h.all('OBX');
  if (!obxs.length)
    throw new Hl7Refusal('segmentSequence', { segment: 'OBX' }, 'interop.hl7.segmentMissing', {
      segment: 'OBX',
    });
  const obr = h.all('OBR')[0];
  const observations = await observationsOf(ctx, [
    ...new Set(obxs.map((obx) => h.value(obx, 3, 1)).filter(Boolean)),
  ]);

  const records: Record<string, unknown>[] = [];
  const sequences: number[] = [];
  const labs: { sequence: number; itemCode: string; value: number; unit: string | null; at: Date }[] = [];
  const serials = new Set<string>();
  for (const [index, obx] of obxs.entries()) {
    const sequence = index + 1;
    const code = h.value(obx, 3, 1);
    if (!code)
      throw new Hl7Refusal(
        'requiredField',
        { segment: 'OBX', sequence, field: 3 },
        'interop.hl7.codeRequired',
      );
    const observation = observations.get(code);
    if (!observation) {
      throw new Hl7Refusal('tableValue', { segment: 'OBX', sequence, field: 3 }, 'interop.hl7.codeUnknown', {
        code,
      });
    }
    const status = h.value(obx, 11).toUpperCase() || 'F';
    if (status !== 'F') {
      throw new Hl7Refusal(
        'tableValue',
        { segment: 'OBX', sequence, field: 11 },
        'interop.hl7.resultStatus',
        { status },
      );
    }
    const timeText = h.value(obx, 14) || h.value(obr, 7);
    const at = timeText ? parseHl7Timestamp(timeText, ctx.timeZone) : null;
    if (!at) {
      throw new Hl7Refusal(
        timeText ? 'dataType' : 'requiredField',
        { segment: 'OBX', sequence, field: 14 },
        'interop.hl7.timeInvalid',
      );
    }
    const valueText = h.value(obx, 5);
    const unit = h.value(obx, 6) || observation.unitDefault;
    const serial = h.value(obx, 18);
    if (serial) serials.add(serial);
    if (observation.kind === 'lab') {
      const value = Number(valueText);
      if (!valueText || !Number.isFinite(value)) {
        throw new Hl7Refusal('dataType', { segment: 'OBX', sequence, field: 5 }, 'interop.hl7.valueInvalid');
      }
      labs.push({ sequence, itemCode: observation.itemCode, value, unit, at });
      continue;
    }
    const limit = valueText.toUpperCase();
    const numeric = valueText === '' ? null : Number(valueText);
    if (limit !== 'LO' && limit !== 'HI' && numeric !== null && !Number.isFinite(numeric)) {
      throw new Hl7Refusal('dataType', { segment: 'OBX', sequence, field: 5 }, 'interop.hl7.valueInvalid');
    }
    records.push({
      category: observation.item,
      deviceSerial: serial || `HL7:${h.sendingApplication || 'unknown'}`.slice(0, 64),
      deviceRecordNo: (h.value(obx, 21) || `${h.controlId}.${h.value(obx, 1) || sequence}`).slice(0, 64),
      ...(ids.wristbandCode ? { wristbandCode: ids.wristbandCode } : {}),
      ...(ids.inpatientNumber ? { inpatientNumber: ids.inpatientNumber } : {}),
      ...(ids.outpatientNumber ? { outpatientNumber: ids.outpatientNumber } : {}),
      operator: h.value(obx, 16),
      testTime: at.toISOString(),
      result: limit === 'LO' || limit === 'HI' ? limit : numeric,
      ...(unit ? { unit } : {}),
      ...(numeric === null && limit !== 'LO' && limit !== 'HI'
        ? { cause: h.value(obx, 8) || undefined }
        : {}),
    });
    sequences.push(sequence);
  }

  const stored: Stored = { patientId: null, stored: [], deviceSerials: [...serials] };
  if (records.length) {
    const result = await storeUpload(
      ctx.tx as unknown as Database,
      ctx.session,
      { source: 'hl7', records },
      { lang: ACK_LANG, meta: ctx.meta, now: ctx.now, configFrom: ctx.db },
    );
    const refused = result.rejected[0];
    if (refused) {
      const first = refused.errors[0];
      const sequence = sequences[refused.index] ?? 1;
      const aboutPatient =
        !!first && ['wristbandCode', 'inpatientNumber', 'outpatientNumber'].includes(first.field);
      // the patient is named in the key (both languages); other refusals carry the write path's words
      throw aboutPatient
        ? new Hl7Refusal('unknownKey', locate(first.field, sequence), 'interop.hl7.patientUnknown')
        : new Hl7Refusal('dataType', locate(first?.field ?? '', sequence), 'interop.hl7.observationRefused', {
            detail: first?.message ?? '',
          });
    }
    stored.stored.push(...result.stored.map((id) => ({ kind: 'reading' as const, id })));
    stored.patientId = result.patientIds[0] ?? null;
  }
  if (labs.length) {
    const patient = await patientNamed(ctx, ids);
    if (!patient)
      throw new Hl7Refusal('unknownKey', { segment: 'PID', field: 3 }, 'measurements.upload.unknownPatient');
    const codes = [...new Set(labs.map((l) => l.itemCode))];
    const items = await ctx.tx
      .select()
      .from(inspectionItems)
      .where(and(eq(inspectionItems.tenantId, ctx.tenantId), inArray(inspectionItems.code, codes)));
    const byCode = new Map(items.map((item) => [item.code, item]));
    for (const lab of labs) {
      if (!byCode.get(lab.itemCode)?.isActive) {
        throw new Hl7Refusal(
          'tableValue',
          { segment: 'OBX', sequence: lab.sequence, field: 3 },
          'labResult.item.unknown',
        );
      }
      if (lab.at.getTime() > ctx.now.getTime() + 60_000) {
        throw new Hl7Refusal(
          'dataType',
          { segment: 'OBX', sequence: lab.sequence, field: 14 },
          'labResult.resultedAt.future',
        );
      }
    }
    const { rows } = await writeLabResults(
      ctx.tx,
      ctx.session,
      labs.map((lab) => {
        const item = byCode.get(lab.itemCode)!;
        return {
          tenantId: ctx.tenantId,
          patientId: patient.id,
          departmentCode: patient.departmentCode,
          itemCode: item.code,
          itemName: localName(item, 'zh-CN'),
          value: lab.value,
          unit: lab.unit || item.unit,
          resultedAt: lab.at,
          source: 'hl7' as const,
          createdBy: 0,
          createdAt: ctx.now,
        };
      }),
      {
        lang: ACK_LANG,
        meta: ctx.meta,
        now: ctx.now,
        config: writeConfig(ctx.session, { configFrom: ctx.db }),
      },
    );
    stored.stored.push(...rows.map((row) => ({ kind: 'labResult' as const, id: row.id })));
    stored.patientId ??= patient.id;
  }
  return stored;
}
