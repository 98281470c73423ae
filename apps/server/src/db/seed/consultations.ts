import { autoConsultationDescription, consultationItemOfGlucosePeriod, wallClockAt } from '@glucocare/domain';
import { and, asc, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import { dateIn, hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { consultationReplies, consultations, measurements, patients, users } from '../schema';

const HOUR_MS = 3_600_000;

type Stage = 'waiting' | 'replied' | 'completed' | 'closed';

/** The demo requests: from the wards to endocrinology, in every state (the first one urgent). */
const REQUESTS: {
  department: string;
  hoursAgo: number;
  urgency: 'routine' | 'urgent' | 'emergency';
  stage: Stage;
  description: string;
}[] = [
  {
    department: 'CARD',
    hoursAgo: 2,
    urgency: 'urgent',
    stage: 'waiting',
    description:
      'Post-PCI patient, fasting glucose 13.8 mmol/L and 16.2 after lunch, no known diabetes. Please advise on insulin before discharge. 术后血糖偏高，请协助调整降糖方案。',
  },
  {
    department: 'ICU',
    hoursAgo: 20,
    urgency: 'routine',
    stage: 'replied',
    description:
      'On continuous insulin infusion after sepsis; glucose 4.1–11.6 mmol/L. Please advise how to switch to subcutaneous basal-bolus insulin.',
  },
  {
    department: 'GSURG',
    hoursAgo: 40,
    urgency: 'routine',
    stage: 'completed',
    description:
      '拟行腹腔镜胆囊切除术，2 型糖尿病口服二甲双胍，空腹血糖 9–11 mmol/L，请会诊围手术期血糖管理。',
  },
  {
    department: 'CARD',
    hoursAgo: 60,
    urgency: 'routine',
    stage: 'closed',
    description:
      'Recurrent night-time glucose below 4.0 mmol/L on glargine 18 IU. Please review the insulin dose.',
  },
];

const REPLY =
  'Seen the patient. Stop the infusion after the first subcutaneous dose; glargine 0.2 IU/kg at 21:00, aspart 4 IU with each meal, check glucose before meals and at bedtime. 已查看患者，按上述方案调整。';
const RECORD =
  '会诊意见：围手术期停用二甲双胍，术前一晚甘精胰岛素 10 IU，术日监测七点血糖，目标 6.1–10.0 mmol/L；恢复进食后重新评估口服药。';
const CLOSE_REASON =
  'Dose reduced by the ward team; glucose stable for 48 hours, consultation no longer needed.';

/**
 * Demo consultations (issue 17) for a tenant: requests from its wards to endocrinology — urgent and
 * waiting, answered, completed with a record, closed with a reason — and two auto consultations linked
 * to real high demo readings (trigger item from the reading's period, the hospital date of its test).
 * Requesting doctors are the wards' responsible doctors when the tenant has them; the consulting
 * doctor is endocrinology's (doctor01) or, without one, chosen when replying (none yet).
 */
export async function seedConsultations(tx: DbOrTx, tenantId: string): Promise<void> {
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const staff = await tx
    .select({
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const consultant = staff.find((u) => u.userName === 'doctor01') ?? null;
  const replier = consultant ?? staff.find((u) => u.userName === 'admin') ?? null;
  const ward = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.status, 'inHospital'),
        ne(patients.departmentCode, 'ENDO'),
        isNull(patients.deletedAt),
      ),
    )
    .orderBy(asc(patients.id));
  if (!ward.length || !replier) return;
  const doctorOf = (departmentCode: string) =>
    staff.find((u) => u.departmentCode === departmentCode && u.userName.startsWith('doctor')) ?? null;

  const used = new Set<number>();
  for (const [index, request] of REQUESTS.entries()) {
    const patient =
      ward.find((p) => p.departmentCode === request.department && !used.has(p.id)) ??
      ward.find((p) => !used.has(p.id)) ??
      ward[index % ward.length]!;
    used.add(patient.id);
    const requestedAt = new Date(now.getTime() - request.hoursAgo * HOUR_MS);
    const replyAt = new Date(requestedAt.getTime() + 3 * HOUR_MS);
    const finishedAt = new Date(requestedAt.getTime() + 6 * HOUR_MS);
    const requester = doctorOf(patient.departmentCode);
    const finished = request.stage === 'completed' || request.stage === 'closed';
    const [row] = await tx
      .insert(consultations)
      .values({
        tenantId,
        patientId: patient.id,
        admissionId: patient.admissionId,
        requestDepartmentCode: patient.departmentCode,
        requestDoctorId: requester?.id ?? null,
        requestDoctorName: requester ? requester.nickName || requester.userName : null,
        consultDepartmentCode: 'ENDO',
        consultDoctorId: consultant?.id ?? null,
        consultDoctorName: consultant ? consultant.nickName : null,
        requestedAt,
        description: request.description,
        urgency: request.urgency,
        status:
          request.stage === 'completed' ? 'completed' : request.stage === 'closed' ? 'closed' : 'inProgress',
        record: request.stage === 'completed' ? RECORD : null,
        closeReason: request.stage === 'closed' ? CLOSE_REASON : null,
        finishedAt: finished ? finishedAt : null,
        finishedBy: finished ? replier.id : null,
        finishedByName: finished ? replier.nickName || replier.userName : null,
        lastActivityAt: finished ? finishedAt : request.stage === 'replied' ? replyAt : requestedAt,
        version: request.stage === 'waiting' ? 1 : 2,
        createdBy: requester?.id ?? null,
        createdAt: requestedAt,
        updatedAt: requestedAt,
      })
      .returning({ id: consultations.id });
    if (request.stage !== 'waiting') {
      await tx.insert(consultationReplies).values({
        tenantId,
        consultationId: row!.id,
        authorId: replier.id,
        authorName: replier.nickName || replier.userName,
        authorDepartmentCode: 'ENDO',
        text: REPLY,
        suggestions: [],
        createdAt: replyAt,
      });
    }
  }

  // two auto consultations, each linked to a real high glucose reading of the last days
  const since = new Date(now.getTime() - 72 * HOUR_MS);
  const high = await tx
    .select()
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        eq(measurements.item, 'GLU'),
        gte(measurements.value, 13.9),
        gte(measurements.testTime, since),
        isNull(measurements.deletedAt),
      ),
    )
    .orderBy(desc(measurements.value));
  const seen = new Set<number>();
  for (const reading of high) {
    if (seen.size >= 2 || seen.has(reading.patientId)) continue;
    const [patient] = await tx
      .select()
      .from(patients)
      .where(
        and(eq(patients.tenantId, tenantId), eq(patients.id, reading.patientId), isNull(patients.deletedAt)),
      );
    if (patient?.status !== 'inHospital') continue;
    seen.add(reading.patientId);
    const item = consultationItemOfGlucosePeriod(reading.periodCode);
    const requester = doctorOf(patient.departmentCode);
    await tx.insert(consultations).values({
      tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      requestDepartmentCode: patient.departmentCode,
      requestDoctorId: requester?.id ?? null,
      requestDoctorName: requester ? requester.nickName || requester.userName : null,
      consultDepartmentCode: 'ENDO',
      requestedAt: reading.testTime,
      // the fallback text: views build it from the reading in the request language
      description: autoConsultationDescription(
        {
          item,
          value: reading.enteredValue ?? reading.value,
          unit: reading.enteredUnit ?? 'mmol/L',
          testTime: wallClockAt(reading.testTime, timeZone).slice(0, 16),
          threshold: null,
        },
        'en-US',
      ),
      urgency: 'urgent',
      status: 'inProgress',
      source: 'auto',
      triggerItem: item,
      triggerDate: dateIn(reading.testTime, timeZone),
      triggerMeasurementId: reading.id,
      lastActivityAt: reading.testTime,
      createdAt: reading.testTime,
      updatedAt: reading.testTime,
    });
  }
}
