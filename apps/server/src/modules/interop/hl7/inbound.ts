/**
 * One inbound message, start to answer (docs/interop.md "Inbound"): read the header, refuse what this
 * system does not take (AR), then in one transaction record the message, hand it to its handler under
 * a savepoint, and keep the outcome with the ACK. A handler's refusal rolls its savepoint back (nothing
 * stored half) and answers AE naming the field; a training or debugging message (MSH-11 T/D) is handled
 * and always rolled back. A control id already received from the same sender is answered with the
 * first answer and only counted. A database failure answers AE "send again" and records nothing, so
 * the sender's retry is handled afresh.
 */
import {
  HL7_INBOUND_TYPES,
  HL7_MAX_MESSAGE_BYTES,
  HL7_VERSIONS,
  type Hl7AckCode,
  hl7Timestamp,
  type MessageKey,
} from '@glucocare/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { hl7Messages } from '../../../db/schema';
import { hospitalTimeZone } from '../../settings/time-zone';
import { handleAdt } from './adt';
import { ACK_LANG, Hl7Refusal, type InboundContext, interfaceSession, refusalText } from './context';
import { buildAck, Hl7, locationText } from './message';
import { handleOru, type Stored } from './oru';

export interface InboundOutcome {
  ack: string;
  code: Hl7AckCode;
  messageId: number | null;
  /** a repeat of a control id received before */
  repeat: boolean;
}

export interface InboundSource {
  db: Database;
  tenantId: string;
  /** MSH-4 of the answers: the hospital's organisation code */
  facility: string;
  peer: string | null;
  now: Date;
}

class RollbackTest extends Error {
  constructor(readonly stored: Stored) {
    super('test message rolled back');
  }
}

let ackCounter = 0;
/** MSH-10 of an answer: unique enough per process and time (the sender matches by MSA-2). */
function ackControlId(now: Date): string {
  ackCounter = (ackCounter + 1) % 1_000_000;
  return `GC${now.getTime().toString(36).toUpperCase()}${ackCounter.toString(36).toUpperCase()}`;
}

/** The checks on the header that make a message unacceptable as a whole (AR). */
function headerRefusal(h: Hl7): Hl7Refusal | null {
  if (!(HL7_VERSIONS as readonly string[]).includes(h.version)) {
    return new Hl7Refusal(
      'unsupportedVersion',
      { segment: 'MSH', field: 12 },
      'interop.hl7.versionUnsupported',
      { version: h.version || '-' },
      true,
    );
  }
  if (!['P', 'T', 'D'].includes(h.processingId)) {
    return new Hl7Refusal(
      'unsupportedProcessingId',
      { segment: 'MSH', field: 11 },
      'interop.hl7.processingIdUnsupported',
      { processingId: h.processingId || '-' },
      true,
    );
  }
  if (!(HL7_INBOUND_TYPES as readonly string[]).includes(h.messageType)) {
    const known = h.messageCode === 'ADT' || h.messageCode === 'ORU';
    return new Hl7Refusal(
      known ? 'unsupportedEvent' : 'unsupportedType',
      { segment: 'MSH', field: 9 },
      'interop.hl7.typeUnsupported',
      { type: h.messageType || '-' },
      true,
    );
  }
  if (!h.controlId) {
    return new Hl7Refusal(
      'requiredField',
      { segment: 'MSH', field: 10 },
      'interop.hl7.controlIdRequired',
      undefined,
      true,
    );
  }
  return null;
}

function dispatch(ctx: InboundContext): Promise<Stored> {
  return ctx.message.messageCode === 'ORU' ? handleOru(ctx) : handleAdt(ctx);
}

