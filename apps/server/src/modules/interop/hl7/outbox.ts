/**
 * The HL7 outbox worker (issue 21, docs/interop.md "Outbound"): ORU^R01 of approved readings to the
 * HIS/EMR. Rows are queued by triggers in the transaction of the approval, correction or deletion
 * (migration 0024); here they are composed (at the first try, then kept as sent), sent over one MLLP
 * connection per hospital strictly in id order — so one patient's results arrive in the order they
 * happened — and kept with the receiver's ACK:
 * - AA: sent;
 * - AE/AR, or an answer that is not an ACK of this message: failed, kept for a person (the screen
 *   resends it); the queue goes on;
 * - no connection, no answer in time: the message stays at the head and is tried again after a backoff
 *   (5 s doubling to 5 min); nothing behind it is sent meanwhile.
 * The head row is locked (FOR UPDATE SKIP LOCKED) while it is sent, so several server processes never
 * send the same hospital's queue at once.
 */
import net from 'node:net';
import {
  fhirInterpretationOf,
  type HisSetting,
  HL7_MAX_MESSAGE_BYTES,
  HL7_OUT_VERSION,
  hl7Timestamp,
  type MeasurementItem,
  readingLoinc,
  ucumOf,
} from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../../db/client';
import { databaseOutages } from '../../../lib/outage-log';
import { getSetting } from '../../settings/service';
import { hospitalTimeZone } from '../../settings/time-zone';
import { escapeHl7, OUR_APPLICATION, readAck } from './message';
import { MllpDecoder, mllpFrame } from './mllp';

const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const ACK_TIMEOUT_MS = 10_000;

export function backoffMs(attempts: number, firstMs = BACKOFF_FIRST_MS): number {
  return Math.min(BACKOFF_MAX_MS, firstMs * 2 ** Math.max(0, attempts - 1));
}

export interface HeadRow extends Record<string, unknown> {
  id: string;
  raw: string;
  control_id: string | null;
  measurement_id: string | null;
  result_status: string | null;
  attempts: number;
  repeats: number;
}

/** One persistent MLLP connection to a receiver, answering one message at a time. */
class MllpSender {
  private socket: net.Socket | null = null;
  private waiting: { resolve: (ack: string) => void; reject: (error: Error) => void } | null = null;
  private decoder = new MllpDecoder(HL7_MAX_MESSAGE_BYTES);

  constructor(
    readonly host: string,
    readonly port: number,
  ) {}

  private connect(): Promise<net.Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.host, port: this.port });
      socket.setNoDelay(true);
      const fail = (error: Error) => {
        socket.destroy();
        this.socket = null;
        reject(error);
      };
      socket.setTimeout(ACK_TIMEOUT_MS, () => fail(new Error('connect timeout')));
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeListener('error', fail);
        this.decoder = new MllpDecoder(HL7_MAX_MESSAGE_BYTES);
        socket.on('data', (chunk) => {
          for (const frame of this.decoder.push(chunk)) {
            const waiting = this.waiting;
            this.waiting = null;
            waiting?.resolve(frame.kind === 'message' ? frame.bytes.toString('utf8') : '');
          }
        });
        const lost = (error?: Error) => {
          this.socket = null;
          const waiting = this.waiting;
          this.waiting = null;
          waiting?.reject(error ?? new Error('connection closed'));
        };
        socket.on('error', lost);
        socket.on('close', () => lost());
        this.socket = socket;
        resolve(socket);
      });
    });
  }

  async send(text: string): Promise<string> {
    const socket = await this.connect();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        socket.destroy();
        reject(new Error('no ACK in time'));
      }, ACK_TIMEOUT_MS);
      this.waiting = {
        resolve: (ack) => {
          clearTimeout(timer);
          resolve(ack);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      socket.write(mllpFrame(text));
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }
}

