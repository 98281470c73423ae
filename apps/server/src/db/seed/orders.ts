import {
  everyHoursTimes,
  hospitalDayAt,
  MONITOR_PRESETS,
  type OrderType,
  orderEndAt,
} from '@glucocare/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { hospitalTimeZone } from '../../modules/settings/time-zone';
import type { DbOrTx } from '../client';
import { adviceFrequencies, orderTemplates, patientOrders, patients, users } from '../schema';

const HOUR_MS = 3_600_000;

type TemplateKey = 'seven' | 'four' | 'every2h' | 'ketone' | 'once' | 'diet' | 'nursing' | 'day24' | 'hba1c';

/** The demo order templates of a tenant: name, type and content items, in the hospital's language. */
const TEMPLATES: Record<
  'zh' | 'en',
  Record<TemplateKey, { name: string; type: OrderType; content: string[] }>
> = {
  zh: {
    seven: {
      name: '血糖监测（七点）',
      type: 'longTerm',
      content: ['三餐前、三餐后2小时及睡前测指尖血糖', '结果记录于血糖单', '血糖<3.9 mmol/L 立即报告医生'],
    },
    four: {
      name: '四点血糖',
      type: 'longTerm',
      content: ['三餐前及睡前测指尖血糖', '结果记录于血糖单', '血糖<3.9 mmol/L 立即报告医生'],
    },
    every2h: {
      name: '每2小时血糖',
      type: 'longTerm',
      content: ['每2小时测指尖血糖', '血糖<3.9 或 >16.7 mmol/L 立即报告医生'],
    },
    ketone: { name: '测血酮', type: 'longTerm', content: ['测末梢血β-羟丁酸', '≥3.0 mmol/L 立即报告医生'] },
    once: { name: '临时血糖', type: 'temporary', content: ['即刻测指尖血糖'] },
    diet: {
      name: '糖尿病饮食',
      type: 'longTerm',
      content: ['糖尿病饮食', '每日总热量 1800 kcal', '少食多餐'],
    },
    nursing: {
      name: '内分泌科护理常规',
      type: 'longTerm',
      content: ['二级护理', '低血糖防治宣教', '足部护理'],
    },
    day24: { name: '24小时血糖监测', type: '24h', content: ['每2小时测指尖血糖', '结果记录于血糖单'] },
    hba1c: { name: '糖化血红蛋白', type: 'temporary', content: ['空腹抽血测 HbA1c'] },
  },
  en: {
    seven: {
      name: '7-point glucose monitoring',
      type: 'longTerm',
      content: ['Fingertip glucose before and 2 h after meals and at bedtime', 'Record on the glucose chart'],
    },
    four: {
      name: '4-point glucose',
      type: 'longTerm',
      content: ['Fingertip glucose before meals and at bedtime', 'Record on the glucose chart'],
    },
    every2h: {
      name: 'Glucose every 2 hours',
      type: 'longTerm',
      content: ['Fingertip glucose every 2 hours'],
    },
    ketone: { name: 'Ketone monitoring', type: 'longTerm', content: ['Capillary beta-hydroxybutyrate'] },
    once: { name: 'Glucose once', type: 'temporary', content: ['Fingertip glucose now'] },
    diet: { name: 'Diabetic diet', type: 'longTerm', content: ['Diabetic diet', '1800 kcal a day'] },
    nursing: {
      name: 'Diabetes nursing routine',
      type: 'longTerm',
      content: ['Level 2 care', 'Hypoglycaemia education'],
    },
    day24: { name: '24-hour glucose monitoring', type: '24h', content: ['Fingertip glucose every 2 hours'] },
    hba1c: { name: 'HbA1c', type: 'temporary', content: ['Fasting blood for HbA1c'] },
  },
};

/** One demo order: the template it comes from and what the doctor chose. */
interface DemoOrder {
  template: TemplateKey;
  name?: string;
  classification: string;
  category?: string;
  periods?: readonly string[];
  times?: string[];
  frequency?: string;
  /** hours before now it began (clipped to the admission) */
  beganHoursAgo: number;
  /** a temporary order's test time, hours after its start */
  testAfterHours?: number;
  stop?: { hoursAgo: number; reason: string };
}

const glucose = (template: TemplateKey, periods: readonly string[], beganHoursAgo = 48): DemoOrder => ({
  template,
  classification: 'monitoring',
  category: 'GLU',
  periods,
  beganHoursAgo,
});
const diet: DemoOrder = { template: 'diet', classification: 'diet', beganHoursAgo: 50 };
const nursing: DemoOrder = { template: 'nursing', classification: 'nursing', beganHoursAgo: 50 };

