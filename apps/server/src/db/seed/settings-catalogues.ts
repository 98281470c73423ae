import type { DbOrTx } from '../client';
import { adviceFrequencies, dictEntries, tagOptions, units } from '../schema';

/** Dosage units drugs are ordered in, and the units inspection (laboratory) results come in. */
const CATALOGUE_UNITS: { category: 'DRUG' | 'INSPECTION'; code: string; name: string; nameZh?: string }[] = [
  { category: 'DRUG', code: 'IU', name: 'IU' },
  { category: 'DRUG', code: 'mg', name: 'mg' },
  { category: 'DRUG', code: 'g', name: 'g' },
  { category: 'DRUG', code: 'ml', name: 'ml' },
  { category: 'DRUG', code: 'tablet', name: 'tablet', nameZh: '片' },
  { category: 'DRUG', code: 'capsule', name: 'capsule', nameZh: '粒' },
  { category: 'DRUG', code: 'pen', name: 'pen', nameZh: '支' },
  { category: 'INSPECTION', code: '%', name: '%' },
  { category: 'INSPECTION', code: 'mmol/L', name: 'mmol/L' },
  { category: 'INSPECTION', code: 'µmol/L', name: 'µmol/L' },
  { category: 'INSPECTION', code: 'pmol/L', name: 'pmol/L' },
  { category: 'INSPECTION', code: 'mIU/L', name: 'mIU/L' },
  { category: 'INSPECTION', code: 'ng/ml', name: 'ng/ml' },
  { category: 'INSPECTION', code: 'g/L', name: 'g/L' },
  { category: 'INSPECTION', code: 'mg/mmol', name: 'mg/mmol' },
];

/**
 * Patient tags (and the spoken names of count units), stored as text in the tenant's working language (a patient keeps the text it was
 * tagged with): Chinese for the Chinese demo hospital 101, English for 202. Every tag has both names.
 */
const TAGS: { zh: string; en: string; color: string }[] = [
  { zh: '新入院', en: 'New admission', color: '#1677FF' },
  { zh: '胰岛素泵', en: 'Insulin pump', color: '#722ED1' },
  { zh: '妊娠', en: 'Pregnancy', color: '#EB2F96' },
  { zh: '低血糖风险', en: 'Hypo risk', color: '#FA541C' },
  { zh: '围手术期', en: 'Perioperative', color: '#13C2C2' },
];
const ENGLISH_TENANTS = new Set(['202']);

/** Times are the ward's usual round times; "st" and "prn" have none. */
const FREQUENCIES: {
  code: string;
  name: string;
  frequency: string;
  timesPerDay: number | null;
  executeTimes: string[];
}[] = [
  { code: 'qd', name: '每日一次', frequency: '1/d', timesPerDay: 1, executeTimes: ['08:00'] },
  { code: 'bid', name: '每日两次', frequency: '2/d', timesPerDay: 2, executeTimes: ['08:00', '16:00'] },
  {
    code: 'tid',
    name: '每日三次',
    frequency: '3/d',
    timesPerDay: 3,
    executeTimes: ['08:00', '12:00', '16:00'],
  },
  {
    code: 'qid',
    name: '每日四次',
    frequency: '4/d',
    timesPerDay: 4,
    executeTimes: ['08:00', '12:00', '16:00', '20:00'],
  },
  { code: 'qn', name: '每晚一次', frequency: '1/n', timesPerDay: 1, executeTimes: ['21:00'] },
  {
    code: 'q8h',
    name: '每8小时一次',
    frequency: 'q8h',
    timesPerDay: 3,
    executeTimes: ['00:00', '08:00', '16:00'],
  },
  { code: 'st', name: '立即', frequency: 'st', timesPerDay: null, executeTimes: [] },
  { code: 'prn', name: '必要时', frequency: 'prn', timesPerDay: null, executeTimes: [] },
];

type Entry = { type: string; code: string; nameZh: string; nameEn: string; value?: string };

/**
 * Dictionary types of the settings screens. Meter parameters are the measurable ranges of the ward
 * meters (glucose and ketone in mmol/L, uric acid in µmol/L, haematocrit in %): readings outside them
 * are recorded as "out of range", not as numbers.
 */
