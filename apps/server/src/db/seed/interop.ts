/**
 * Demo HL7 traffic (issue 21), so the interface screen has content on a first start: real messages
 * handled by the inbound path as if the HIS and the point-of-care middleware had sent them (an
 * admission, an update, glucose and HbA1c results, a repeat, a training message, the refusals a HIS
 * engineer meets — an unknown patient, an unsupported version — and the discharge that leaves the wards'
 * census as the other seeds made it), and ORU^R01 sent to the HIS earlier
 * (three acknowledged, one refused by the EMR, kept for a person). The HL7 switch stays off: the
 * hospital's IT switches it on with their addresses (docs/interop.md).
 */
import { hl7Timestamp } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { receiveMessage } from '../../modules/interop/hl7/inbound';
import { composeOru, type HeadRow } from '../../modules/interop/hl7/outbox';
import { getSetting } from '../../modules/settings/service';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { Database, DbOrTx } from '../client';

const MINUTE = 60_000;

export async function seedInterop(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const db = tx as unknown as Database;
  const now = new Date();
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const at = (minutesAgo: number) => hl7Timestamp(new Date(now.getTime() - minutesAgo * MINUTE), timeZone);
  const send = (minutesAgo: number, peer: string, segments: string[]) =>
    receiveMessage(
      { db, tenantId, facility: tenantId, peer, now: new Date(now.getTime() - minutesAgo * MINUTE) },
      segments.join('\r'),
    );
  const his = '10.0.8.21:50312';
  const poc = '10.0.9.40:41022';
  await send(300, his, [
    `MSH|^~\\&|HIS|HOSP|GLUCOCARE|101|${at(300)}||ADT^A01^ADT_A01|HIS20260001|P|2.5`,
    `EVN|A01|${at(300)}`,
    'PID|1||ZY20269001^^^HOSP^MR~WB20269001^^^HOSP^WB||周^明远||19580312|M|||||13800001234',
    `PV1|1|I|ENDO^^H01||||doctor01|||||||||||||||||||||||||||||||||||||${at(300)}`,
  ]);
  await send(240, his, [
    `MSH|^~\\&|HIS|HOSP|GLUCOCARE|101|${at(240)}||ADT^A08^ADT_A01|HIS20260002|P|2.5`,
    `EVN|A08|${at(240)}`,
    'PID|1||ZY20269001^^^HOSP^MR~WB20269001^^^HOSP^WB||周^明远||19580312|M|||||13900005678',
    'PV1|1|I|ENDO^^H01||||doctor01',
  ]);
  const glucose = [
    `MSH|^~\\&|POCMW|HOSP|GLUCOCARE|101|${at(137)}||ORU^R01^ORU_R01|POC20260001|P|2.5`,
    'PID|1||ZY20269001^^^HOSP^MR',
    `OBR|1|||GLU^Glucose|||${at(137)}`,
    `OBX|1|NM|14743-9^Glucose [Moles/volume] in Capillary blood by Glucometer^LN||8.6|mmol/L|3.9-7.8|H|||F|||${at(137)}||nurse01||SN-DEMO-HL7`,
  ];
  await send(137, poc, glucose);
  // the middleware did not see the first ACK and sent the same message again
  await send(136, poc, glucose);
  await send(120, poc, [
    `MSH|^~\\&|POCMW|HOSP|GLUCOCARE|101|${at(120)}||ORU^R01^ORU_R01|POC20260002|P|2.5`,
    'PID|1||ZY20269999^^^HOSP^MR',
    `OBX|1|NM|14743-9^Glucose^LN||5.4|mmol/L|||||F|||${at(120)}||nurse01||SN-DEMO-HL7`,
  ]);
  await send(90, poc, [
    `MSH|^~\\&|POCMW|HOSP|GLUCOCARE|101|${at(90)}||ORU^R01^ORU_R01|POC20260003|P|2.7`,
    'PID|1||ZY20269001^^^HOSP^MR',
    `OBX|1|NM|14743-9^Glucose^LN||6.1|mmol/L|||||F|||${at(90)}||nurse01`,
  ]);
  await send(60, his, [
    `MSH|^~\\&|LIS|HOSP|GLUCOCARE|101|${at(60)}||ORU^R01^ORU_R01|LIS20260001|P|2.5.1`,
    'PID|1||ZY20269001^^^HOSP^MR',
    `OBR|1|||HBA1C^HbA1c|||${at(65)}`,
    `OBX|1|NM|4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN||6.1|%|4.0-6.0|H|||F|||${at(65)}`,
  ]);
  await send(30, poc, [
    `MSH|^~\\&|POCMW|HOSP|GLUCOCARE|101|${at(30)}||ORU^R01^ORU_R01|POC-TEST-0001|T|2.5`,
    'PID|1||ZY20269001^^^HOSP^MR',
    `OBX|1|NM|14743-9^Glucose^LN||6.0|mmol/L|||||F|||${at(31)}||nurse01||SN-DEMO-HL7`,
  ]);

  // the HIS discharges him again: the demo wards' census stays as the other seeds made it
  await send(20, his, [
    `MSH|^~\\&|HIS|HOSP|GLUCOCARE|101|${at(20)}||ADT^A03^ADT_A03|HIS20260003|P|2.5`,
    `EVN|A03|${at(20)}`,
    'PID|1||ZY20269001^^^HOSP^MR~WB20269001^^^HOSP^WB||周^明远||19580312|M',
    'PV1|1|I|ENDO^^H01||||doctor01',
  ]);

  // results sent to the HIS earlier: four approved readings of the demo wards
  const readings = (
    await tx.execute<{ id: string; patient_id: string; approved_at: Date }>(sql`
      select id, patient_id, approved_at from measurements
       where tenant_id = ${tenantId} and status = 'approved' and deleted_at is null and value is not null
         and source <> 'hl7' and approved_at is not null
       order by approved_at desc, id desc limit 4`)
  ).rows.reverse();
  for (const [index, reading] of readings.entries()) {
    const sentAt = new Date(new Date(reading.approved_at).getTime() + 2_000);
    const [row] = (
      await tx.execute<{ id: string }>(sql`
        insert into hl7_messages (tenant_id, direction, status, message_type, raw, patient_id, measurement_id,
                                  result_status, created_at)
        values (${tenantId}, 'out', 'pending', 'ORU^R01', '', ${Number(reading.patient_id)}, ${Number(reading.id)},
                'F', ${sentAt.toISOString()}::timestamptz)
        returning id`)
    ).rows;
    const id = Number(row!.id);
    const controlId = `GCO${id}`;
    const head: HeadRow = {
      id: String(id),
      raw: '',
      control_id: null,
      measurement_id: reading.id,
      result_status: 'F',
      attempts: 0,
      repeats: 0,
    };
    const raw =
      (await composeOru(
        tx,
        tenantId,
        { timeZone, his: await getSetting(tx, tenantId, 'his.interface') },
        head,
        controlId,
        sentAt,
      )) ?? '';
    const refused = index === readings.length - 1;
    const ack = [
      `MSH|^~\\&|HIS|HOSP|GLUCOCARE|101|${hl7Timestamp(sentAt, timeZone)}||ACK^R01^ACK|EMR${id}|P|2.5`,
      refused ? `MSA|AE|${controlId}|Patient not registered in the EMR yet` : `MSA|AA|${controlId}`,
      ...(refused
        ? ['ERR||PID^1^3^^|204^Unknown key identifier^HL70357|E||||Patient not registered in the EMR yet']
        : []),
    ].join('\r');
    await tx.execute(sql`
      update hl7_messages
         set raw = ${raw}, control_id = ${controlId}, attempts = 1, ack = ${ack}, ack_code = ${refused ? 'AE' : 'AA'},
             status = ${refused ? 'failed' : 'sent'}, peer = '10.0.8.21:2576',
             error_text = ${refused ? 'Patient not registered in the EMR yet' : null},
             completed_at = ${sentAt.toISOString()}::timestamptz
       where tenant_id = ${tenantId} and id = ${id}`);
  }
}