/** What each ward's first in-hospital patients get, in bed order (tenant 101 and 202 alike by ward). */
const WARD_PLANS: Record<string, DemoOrder[][]> = {
  ENDO: [
    [glucose('four', MONITOR_PRESETS.fourPoint), diet, nursing],
    [
      glucose('seven', MONITOR_PRESETS.sevenPoint),
      {
        template: 'ketone',
        classification: 'monitoring',
        category: 'KET',
        frequency: 'tid',
        beganHoursAgo: 30,
      },
      diet,
    ],
    [
      {
        ...glucose('four', MONITOR_PRESETS.fourPoint, 72),
        stop: { hoursAgo: 24, reason: '血糖波动大，改为七点血糖监测' },
      },
      glucose('seven', MONITOR_PRESETS.sevenPoint, 24),
      { ...diet, stop: { hoursAgo: 20, reason: '禁食，准备胃镜检查' } },
    ],
    [
      {
        template: 'once',
        classification: 'monitoring',
        category: 'GLU',
        beganHoursAgo: 3,
        testAfterHours: 1,
      },
      { template: 'hba1c', classification: 'examination', beganHoursAgo: 20, testAfterHours: 2 },
    ],
  ],
  ICU: [
    [
      {
        template: 'every2h',
        classification: 'monitoring',
        category: 'GLU',
        times: everyHoursTimes(2),
        beganHoursAgo: 36,
      },
    ],
    [
      {
        template: 'day24',
        classification: 'monitoring',
        category: 'GLU',
        times: everyHoursTimes(2),
        beganHoursAgo: 6,
      },
    ],
  ],
  CARD: [[glucose('four', MONITOR_PRESETS.fourPoint, 30)]],
  IM: [
    [glucose('four', MONITOR_PRESETS.fourPoint), diet],
    [
      {
        ...glucose('seven', MONITOR_PRESETS.sevenPoint),
        stop: { hoursAgo: 10, reason: 'Glucose stable on 4 checks a day' },
      },
    ],
  ],
};

/**
 * Demo medical orders (issue 17): order templates of each type (none were seeded before), and orders for
 * the first in-hospital patients of the ENDO, ICU, CARD and IM wards — 4-point and 7-point glucose
 * monitoring, every 2 hours in the ICU, a 24-hour order, ketone by a frequency, a temporary glucose once,
 * diet, nursing and examination orders, some stopped with a reason. Ordered by the ward's doctor (or the
 * tenant's administrator where the ward has none).
 */
export async function seedOrders(tx: DbOrTx, tenantId: string): Promise<void> {
  const lang = tenantId === '101' ? 'zh' : 'en';
  const templateRows = await tx
    .insert(orderTemplates)
    .values(
      Object.values(TEMPLATES[lang]).map((t) => ({
        tenantId,
        name: t.name,
        adviceType: t.type,
        content: t.content,
      })),
    )
    .returning();
  const templateOf = (key: TemplateKey) =>
    templateRows.find((row) => row.name === TEMPLATES[lang][key].name)!;
  const staff = await tx
    .select({
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      departmentCode: users.departmentCode,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.userName, ['admin', 'doctor01', 'doctor02', 'doctor03']),
      ),
    );
  const admin = staff.find((u) => u.userName === 'admin');
  if (!admin) return;
  const frequencies = await tx
    .select()
    .from(adviceFrequencies)
    .where(eq(adviceFrequencies.tenantId, tenantId));
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  const today = hospitalDayAt(now, timeZone).start;

  const rows: (typeof patientOrders.$inferInsert)[] = [];
  for (const [ward, plans] of Object.entries(WARD_PLANS)) {
    const wardPatients = await tx
      .select()
      .from(patients)
      .where(
        and(
          eq(patients.tenantId, tenantId),
          eq(patients.status, 'inHospital'),
          eq(patients.departmentCode, ward),
          isNull(patients.deletedAt),
        ),
      )
      .orderBy(asc(patients.id))
      .limit(plans.length);
    const doctor = staff.find((u) => u.departmentCode === ward && u.userName.startsWith('doctor')) ?? admin;
    wardPatients.forEach((patient, index) => {
      for (const plan of plans[index]!) {
        const template = templateOf(plan.template);
        let beginAt = new Date(now.getTime() - plan.beganHoursAgo * HOUR_MS);
        if (beginAt < patient.admittedAt) beginAt = new Date(patient.admittedAt.getTime() + HOUR_MS);
        if (beginAt > now) beginAt = new Date(Math.max(today.getTime(), patient.admittedAt.getTime()));
        const frequency = plan.frequency ? frequencies.find((f) => f.code === plan.frequency) : undefined;
        const stoppedAt = plan.stop
          ? new Date(Math.max(beginAt.getTime() + HOUR_MS, now.getTime() - plan.stop.hoursAgo * HOUR_MS))
          : null;
        const type = template.adviceType as OrderType;
        rows.push({
          tenantId,
          patientId: patient.id,
          admissionId: patient.admissionId,
          departmentCode: patient.departmentCode,
          name: plan.name ?? template.name,
          classification: plan.classification,
          orderType: type,
          category: plan.category ?? null,
          templateId: template.id,
          templateName: template.name,
          contents: template.content,
          frequencyCode: frequency?.code ?? null,
          frequencyName: frequency?.name ?? null,
          monitorPeriods: plan.periods ? [...plan.periods] : null,
          monitorTimes: plan.times ?? (frequency ? frequency.executeTimes : null),
          beginAt,
          executeAt: beginAt,
          endAt: orderEndAt(type, beginAt),
          testTime: plan.testAfterHours ? new Date(beginAt.getTime() + plan.testAfterHours * HOUR_MS) : null,
          status: stoppedAt ? 'stopped' : 'active',
          orderedBy: doctor.id,
          orderedByName: doctor.nickName || doctor.userName,
          stoppedAt,
          stoppedBy: stoppedAt ? doctor.id : null,
          stoppedByName: stoppedAt ? doctor.nickName || doctor.userName : null,
          stopReason: plan.stop?.reason ?? null,
          version: stoppedAt ? 2 : 1,
          createdBy: doctor.id,
          createdAt: beginAt,
          updatedAt: stoppedAt ?? beginAt,
        });
      }
    });
  }
  if (rows.length) await tx.insert(patientOrders).values(rows);
}