/** Handles one message's text and answers its ACK. */
export async function receiveMessage(source: InboundSource, raw: string): Promise<InboundOutcome> {
  const { db, tenantId, now } = source;
  const h = Hl7.parse(raw);
  // the hospital's configuration version, read once as a request's session statement does, so that
  // the message's configuration reads (zone, periods, lists, rules) come from this process's cache
  const session = await interfaceSession(db, tenantId, h?.sendingApplication ?? '');
  const timeZone = await hospitalTimeZone(db, session);
  const ackOptions = {
    controlId: ackControlId(now),
    facility: source.facility,
    at: hl7Timestamp(now, timeZone),
  };
  const refusal = h
    ? headerRefusal(h)
    : new Hl7Refusal('segmentSequence', { segment: 'MSH' }, 'interop.hl7.notHl7', undefined, true);
  const columns = {
    tenantId,
    direction: 'in',
    controlId: h?.controlId || null,
    messageType: h?.messageType || null,
    version: h?.version || null,
    test: h ? h.processingId === 'T' || h.processingId === 'D' : false,
    sendingApplication: h?.sendingApplication || null,
    sendingFacility: h?.sendingFacility || null,
    peer: source.peer,
    raw: h?.raw ?? raw,
    createdAt: now,
  } as const;

  if (refusal || !h) {
    const r = refusal!;
    const ack = buildAck(h, 'AR', {
      ...ackOptions,
      errors: [{ kind: r.kind, at: r.at, text: refusalText(ACK_LANG, r.key, r.params) }],
    });
    const id = await record(
      db,
      {
        ...columns,
        status: 'rejected',
        ackCode: 'AR',
        ack,
        errorKey: r.key,
        errorParams: { ...r.params, at: locationText(r.at) },
        completedAt: now,
      },
      true,
    );
    return { ack, code: 'AR', messageId: id, repeat: id === null };
  }

  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(hl7Messages)
        .values({ ...columns, status: 'accepted' })
        .onConflictDoNothing()
        .returning({ id: hl7Messages.id });
      if (!inserted[0]) {
        const [first] = (
          await tx.execute<{ id: string; ack: string | null; ack_code: Hl7AckCode | null }>(sql`
            update hl7_messages set repeats = repeats + 1
             where tenant_id = ${tenantId} and direction = 'in' and control_id = ${h.controlId}
               and coalesce(sending_application, '') = ${h.sendingApplication}
               and coalesce(sending_facility, '') = ${h.sendingFacility}
            returning id, ack, ack_code`)
        ).rows;
        return {
          ack: first?.ack ?? '',
          code: first?.ack_code ?? 'AA',
          messageId: first ? Number(first.id) : null,
          repeat: true,
        };
      }
      const messageId = inserted[0].id;
      const ctx: InboundContext = {
        db,
        tx,
        tenantId,
        message: h,
        session: { ...session, cacheOf: db } as InboundContext['session'],
        meta: {
          ip: source.peer ?? 'hl7',
          userAgent: `HL7 ${h.sendingApplication}`.slice(0, 300),
          requestId: `hl7:${messageId}`,
        },
        now,
        timeZone,
      };
      let outcome: { code: Hl7AckCode; stored: Stored; refusal?: Hl7Refusal };
      try {
        const stored = await tx.transaction(async (savepoint) => {
          const result = await dispatch({ ...ctx, tx: savepoint });
          if (columns.test) throw new RollbackTest(result);
          return result;
        });
        outcome = { code: 'AA', stored };
      } catch (error) {
        if (error instanceof RollbackTest) outcome = { code: 'AA', stored: { ...error.stored, stored: [] } };
        else if (error instanceof Hl7Refusal)
          outcome = { code: error.reject ? 'AR' : 'AE', stored: emptyStored, refusal: error };
        else throw error;
      }
      const r = outcome.refusal;
      const ack = buildAck(h, outcome.code, {
        ...ackOptions,
        errors: r ? [{ kind: r.kind, at: r.at, text: refusalText(ACK_LANG, r.key, r.params) }] : [],
      });
      await tx
        .update(hl7Messages)
        .set({
          status: outcome.code === 'AA' ? 'accepted' : outcome.code === 'AE' ? 'error' : 'rejected',
          ackCode: outcome.code,
          ack,
          errorKey: r?.key ?? null,
          errorParams: r ? { ...r.params, at: locationText(r.at) } : null,
          patientId: outcome.stored.patientId,
          deviceSerials: outcome.stored.deviceSerials,
          stored: outcome.stored.stored,
          completedAt: now,
        })
        .where(and(eq(hl7Messages.tenantId, tenantId), eq(hl7Messages.id, messageId)));
      return { ack, code: outcome.code, messageId, repeat: false };
    });
  } catch (error) {
    // the database (or a bug): nothing recorded; the sender sends again
    const ack = buildAck(h, 'AE', {
      ...ackOptions,
      errors: [{ kind: 'internal', text: refusalText(ACK_LANG, 'interop.hl7.unavailable' as MessageKey) }],
    });
    throw Object.assign(new Error('inbound message not recorded', { cause: error }), { ack });
  }
}

const emptyStored: Stored = { patientId: null, stored: [], deviceSerials: [] };

/** Records a message refused before any handling (repeats of the same refused control id are counted). */
async function record(
  db: DbOrTx,
  values: typeof hl7Messages.$inferInsert,
  countRepeat: boolean,
): Promise<number | null> {
  const rows = await db
    .insert(hl7Messages)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: hl7Messages.id });
  if (rows[0]) return rows[0].id;
  if (countRepeat && values.controlId) {
    await db.execute(sql`
      update hl7_messages set repeats = repeats + 1
       where tenant_id = ${values.tenantId} and direction = 'in' and control_id = ${values.controlId}
         and coalesce(sending_application, '') = ${values.sendingApplication ?? ''}
         and coalesce(sending_facility, '') = ${values.sendingFacility ?? ''}`);
  }
  return null;
}

/** The answer to a frame too big to read (nothing of it is parsed). */
export function oversizedAck(facility: string, now: Date): string {
  return buildAck(null, 'AR', {
    controlId: ackControlId(now),
    facility,
    at: hl7Timestamp(now, 'UTC'),
    errors: [
      {
        kind: 'internal',
        text: refusalText(ACK_LANG, 'interop.hl7.tooLarge', { max: HL7_MAX_MESSAGE_BYTES }),
      },
    ],
  });
}