/** The ORU^R01 of one reading as it stands now (the patient, the ward, the value as entered). */
export async function composeOru(
  db: DbOrTx,
  tenantId: string,
  /** the hospital's zone and HIS interface setting, read once per drain by the caller */
  hospital: { timeZone: string; his: HisSetting },
  row: HeadRow,
  controlId: string,
  now: Date,
): Promise<string | null> {
  const [m] = (
    await db.execute<{
      item: MeasurementItem;
      entered_value: number | null;
      value: number | null;
      entered_unit: string | null;
      test_time: Date;
      classification: string | null;
      tester_name: string | null;
      tester_user: string | null;
      device_serial: string | null;
      name: string;
      gender: string;
      date_of_birth: string | null;
      inpatient_number: string | null;
      wristband_code: string | null;
      department_code: string;
      bed: string | null;
      doctor_code: string | null;
      status: string;
    }>(sql`
      select m.item, m.entered_value, m.value, m.entered_unit, m.test_time, m.classification, m.tester_name,
             u.user_name as tester_user, m.device_serial,
             p.name, p.gender, p.date_of_birth::text as date_of_birth, p.inpatient_number, p.wristband_code,
             m.department_code, p.bed, p.doctor_code, p.status
        from measurements m
        join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
        left join users u on u.tenant_id = m.tenant_id and u.id = m.tester_id
       where m.tenant_id = ${tenantId} and m.id = ${Number(row.measurement_id)}`)
  ).rows;
  if (!m) return null;
  const { timeZone, his } = hospital;
  const at = (d: Date) => hl7Timestamp(new Date(d), timeZone);
  const value = m.entered_value ?? m.value;
  const term = readingLoinc(m.item, m.entered_unit);
  const code = term ? `${term.code}^${escapeHl7(term.display)}^LN` : `${m.item}^${m.item}^L`;
  const unit = ucumOf(m.entered_unit) ?? term?.ucum ?? '';
  const ids = [
    m.inpatient_number ? `${escapeHl7(m.inpatient_number)}^^^${escapeHl7(tenantId)}^MR` : '',
    m.wristband_code ? `${escapeHl7(m.wristband_code)}^^^${escapeHl7(tenantId)}^WB` : '',
  ]
    .filter(Boolean)
    .join('~');
  const sex = m.gender === 'male' ? 'M' : m.gender === 'female' ? 'F' : 'U';
  return [
    [
      'MSH',
      '^~\\&',
      OUR_APPLICATION,
      escapeHl7(tenantId),
      'HIS',
      escapeHl7(his.address.address ?? ''),
      at(now),
      '',
      'ORU^R01^ORU_R01',
      controlId,
      'P',
      HL7_OUT_VERSION,
      hl7Timestamp,
    ].join('|'),
    ['PID', '1', '', ids, '', escapeHl7(m.name), '', (m.date_of_birth ?? '').replace(/-/g, ''), sex].join(
      '|',
    ),
    [
      'PV1',
      '1',
      m.status === 'inHospital' ? 'I' : 'O',
      `${escapeHl7(m.department_code)}^^${escapeHl7(m.bed ?? '')}`,
      '',
      '',
      '',
      escapeHl7(m.doctor_code ?? ''),
    ].join('|'),
    ['OBR', '1', '', `${row.measurement_id}^${OUR_APPLICATION}`, code, '', '', at(m.test_time)].join('|'),
    [
      'OBX',
      '1',
      'NM',
      code,
      '',
      value === null ? '' : String(value),
      unit ? `${escapeHl7(unit)}^^UCUM` : '',
      '',
      fhirInterpretationOf(m.classification)?.code ?? '',
      '',
      '',
      row.result_status ?? 'F',
      '',
      '',
      at(m.test_time),
      '',
      m.tester_user
        ? `${escapeHl7(m.tester_user)}^${escapeHl7(m.tester_name ?? '')}`
        : escapeHl7(m.tester_name ?? ''),
      '',
      escapeHl7(m.device_serial ?? ''),
    ].join('|'),
  ].join('\r');
}

export interface OutboundState {
  state: 'up' | 'down' | 'unknown';
  lastError: string | null;
}

