/**
 * The interface screen and the device test page (issue 21): messages in and out with their parsed
 * view (viewing one is audited: it holds patient data), the connection state, and the checks ward
 * staff run against their hardware.
 */
import net from 'node:net';
import {
  HL7_MAX_MESSAGE_BYTES,
  type Hl7MessageQuery,
  type Lang,
  type MessageKey,
  translate,
} from '@glucocare/domain';
import type {
  Hl7Connection,
  Hl7MessageDetail,
  Hl7MessageViewType,
  Hl7TestResult,
  MeterTest,
  WristbandTest,
} from '@glucocare/domain/responses';
import { and, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyzers, departments, hl7Messages, measurements, patients } from '../../db/schema';
import { AppError } from '../../http/errors';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { dayRangeCondition } from '../measurements/read';
import { patientScopeCondition } from '../patients/access';
import { lockStatesOf } from '../quality/lock-state';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';
import type { Hl7Listeners } from './hl7/listener';
import { Hl7, readAck } from './hl7/message';
import { MllpDecoder, mllpFrame } from './hl7/mllp';
import type { Hl7Outbox } from './hl7/outbox';

type MessageRow = typeof hl7Messages.$inferSelect & {
  patientName: string | null;
  inpatientNumber: string | null;
};

function errorTextOf(row: MessageRow, lang: Lang): string | null {
  if (row.errorKey) {
    const params = (row.errorParams ?? {}) as Record<string, string | number>;
    const text = translate(lang, row.errorKey as MessageKey, params);
    const detail = typeof params.detail === 'string' && params.detail ? `: ${params.detail}` : '';
    const at = params.at ? ` (${params.at})` : '';
    return `${text}${detail}${at}`;
  }
  return row.errorText;
}