const DICTIONARIES: Entry[] = [
  { type: 'refusalReason', code: 'fear', nameZh: '惧怕疼痛', nameEn: 'Afraid of the pain' },
  { type: 'refusalReason', code: 'unwell', nameZh: '身体不适', nameEn: 'Feeling unwell' },
  { type: 'refusalReason', code: 'selfTested', nameZh: '已自行测量', nameEn: 'Already tested themselves' },
  { type: 'refusalReason', code: 'noNeed', nameZh: '认为无需监测', nameEn: 'Sees no need to test' },
  { type: 'refusalReason', code: 'other', nameZh: '其他', nameEn: 'Other' },
  {
    type: 'meterParameter',
    code: 'GLU_LOW',
    nameZh: '血糖可测下限',
    nameEn: 'Glucose low limit',
    value: '1.1',
  },
  {
    type: 'meterParameter',
    code: 'GLU_HIGH',
    nameZh: '血糖可测上限',
    nameEn: 'Glucose high limit',
    value: '33.3',
  },
  {
    type: 'meterParameter',
    code: 'KET_HIGH',
    nameZh: '血酮可测上限',
    nameEn: 'Ketone high limit',
    value: '8.0',
  },
  {
    type: 'meterParameter',
    code: 'UA_LOW',
    nameZh: '尿酸可测下限',
    nameEn: 'Uric acid low limit',
    value: '119',
  },
  {
    type: 'meterParameter',
    code: 'UA_HIGH',
    nameZh: '尿酸可测上限',
    nameEn: 'Uric acid high limit',
    value: '1190',
  },
  {
    type: 'meterParameter',
    code: 'HCT_LOW',
    nameZh: '红细胞压积下限',
    nameEn: 'Haematocrit low limit',
    value: '20',
  },
  {
    type: 'meterParameter',
    code: 'HCT_HIGH',
    nameZh: '红细胞压积上限',
    nameEn: 'Haematocrit high limit',
    value: '60',
  },
  { type: 'symptom', code: 'sweating', nameZh: '出汗', nameEn: 'Sweating' },
  { type: 'symptom', code: 'palpitations', nameZh: '心悸', nameEn: 'Palpitations' },
  { type: 'symptom', code: 'tremor', nameZh: '手抖', nameEn: 'Tremor' },
  { type: 'symptom', code: 'hunger', nameZh: '饥饿感', nameEn: 'Hunger' },
  { type: 'symptom', code: 'dizziness', nameZh: '头晕', nameEn: 'Dizziness' },
  { type: 'symptom', code: 'confusion', nameZh: '意识模糊', nameEn: 'Confusion' },
  { type: 'symptom', code: 'thirst', nameZh: '口渴', nameEn: 'Thirst' },
  { type: 'symptom', code: 'polyuria', nameZh: '多尿', nameEn: 'Polyuria' },
  { type: 'symptom', code: 'nausea', nameZh: '恶心呕吐', nameEn: 'Nausea or vomiting' },
  { type: 'symptom', code: 'blurredVision', nameZh: '视物模糊', nameEn: 'Blurred vision' },
  { type: 'symptom', code: 'fatigue', nameZh: '乏力', nameEn: 'Fatigue' },
  {
    type: 'treatmentPlan',
    code: 'oralGlucose15g',
    nameZh: '口服15g葡萄糖，15分钟后复测',
    nameEn: '15 g oral glucose, recheck in 15 min',
  },
  { type: 'treatmentPlan', code: 'ivGlucose50', nameZh: '50%葡萄糖静脉推注', nameEn: '50% glucose IV' },
  { type: 'treatmentPlan', code: 'notifyDoctor', nameZh: '通知医生', nameEn: 'Notify the doctor' },
  {
    type: 'treatmentPlan',
    code: 'insulinAsOrdered',
    nameZh: '遵医嘱使用胰岛素',
    nameEn: 'Insulin as ordered',
  },
  { type: 'treatmentPlan', code: 'encourageFluids', nameZh: '鼓励饮水', nameEn: 'Encourage fluids' },
  { type: 'treatmentPlan', code: 'checkKetones', nameZh: '加测血酮', nameEn: 'Check blood ketones' },
  {
    type: 'treatmentPlan',
    code: 'recheck1h',
    nameZh: '1小时后复测血糖',
    nameEn: 'Recheck glucose in 1 hour',
  },
];

/** Demo catalogue settings of a new tenant: units, patient tags, advice frequencies, dictionaries. */
export async function seedCatalogueSettings(tx: DbOrTx, tenantId: string): Promise<void> {
  const english = ENGLISH_TENANTS.has(tenantId);
  await tx.insert(units).values(
    CATALOGUE_UNITS.map((unit) => ({
      tenantId,
      category: unit.category,
      code: unit.code,
      name: english ? unit.name : (unit.nameZh ?? unit.name),
      sort: CATALOGUE_UNITS.filter((other) => other.category === unit.category).indexOf(unit),
    })),
  );
  await tx.insert(tagOptions).values(
    TAGS.map((tag, sort) => ({
      tenantId,
      tag: english ? tag.en : tag.zh,
      tagZh: tag.zh,
      tagEn: tag.en,
      color: tag.color,
      sort,
    })),
  );
  await tx
    .insert(adviceFrequencies)
    .values(FREQUENCIES.map((frequency, index) => ({ tenantId, ...frequency, sort: (index + 1) * 10 })));
  await tx.insert(dictEntries).values(
    DICTIONARIES.map((entry, index) => ({
      tenantId,
      ...entry,
      value: entry.value ?? null,
      sort: DICTIONARIES.slice(0, index).filter((other) => other.type === entry.type).length,
    })),
  );
}