export class Hl7Outbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly senders = new Map<string, MllpSender>();
  private readonly states = new Map<string, OutboundState>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
    /** the first retry's wait (tests shorten it) */
    private readonly backoffFirstMs = BACKOFF_FIRST_MS,
  ) {}

  start(intervalMs: number) {
    this.closed = false;
    if (intervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.drain(), intervalMs);
      this.timer.unref();
    }
  }

  state(tenantId: string): OutboundState {
    return this.states.get(tenantId) ?? { state: 'unknown', lastError: null };
  }

  /** Sends what is due for every hospital (one drain at a time in this process). */
  drain(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.drainNow()
      .catch((error) => {
        if (!databaseOutages.failure(this.log, 'hl7 outbox', error)) {
          this.log.warn({ err: error }, 'HL7 outbox: the queue could not be read');
        }
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async drainNow() {
    if (this.closed) return;
    const tenants = (
      await this.db.execute<{ tenant_id: string }>(sql`
        select distinct tenant_id from hl7_messages
         where direction = 'out' and status in ('pending', 'retrying')`)
    ).rows.map((r) => r.tenant_id);
    for (const tenantId of tenants) {
      const hospital = {
        his: await getSetting(this.db, tenantId, 'his.interface'),
        timeZone: await hospitalTimeZone(this.db, tenantId),
      };
      while (!this.closed && (await this.sendHead(tenantId, hospital))) {
        // next
      }
    }
  }

  /** Sends the hospital's oldest queued message when it is due; true when the next one may follow. */
  private async sendHead(
    tenantId: string,
    hospital: { timeZone: string; his: HisSetting },
  ): Promise<boolean> {
    const { his } = hospital;
    if (!his.enable || !his.address.address || !his.address.port) return false;
    const key = `${his.address.address}:${his.address.port}`;
    let sender = this.senders.get(tenantId);
    if (!sender || `${sender.host}:${sender.port}` !== key) {
      sender?.close();
      sender = new MllpSender(his.address.address, his.address.port);
      this.senders.set(tenantId, sender);
    }
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [head] = (
        await tx.execute<HeadRow & { status: string; next_attempt_at: Date | null }>(sql`
          select id, status, raw, control_id, measurement_id, result_status, attempts, repeats, next_attempt_at
            from hl7_messages
           where tenant_id = ${tenantId} and direction = 'out' and status in ('pending', 'retrying')
           order by id
           limit 1
             for update skip locked`)
      ).rows;
      if (!head) return false;
      // a message waiting for its retry holds the queue until then
      if (head.status === 'retrying' && head.next_attempt_at && new Date(head.next_attempt_at) > now)
        return false;
      let raw = head.raw;
      // a resend (repeats) goes with a new control id: the receiver may have kept the first
      const controlId = head.control_id ?? (head.repeats ? `GCO${head.id}R${head.repeats}` : `GCO${head.id}`);
      if (!raw) {
        raw = (await composeOru(tx, tenantId, hospital, head, controlId, now)) ?? '';
        if (!raw) {
          await tx.execute(sql`
            update hl7_messages set status = 'failed', error_key = 'interop.message.notFound', completed_at = ${now.toISOString()}::timestamptz
             where tenant_id = ${tenantId} and id = ${head.id}`);
          return true;
        }
      }
      const attempts = head.attempts + 1;
      try {
        const ack = await sender.send(raw);
        const read = readAck(ack);
        const ok = read.code === 'AA' && read.controlId === controlId;
        this.states.set(tenantId, { state: 'up', lastError: ok ? null : read.text });
        await tx.execute(sql`
          update hl7_messages
             set raw = ${raw}, control_id = ${controlId}, attempts = ${attempts}, ack = ${ack},
                 ack_code = ${read.code}, status = ${ok ? 'sent' : 'failed'},
                 error_text = ${ok ? null : (read.text ?? (read.code ? null : 'not an ACK of this message'))},
                 error_key = null, next_attempt_at = null, completed_at = ${now.toISOString()}::timestamptz,
                 peer = ${key}
           where tenant_id = ${tenantId} and id = ${head.id}`);
        return true;
      } catch (error) {
        const message = (error as Error).message;
        this.states.set(tenantId, { state: 'down', lastError: message });
        await tx.execute(sql`
          update hl7_messages
             set raw = ${raw}, control_id = ${controlId}, attempts = ${attempts}, status = 'retrying',
                 error_text = ${message}, peer = ${key},
                 next_attempt_at = ${new Date(now.getTime() + backoffMs(attempts, this.backoffFirstMs)).toISOString()}::timestamptz
           where tenant_id = ${tenantId} and id = ${head.id}`);
        return false;
      }
    });
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    for (const sender of this.senders.values()) sender.close();
    this.senders.clear();
  }
}
