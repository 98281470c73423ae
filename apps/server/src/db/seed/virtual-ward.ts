import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, labResults, patients, settings, users, virtualWardStays } from '../schema';

const DAY_MS = 86_400_000;

/** Current demo stays: a patient of each ward, by hand or automatically, with marks and labels. */
const CURRENT: {
  department: string;
  daysAgo: number;
  source: 'manual' | 'auto';
  deviceMark: 'none' | 'pump' | 'cgm';
  groupLabels: string[];
  suggestion: string;
}[] = [
  {
    department: 'CARD',
    daysAgo: 6,
    source: 'manual',
    deviceMark: 'pump',
    groupLabels: ['Post-PCI', '胰岛素泵'],
    suggestion:
      'Insulin pump basal 0.8 IU/h; fasting and 2-hour post-meal glucose daily. 泵基础率 0.8 IU/h。',
  },
  {
    department: 'ICU',
    daysAgo: 4,
    source: 'auto',
    deviceMark: 'cgm',
    groupLabels: ['CGM'],
    suggestion: 'Auto join: glucose 13.9 mmol/L ≥ 11.1 mmol/L',
  },
  {
    department: 'GSURG',
    daysAgo: 3,
    source: 'manual',
    deviceMark: 'none',
    groupLabels: ['Peri-operative', '围手术期'],
    suggestion: 'Basal-bolus insulin around surgery; target 7.8-10.0 mmol/L. 围手术期血糖目标 7.8-10.0。',
  },
  {
    department: 'NEPH',
    daysAgo: 2,
    source: 'manual',
    deviceMark: 'none',
    groupLabels: ['CKD'],
    suggestion: 'Reduce insulin dose for eGFR < 30; watch for hypoglycaemia. 肾功能不全，警惕低血糖。',
  },
  {
    department: 'CARD',
    daysAgo: 1,
    source: 'auto',
    deviceMark: 'none',
    groupLabels: [],
    suggestion: 'Auto join: HbA1c 8.1% ≥ 6.5%',
  },
];

/**
 * Demo virtual ward (issue 18) for a tenant with an endocrinology department: ENDO manages it (auto join
 * on in tenant 101); current stays of patients of other wards (one on a pump, one on CGM, labels), one of them joined
 * by an HbA1c result; two ended stays, one of a patient who joined again (join count 2). Deterministic
 * (the wards' last patients by id, times from the minute of seeding): the follow-up seed runs after it.
 */
export async function seedVirtualWard(tx: DbOrTx, tenantId: string): Promise<void> {
  const [endo] = await tx
    .select({ code: departments.code })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.code, 'ENDO')));
  if (!endo) return;
  await tx.insert(settings).values({ tenantId, key: 'virtualWard.managingDepartment', value: 'ENDO' });
  // the demo hospital joins automatically; the other tenants keep the default (off)
  if (tenantId === '101')
    await tx.insert(settings).values({ tenantId, key: 'virtualWard.autoJoin', value: true });
  const now = new Date();
  now.setUTCSeconds(0, 0);
  const [doctor] = await tx
    .select({ id: users.id, name: users.nickName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'doctor01')));
  const ward = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients.status, 'inHospital'),
        inArray(patients.departmentCode, ['CARD', 'ICU', 'GSURG', 'NEPH']),
        isNull(patients.deletedAt),
      ),
    )
    // the wards' last patients: the first ones are the demo's (and the tests') examples of another ward
    .orderBy(desc(patients.id));
  if (!ward.length) return;
  const used = new Set<number>();
  const pick = (department: string) => {
    const patient =
      ward.find((p) => p.departmentCode === department && !used.has(p.id)) ??
      ward.find((p) => !used.has(p.id));
    if (patient) used.add(patient.id);
    return patient;
  };
  const at = (daysAgo: number, hours = 9) =>
    new Date(now.getTime() - daysAgo * DAY_MS + (hours - 9) * 3_600_000);
  const base = (patient: (typeof ward)[number]) => ({
    tenantId,
    patientId: patient.id,
    admissionId: patient.admissionId,
    wardDepartmentCode: patient.departmentCode,
    managingDepartmentCode: 'ENDO',
    createdBy: doctor?.id ?? null,
  });

  // a patient who was in the virtual ward before and joined again: join count 2
  const rejoined = pick('GSURG');
  if (rejoined) {
    await tx.insert(virtualWardStays).values({
      ...base(rejoined),
      joinCount: 1,
      joinedAt: at(9),
      source: 'manual',
      suggestion: 'Metformin restarted after surgery; glucose twice daily.',
      exitedAt: at(7),
      exitReason: 'Glucose stable on oral drugs',
      exitedBy: doctor?.id ?? null,
      exitedByName: doctor?.name ?? null,
      version: 2,
      createdAt: at(9),
      updatedAt: at(7),
    });
    await tx.insert(virtualWardStays).values({
      ...base(rejoined),
      joinCount: 2,
      joinedAt: at(2, 15),
      source: 'auto',
      triggerKind: 'glucose',
      triggerValue: 14.2,
      suggestion: 'Auto join: glucose 14.2 mmol/L ≥ 11.1 mmol/L',
      groupLabels: ['Re-joined', '再次入组'],
      createdAt: at(2, 15),
      updatedAt: at(2, 15),
    });
  }
  // an ended stay only (management ended in a batch)
  const ended = pick('NEPH');
  if (ended) {
    await tx.insert(virtualWardStays).values({
      ...base(ended),
      joinCount: 1,
      joinedAt: at(8),
      source: 'manual',
      suggestion: 'Adjust insulin for dialysis days.',
      exitedAt: at(5),
      exitReason: 'Transferred to the endocrinology ward 转入内分泌科',
      exitedBy: doctor?.id ?? null,
      exitedByName: doctor?.name ?? null,
      version: 2,
      createdAt: at(8),
      updatedAt: at(5),
    });
  }

  for (const stay of CURRENT) {
    const patient = pick(stay.department);
    if (!patient) break;
    const joinedAt = at(stay.daysAgo, 10);
    const hba1c = stay.suggestion.includes('HbA1c');
    const [lab] = hba1c
      ? await tx
          .insert(labResults)
          .values({
            tenantId,
            patientId: patient.id,
            departmentCode: patient.departmentCode,
            itemCode: 'HBA1C',
            itemName: '糖化血红蛋白',
            value: 8.1,
            unit: '%',
            resultedAt: joinedAt,
            source: 'manual',
            createdBy: doctor?.id ?? null,
            createdAt: joinedAt,
          })
          .returning({ id: labResults.id })
      : [];
    await tx.insert(virtualWardStays).values({
      ...base(patient),
      joinCount: 1,
      joinedAt,
      source: stay.source,
      triggerKind: stay.source === 'auto' ? (hba1c ? 'hba1c' : 'glucose') : null,
      triggerValue: stay.source === 'auto' ? (hba1c ? 8.1 : 13.9) : null,
      triggerLabResultId: lab?.id ?? null,
      suggestion: stay.suggestion,
      deviceMark: stay.deviceMark,
      groupLabels: stay.groupLabels,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    });
  }
}
