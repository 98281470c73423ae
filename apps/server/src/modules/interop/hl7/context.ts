/**
 * What handling one inbound message needs: the tenant, an actor for audit rows (the sending system,
 * not a person), the hospital's clock and zone, and refusals that name the HL7 field at fault.
 */
import { type FieldError, type Lang, type MessageKey, translate } from '@glucocare/domain';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { patients } from '../../../db/schema';
import type { AppError } from '../../../http/errors';
import type { RequestMeta } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import type { PatientRow } from '../../patients/access';
import type { ErrorLocation, Hl7, Hl7ErrorKind } from './message';

/** The language of ACK texts: HL7 partners' logs are read by interface engineers; the screen translates. */
export const ACK_LANG: Lang = 'en-US';

/** A refusal of a message: the HL7 error kind, where, and the message key of what a person reads. */
export class Hl7Refusal extends Error {
  constructor(
    readonly kind: Hl7ErrorKind,
    readonly at: ErrorLocation | undefined,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    /** AR: the message as a whole is not taken (type, version, processing id); AE otherwise */
    readonly reject = false,
  ) {
    super(key);
  }
}

export interface InboundContext {
  db: Database;
  tx: DbOrTx;
  tenantId: string;
  message: Hl7;
  session: SessionUser;
  meta: RequestMeta;
  now: Date;
  /** the hospital's time zone: times sent without an offset are its wall clock */
  timeZone: string;
}

/**
 * The sending system as the actor of what a message changes: audit rows and "created by" columns
 * name it (`hl7:LIS`); id 0 is no staff member (those columns have no foreign key to users).
 */
export async function interfaceSession(db: DbOrTx, tenantId: string, sender: string): Promise<SessionUser> {
  const result = await db.execute<{ version: string }>(
    sql`select coalesce((select version from config_versions where tenant_id = ${tenantId}), 0) as version`,
  );
  const name = `hl7:${sender || 'unknown'}`.slice(0, 64);
  return {
    tenantId,
    userId: 0,
    userName: name,
    nickName: name,
    departmentCode: null,
    roles: [],
    roleIds: [],
    scope: { all: true },
    readOnly: false,
    tokenHash: '',
    configVersion: Number(result.rows[0]?.version ?? 0),
  };
}

/** A service's refusal (AppError with field errors) as a refusal naming the HL7 field. */
export function refusalOfAppError(error: AppError, locate: (field: string) => ErrorLocation | undefined) {
  const fields = (error.dataContent as { errors?: FieldError[] } | null | undefined)?.errors ?? [];
  const first = fields[0];
  const kind: Hl7ErrorKind =
    error.statusCode === 404 ? 'unknownKey' : error.statusCode === 409 ? 'recordLocked' : 'dataType';
  return new Hl7Refusal(kind, first ? locate(first.field) : undefined, error.messageKey as MessageKey, {
    ...(error.params ?? {}),
    ...(first ? { detail: first.message } : {}),
  });
}

/** What a refusal says, in a language. */
export function refusalText(lang: Lang, key: MessageKey, params?: Record<string, unknown>): string {
  const text = translate(lang, key, params as Record<string, string | number> | undefined);
  const detail = params?.detail;
  return typeof detail === 'string' && detail && !text.includes(detail) ? `${text}: ${detail}` : text;
}

/**
 * The patient PID-3 names, not deleted: the one in hospital first (a wristband or inpatient number
 * can be reissued after a discharge), then the most recent.
 */
export async function patientNamed(
  ctx: InboundContext,
  ids: { inpatientNumber?: string; wristbandCode?: string; outpatientNumber?: string },
): Promise<PatientRow | undefined> {
  const named = [
    ids.wristbandCode ? eq(patients.wristbandCode, ids.wristbandCode) : undefined,
    ids.inpatientNumber ? eq(patients.inpatientNumber, ids.inpatientNumber) : undefined,
    ids.outpatientNumber ? eq(patients.outpatientNumber, ids.outpatientNumber) : undefined,
  ].filter((condition) => condition !== undefined);
  if (!named.length) return undefined;
  const [row] = await ctx.tx
    .select()
    .from(patients)
    .where(and(eq(patients.tenantId, ctx.tenantId), isNull(patients.deletedAt), or(...named)))
    .orderBy(sql`${patients.status} = 'inHospital' desc`, desc(patients.id))
    .limit(1);
  return row;
}
