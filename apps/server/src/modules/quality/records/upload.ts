/**
 * Control runs uploaded by meters (issue 19): rows of category `QC` of the meter upload
 * (`POST /v1/testRecord/upload`, measurements/upload.ts), one per level. The levels of one meter at one
 * time are one run, judged together through the same write as a run entered by hand (service.ts
 * `writeRun`); the natural key is the meter's SN and record number, so a repeated upload adds nothing.
 */
import {
  type FieldError,
  type Lang,
  localizedIssues,
  type QcUploadRow,
  qcUploadRowSchema,
  translate,
} from '@glucocare/domain';
import type { UploadResultView } from '@glucocare/domain/responses';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { analyzers, qcRecords } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { departmentScopeCondition } from '../../../lib/scope';
import type { RequestMeta } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import { qcStrategyOf } from '../lock-state';
import { writeRun } from './service';

type Rejection = UploadResultView['rejected'][number];
const keyOf = (serial: string, recordNo: string) => `${serial}\u0001${recordNo}`;

/**
 * Writes the QC rows of an upload (before its patient readings, so that a failed run holds the readings
 * that come with it): good rows stored, bad rows refused with their reasons, rows received before (or
 * twice in the batch: `seen`, shared with the readings) counted as duplicates.
 */
export async function writeUploadedQcRows(
  tx: DbOrTx,
  session: SessionUser,
  rows: { index: number; raw: unknown }[],
  options: { lang: Lang; now: Date; meta: RequestMeta; seen: Set<string> },
): Promise<{ accepted: number; duplicates: number; rejected: Rejection[] }> {
  const { lang, now, seen } = options;
  const rejected: Rejection[] = [];
  let duplicates = 0;
  const parsed: { index: number; row: QcUploadRow }[] = [];
  for (const { index, raw } of rows) {
    const recordNo = (raw as { deviceRecordNo?: unknown }).deviceRecordNo;
    const errors: FieldError[] = localizedIssues(qcUploadRowSchema, raw, lang);
    const result = qcUploadRowSchema.safeParse(raw);
    if (!result.success || errors.length) {
      rejected.push({ index, deviceRecordNo: typeof recordNo === 'string' ? recordNo : null, errors });
      continue;
    }
    const row = result.data;
    if (new Date(row.testTime).getTime() > now.getTime() + 60_000) {
      rejected.push({
        index,
        deviceRecordNo: row.deviceRecordNo,
        errors: [{ field: 'testTime', message: translate(lang, 'qc.run.testedAtFuture') }],
      });
      continue;
    }
    const key = keyOf(row.deviceSerial, row.deviceRecordNo);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    parsed.push({ index, row });
  }
  if (!parsed.length) return { accepted: 0, duplicates, rejected };

  const serials = [...new Set(parsed.map(({ row }) => row.deviceSerial))];
  const meters = await tx
    .select()
    .from(analyzers)
    .where(
      and(
        eq(analyzers.tenantId, session.tenantId),
        inArray(analyzers.sn, serials),
        isNull(analyzers.deletedAt),
        departmentScopeCondition(session.scope, analyzers.departmentCode),
      ),
    );
  const received = await tx
    .select({ sn: qcRecords.analyzerSn, recordNo: qcRecords.deviceRecordNo })
    .from(qcRecords)
    .where(
      and(
        eq(qcRecords.tenantId, session.tenantId),
        inArray(qcRecords.analyzerSn, serials),
        isNotNull(qcRecords.deviceRecordNo),
        inArray(
          qcRecords.deviceRecordNo,
          parsed.map(({ row }) => row.deviceRecordNo),
        ),
      ),
    );
  const before = new Set(received.map((r) => keyOf(r.sn, r.recordNo as string)));

  // the runs: the levels of one meter, item and time, in time order
  const runs = new Map<string, { index: number; row: QcUploadRow }[]>();
  for (const entry of parsed) {
    const { row, index } = entry;
    if (before.has(keyOf(row.deviceSerial, row.deviceRecordNo))) {
      duplicates++;
      continue;
    }
    if (!meters.some((meter) => meter.sn === row.deviceSerial)) {
      rejected.push({
        index,
        deviceRecordNo: row.deviceRecordNo,
        errors: [{ field: 'deviceSerial', message: translate(lang, 'qc.run.analyzerUnknown') }],
      });
      continue;
    }
    const key = `${row.deviceSerial}|${row.item}|${new Date(row.testTime).getTime()}`;
    runs.set(key, [...(runs.get(key) ?? []), entry]);
  }
  const strategy = await qcStrategyOf(tx, session.tenantId);
  let accepted = 0;
  const ordered = [...runs.values()].sort(
    (a, b) => new Date(a[0]!.row.testTime).getTime() - new Date(b[0]!.row.testTime).getTime(),
  );
  for (const run of ordered) {
    const first = run[0]!.row;
    // one level twice in a run: the first is kept, the other refused as a repeated level
    const levels = run.filter((entry, i) => run.findIndex((e) => e.row.level === entry.row.level) === i);
    for (const entry of run.filter((e) => !levels.includes(e))) {
      rejected.push({
        index: entry.index,
        deviceRecordNo: entry.row.deviceRecordNo,
        errors: [{ field: 'level', message: translate(lang, 'qc.run.levelRepeated') }],
      });
    }
    const [analyzer] = await tx
      .select()
      .from(analyzers)
      .where(
        and(
          eq(analyzers.tenantId, session.tenantId),
          eq(analyzers.sn, first.deviceSerial),
          isNull(analyzers.deletedAt),
        ),
      )
      .for('update');
    try {
      const { ids } = await writeRun(
        tx,
        session,
        analyzer!,
        levels.map(({ row }) => ({ level: row.level, testValue: row.result, result: row.qcResult ?? null })),
        {
          item: first.item,
          testedAt: new Date(first.testTime),
          tester: first.operator,
          source: 'meter',
          deviceRecordNos: levels.map(({ row }) => row.deviceRecordNo),
        },
        strategy,
        { lang, now, meta: options.meta },
      );
      accepted += ids.length;
      duplicates += levels.length - ids.length;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const data = error.dataContent as { errors?: FieldError[] } | null;
      const errors = data?.errors ?? [
        { field: 'deviceSerial', message: translate(lang, error.messageKey, error.params) },
      ];
      for (const entry of levels)
        rejected.push({ index: entry.index, deviceRecordNo: entry.row.deviceRecordNo, errors });
    }
  }
  return { accepted, duplicates, rejected };
}