function viewOf(row: MessageRow, lang: Lang): Hl7MessageViewType {
  return {
    id: row.id,
    direction: row.direction as 'in' | 'out',
    controlId: row.controlId,
    messageType: row.messageType,
    version: row.version,
    status: row.status as Hl7MessageViewType['status'],
    ackCode: (row.ackCode as Hl7MessageViewType['ackCode']) ?? null,
    errorText: errorTextOf(row, lang),
    test: row.test,
    sendingApplication: row.sendingApplication,
    sendingFacility: row.sendingFacility,
    peer: row.peer,
    patientId: row.patientId,
    patientName: row.patientName,
    inpatientNumber: row.inpatientNumber,
    deviceSerials: row.deviceSerials,
    repeats: row.repeats,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function selectMessages(db: Database, where: SQL | undefined) {
  return db
    .select({
      ...getTableColumns(hl7Messages),
      patientName: patients.name,
      inpatientNumber: patients.inpatientNumber,
    })
    .from(hl7Messages)
    .leftJoin(
      patients,
      and(eq(patients.tenantId, hl7Messages.tenantId), eq(patients.id, hl7Messages.patientId)),
    )
    .where(where);
}

/**
 * Messages a staff member may see: all of the hospital's for a hospital-wide scope; otherwise those
 * about patients of their wards (a message naming no known patient only for hospital-wide staff).
 */
function messageScope(session: SessionUser): SQL | undefined {
  return session.scope.all
    ? undefined
    : and(sql`${hl7Messages.patientId} is not null`, patientScopeCondition(session.scope));
}

export async function pageMessages(db: Database, session: SessionUser, query: Hl7MessageQuery, lang: Lang) {
  const timeZone = await hospitalTimeZone(db, session);
  const keyword = query.queryCondition?.trim();
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(hl7Messages.tenantId, session.tenantId),
    messageScope(session),
    query.direction ? eq(hl7Messages.direction, query.direction) : undefined,
    query.status ? eq(hl7Messages.status, query.status) : undefined,
    query.messageType
      ? query.messageType.includes('^')
        ? eq(hl7Messages.messageType, query.messageType.toUpperCase())
        : ilike(hl7Messages.messageType, `${query.messageType.replace(/[\\%_]/g, '')}%`)
      : undefined,
    query.deviceSerial
      ? sql`${hl7Messages.deviceSerials} @> array[${query.deviceSerial}]::text[]`
      : undefined,
    dayRangeCondition(
      query.beginDate ?? undefined,
      query.endDate ?? undefined,
      timeZone,
      hl7Messages.createdAt,
    ),
    like
      ? or(
          ilike(hl7Messages.controlId, like),
          ilike(patients.name, like),
          ilike(patients.inpatientNumber, like),
          ilike(hl7Messages.sendingApplication, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectMessages(db, where)
      .orderBy(desc(hl7Messages.createdAt), desc(hl7Messages.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(hl7Messages)
      .leftJoin(
        patients,
        and(eq(patients.tenantId, hl7Messages.tenantId), eq(patients.id, hl7Messages.patientId)),
      )
      .where(where),
  ]);
  return {
    records: rows.map((row) => viewOf(row as MessageRow, lang)),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** One message with its raw text, parsed view and answer; the viewing is audited. */
export async function messageDetail(
  db: Database,
  session: SessionUser,
  id: number,
  lang: Lang,
  meta: RequestMeta,
): Promise<Hl7MessageDetail> {
  const [row] = await selectMessages(
    db,
    and(eq(hl7Messages.tenantId, session.tenantId), eq(hl7Messages.id, id), messageScope(session)),
  );
  if (!row) throw new AppError(404, 'interop.message.notFound');
  await writeAudit(
    db,
    { ...auditActor(session), action: 'view', entity: 'hl7Message', entityId: id, patientId: row.patientId },
    meta,
  );
  const parsed = Hl7.parse(row.raw);
  return {
    ...viewOf(row as MessageRow, lang),
    raw: row.raw,
    segments: parsed?.fieldsView() ?? [],
    ack: row.ack,
    stored: (row.stored as { kind: 'reading' | 'labResult'; id: number }[]) ?? [],
  };
}

/** The hospital's listener and outbound link, and the last day's traffic. */
export async function connectionOf(
  db: Database,
  session: SessionUser,
  hl7: { listeners: Hl7Listeners; outbox: Hl7Outbox },
  now: Date,
  lang: Lang,
): Promise<Hl7Connection> {
  const { listeners } = hl7;
  const outbound = hl7.outbox.state(session.tenantId);
  const setting = await getSetting(db, session.tenantId, 'his.interface');
  const state = listeners.state(session.tenantId);
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const rows = (
    await db.execute<{ direction: string; status: string; n: number; last: Date | null }>(sql`
      select direction, status, count(*)::int as n, max(created_at) as last
        from hl7_messages
       where tenant_id = ${session.tenantId}
         and (created_at >= ${since} or (direction = 'out' and status in ('pending', 'retrying', 'failed')))
       group by direction, status`)
  ).rows;
  const count = (direction: string, status: string) =>
    rows.filter((r) => r.direction === direction && r.status === status).reduce((n, r) => n + Number(r.n), 0);
  const lastIn = rows.filter((r) => r.direction === 'in' && r.last).map((r) => new Date(r.last!).getTime());
  const lastSent = rows
    .filter((r) => r.direction === 'out' && r.status === 'sent' && r.last)
    .map((r) => new Date(r.last!).getTime());
  const error = state.error
    ? state.error.includes('.')
      ? translate(lang, state.error as MessageKey)
      : state.error
    : null;
  return {
    enabled: setting.enable,
    inbound: {
      port: setting.listenPort ?? null,
      listening: state.listening,
      error,
      lastReceivedAt: lastIn.length ? new Date(Math.max(...lastIn)).toISOString() : null,
      last24h: {
        accepted: count('in', 'accepted'),
        error: count('in', 'error'),
        rejected: count('in', 'rejected'),
      },
    },
    outbound: {
      host: setting.address.address,
      port: setting.address.port,
      // this process's last send; another process's sends show through the counts
      state:
        outbound.state !== 'unknown'
          ? outbound.state
          : count('out', 'retrying') > 0
            ? 'down'
            : lastSent.length
              ? 'up'
              : 'unknown',
      lastSentAt: lastSent.length ? new Date(Math.max(...lastSent)).toISOString() : null,
      lastError: outbound.lastError,
      pending: count('out', 'pending'),
      retrying: count('out', 'retrying'),
      failed: count('out', 'failed'),
    },
  };
}

/** What a scanner typed and the patient it finds (wristband, then inpatient, then outpatient number). */
export async function wristbandTest(
  db: Database,
  session: SessionUser,
  code: string,
  lang: Lang,
): Promise<WristbandTest> {
  const rows = await db
    .select({
      id: patients.id,
      name: patients.name,
      gender: patients.gender,
      bed: patients.bed,
      status: patients.status,
      inpatientNumber: patients.inpatientNumber,
      wristbandCode: patients.wristbandCode,
      outpatientNumber: patients.outpatientNumber,
      departmentCode: patients.departmentCode,
      departmentName:
        lang === 'en-US'
          ? sql<string>`coalesce(${departments.nameEn}, ${departments.name})`
          : departments.name,
    })
    .from(patients)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, patients.tenantId), eq(departments.code, patients.departmentCode)),
    )
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        isNull(patients.deletedAt),
        or(
          eq(patients.wristbandCode, code),
          eq(patients.inpatientNumber, code),
          eq(patients.outpatientNumber, code),
        ),
      ),
    );
  const visible = rows.filter((row) => inScope(session.scope, row.departmentCode));
  const rank = (row: (typeof visible)[number]) =>
    (row.wristbandCode === code ? 0 : row.inpatientNumber === code ? 2 : 4) +
    (row.status === 'inHospital' ? 0 : 1);
  const best = visible.sort((a, b) => rank(a) - rank(b))[0];
  return {
    code,
    codePoints: [...code].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`),
    matchedBy: !best
      ? null
      : best.wristbandCode === code
        ? 'wristband'
        : best.inpatientNumber === code
          ? 'inpatientNumber'
          : 'outpatientNumber',
    patient: best
      ? {
          id: best.id,
          name: best.name,
          gender: best.gender,
          bed: best.bed,
          departmentName: best.departmentName ?? null,
          inpatientNumber: best.inpatientNumber,
          status: best.status,
        }
      : null,
  };
}

/** Whether a meter is known, enabled and not QC-locked, and its last readings and messages. */
export async function meterTest(
  db: Database,
  session: SessionUser,
  serial: string,
  lang: Lang,
  now: Date,
): Promise<MeterTest> {
  const [analyzer] = await db
    .select({
      id: analyzers.id,
      model: analyzers.model,
      isActive: analyzers.isActive,
      departmentCode: analyzers.departmentCode,
      departmentName:
        lang === 'en-US'
          ? sql<string>`coalesce(${departments.nameEn}, ${departments.name})`
          : departments.name,
    })
    .from(analyzers)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, analyzers.tenantId), eq(departments.code, analyzers.departmentCode)),
    )
    .where(
      and(eq(analyzers.tenantId, session.tenantId), eq(analyzers.sn, serial), isNull(analyzers.deletedAt)),
    );
  const lock = analyzer ? (await lockStatesOf(db, session, [analyzer.id], now)).get(analyzer.id) : undefined;
  const readings = await db
    .select({
      id: measurements.id,
      item: measurements.item,
      value: measurements.enteredValue,
      unit: measurements.enteredUnit,
      testTime: measurements.testTime,
      patientName: patients.name,
      source: measurements.source,
      departmentCode: patients.departmentCode,
    })
    .from(measurements)
    .innerJoin(
      patients,
      and(eq(patients.tenantId, measurements.tenantId), eq(patients.id, measurements.patientId)),
    )
    .where(
      and(
        eq(measurements.tenantId, session.tenantId),
        eq(measurements.deviceSerial, serial),
        isNull(measurements.deletedAt),
        patientScopeCondition(session.scope),
      ),
    )
    .orderBy(desc(measurements.testTime))
    .limit(10);
  const messages = await pageMessages(
    db,
    session,
    { deviceSerial: serial, page: 1, size: 10 } as Hl7MessageQuery,
    lang,
  );
  return {
    serial,
    known: !!analyzer,
    analyzer: analyzer
      ? {
          id: analyzer.id,
          model: analyzer.model,
          departmentName: analyzer.departmentName ?? null,
          enabled: analyzer.isActive,
          qcLocked: lock?.locked ?? false,
          lockReason: lock?.locked ? (lock.reasons[0] ?? null) : null,
        }
      : null,
    lastReadings: readings.map((r) => ({
      id: r.id,
      item: r.item as MeterTest['lastReadings'][number]['item'],
      value: r.value,
      unit: r.unit,
      testTime: r.testTime.toISOString(),
      patientName: r.patientName,
      source: r.source,
    })),
    lastMessages: messages.records,
  };
}

/** Sends a message to the hospital's own listener over MLLP, as a HIS would, and reads the ACK. */
export async function sendTestMessage(
  db: Database,
  session: SessionUser,
  listeners: Hl7Listeners,
  text: string,
): Promise<Hl7TestResult> {
  const state = listeners.state(session.tenantId);
  if (!state.listening || !state.port) throw new AppError(409, 'interop.listener.off');
  const started = performance.now();
  const ack = await mllpRoundTrip('127.0.0.1', state.port, text.replace(/\r\n|\n/g, '\r'), 15_000);
  const roundTripMs = Math.round(performance.now() - started);
  const read = readAck(ack);
  const sent = Hl7.parse(text);
  const [row] = sent?.controlId
    ? await db
        .select({ id: hl7Messages.id })
        .from(hl7Messages)
        .where(
          and(
            eq(hl7Messages.tenantId, session.tenantId),
            eq(hl7Messages.direction, 'in'),
            eq(hl7Messages.controlId, sent.controlId),
          ),
        )
        .orderBy(desc(hl7Messages.id))
        .limit(1)
    : [];
  return { ack, ackCode: read.code, errorText: read.text, roundTripMs, messageId: row?.id ?? null };
}

/** One message out and its answer, over a fresh connection. */
export function mllpRoundTrip(host: string, port: number, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const decoder = new MllpDecoder(HL7_MAX_MESSAGE_BYTES);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new AppError(503, 'error.timeout'));
    }, timeoutMs);
    socket.on('connect', () => socket.write(mllpFrame(text)));
    socket.on('data', (chunk) => {
      const frame = decoder.push(chunk)[0];
      if (!frame) return;
      clearTimeout(timer);
      socket.end();
      resolve(frame.kind === 'message' ? frame.bytes.toString('utf8') : '');
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * Queues an outbound message again (failed, or sent and wanted again): composed afresh from the
 * reading as it stands, with a new control id, at its place in the queue; audited.
 */
export async function resendMessage(
  db: Database,
  session: SessionUser,
  id: number,
  lang: Lang,
  meta: RequestMeta,
): Promise<Hl7MessageViewType> {
  await db.transaction(async (tx) => {
    const [row] = await selectMessages(
      tx as unknown as Database,
      and(eq(hl7Messages.tenantId, session.tenantId), eq(hl7Messages.id, id), messageScope(session)),
    );
    if (row?.direction !== 'out') throw new AppError(404, 'interop.message.notFound');
    // the status is checked by the update itself, so two clicks queue it once
    const updated = await tx
      .update(hl7Messages)
      .set({
        status: 'pending',
        raw: '',
        controlId: null,
        ack: null,
        ackCode: null,
        errorKey: null,
        errorText: null,
        attempts: 0,
        repeats: sql`${hl7Messages.repeats} + 1`,
        nextAttemptAt: null,
        completedAt: null,
      })
      .where(
        and(
          eq(hl7Messages.tenantId, session.tenantId),
          eq(hl7Messages.id, id),
          inArray(hl7Messages.status, ['failed', 'sent']),
        ),
      )
      .returning({ id: hl7Messages.id });
    if (!updated.length) throw new AppError(409, 'interop.message.notResendable');
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'resend',
        entity: 'hl7Message',
        entityId: id,
        patientId: row.patientId,
        before: { status: row.status },
        after: { status: 'pending' },
      },
      meta,
    );
  });
  const [row] = await selectMessages(
    db,
    and(eq(hl7Messages.tenantId, session.tenantId), eq(hl7Messages.id, id)),
  );
  return viewOf(row as MessageRow, lang);
}
