import { and, eq, inArray } from 'drizzle-orm';
import { assertClassificationConsistent } from '../../modules/crisis/classification-settings';
import type { DbOrTx } from '../client';
import { ageBrackets, crisisGrades, crisisRules, departments } from '../schema';

const RED = '#F5222D';
const ORANGE = '#FA8C16';
const YELLOW = '#FADB14';
const BLUE = '#1677FF';
const PURPLE = '#722ED1';

/** Grades from the most urgent (I) down; one description text serves both languages. */
const GRADES = [
  {
    grade: 'I',
    nameZh: '一级',
    nameEn: 'Grade I',
    color: RED,
    sort: 1,
    description:
      'Life-threatening: notify the doctor at once and act within 15 minutes / 危及生命：立即通知医生，15 分钟内处理',
  },
  {
    grade: 'II',
    nameZh: '二级',
    nameEn: 'Grade II',
    color: ORANGE,
    sort: 2,
    description: 'Serious: notify the doctor within 30 minutes and recheck / 严重：30 分钟内通知医生并复测',
  },
  {
    grade: 'III',
    nameZh: '三级',
    nameEn: 'Grade III',
    color: YELLOW,
    sort: 3,
    description: 'Needs attention: report at the next ward round / 需关注：下次查房时报告',
  },
];

const BRACKETS = [
  { name: 'Children 儿童', minAge: 0, maxAge: 13, sort: 1 },
  { name: 'Adolescents 青少年', minAge: 14, maxAge: 17, sort: 2 },
  { name: 'Adults 成人', minAge: 18, maxAge: 64, sort: 3 },
  { name: 'Older adults 老年', minAge: 65, maxAge: 150, sort: 4 },
];

/**
 * Demo critical values (mmol/L for glucose and ketone, µmol/L for uric acid). The glucose item range
 * 3.9-10.0 matches the seeded periods' lows and the consensus TIR band. The ICU and the older adults of
 * Endocrinology treat 3.9 itself as critical, so their rules raise the normal low to 4.4 (stricter
 * floor) to keep the critical low below every normal low it meets.
 */
const ITEM_RULES = [
  {
    item: 'GLU',
    low: 3.9,
    high: 10.0,
    criticalLow: 2.8,
    criticalHigh: 22.2,
    lowColor: BLUE,
    highColor: ORANGE,
    criticalLowColor: PURPLE,
    criticalHighColor: RED,
    grade: 'I',
  },
  { item: 'KET', high: 0.6, criticalHigh: 3.0, highColor: ORANGE, criticalHighColor: RED, grade: 'I' },
  {
    item: 'UA',
    low: 150,
    high: 420,
    criticalHigh: 720,
    lowColor: BLUE,
    highColor: ORANGE,
    criticalHighColor: RED,
    grade: 'III',
  },
];

/**
 * Demo critical settings, after the glucose periods: grades I-III, four age brackets, item rules for
 * glucose, ketone and uric acid, an ICU glucose rule, an ENDO older-adult glucose rule and virtual-ward
 * glucose limits (where the tenant has those departments). Checked like any save.
 */
export async function seedCrisisSettings(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.insert(crisisGrades).values(GRADES.map((grade) => ({ tenantId, ...grade })));
  const brackets = await tx
    .insert(ageBrackets)
    .values(BRACKETS.map((bracket) => ({ tenantId, ...bracket })))
    .returning();
  const olderAdults = brackets.find((bracket) => bracket.minAge === 65);

  await tx.insert(crisisRules).values(ITEM_RULES.map((rule) => ({ tenantId, scope: 'item', ...rule })));
  await tx.insert(crisisRules).values({
    tenantId,
    scope: 'virtualWard',
    item: 'GLU',
    criticalLow: 3.0,
    criticalHigh: 16.7,
    criticalLowColor: PURPLE,
    criticalHighColor: RED,
    grade: 'II',
  });

  const present = new Set(
    (
      await tx
        .select({ code: departments.code })
        .from(departments)
        .where(and(eq(departments.tenantId, tenantId), inArray(departments.code, ['ICU', 'ENDO'])))
    ).map((row) => row.code),
  );
  if (present.has('ICU')) {
    await tx.insert(crisisRules).values({
      tenantId,
      scope: 'department',
      item: 'GLU',
      departmentCode: 'ICU',
      low: 4.4,
      criticalLow: 3.9,
      criticalLowColor: PURPLE,
      grade: 'I',
    });
  }
  if (present.has('ENDO') && olderAdults) {
    await tx.insert(crisisRules).values({
      tenantId,
      scope: 'departmentAge',
      item: 'GLU',
      departmentCode: 'ENDO',
      ageBracketId: olderAdults.id,
      low: 4.4,
      criticalLow: 3.9,
      criticalLowColor: PURPLE,
      grade: 'II',
    });
  }
  await assertClassificationConsistent(tx, tenantId);
}
