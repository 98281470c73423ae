import type { DbOrTx } from '../client';
import {
  dictEntries,
  glucosePeriods,
  inspectionItems,
  inspectionPackages,
  insulinPeriods,
  mappingItems,
  targetSettings,
} from '../schema';

/**
 * The eight meal periods (§9), covering the day without gaps or overlaps. Normal ranges (mmol/L): tops
 * follow common inpatient targets (7.0 fasting and before meals, 10.0 after meals and at bedtime, 7.8 in
 * the early morning); every low is 3.9, the level-1 hypoglycaemia threshold (ADA Standards of Care §6;
 * Chinese Diabetes Society guideline 2020) and the low edge of the consensus TIR band (Battelino 2019).
 * So a new hospital's report never calls a reading "low" on one page and "in range" on the next: the
 * hospital's targets and the consensus bands agree on what is low (issue 13). Wards that want a stricter
 * floor (ICU, older adults) set it per department (seeded in `settings-crisis.ts`).
 */
export const GLUCOSE_PERIODS: [
  code: string,
  nameZh: string,
  nameEn: string,
  start: string,
  end: string,
  min: number,
  max: number,
][] = [
  ['earlyMorning', '凌晨', 'Early morning', '00:00', '05:00', 3.9, 7.8],
  ['fasting', '空腹', 'Fasting', '05:00', '09:00', 3.9, 7.0],
  ['afterBreakfast', '早餐后', 'After breakfast', '09:00', '11:00', 3.9, 10.0],
  ['beforeLunch', '午餐前', 'Before lunch', '11:00', '12:30', 3.9, 7.0],
  ['afterLunch', '午餐后', 'After lunch', '12:30', '16:00', 3.9, 10.0],
  ['beforeDinner', '晚餐前', 'Before dinner', '16:00', '18:30', 3.9, 7.0],
  ['afterDinner', '晚餐后', 'After dinner', '18:30', '21:00', 3.9, 10.0],
  ['beforeSleep', '睡前', 'Before sleep', '21:00', '24:00', 3.9, 10.0],
];

/** When insulin is given; bedtime runs past midnight into the small hours. */
const INSULIN_PERIODS: [code: string, nameZh: string, nameEn: string, start: string, end: string][] = [
  ['breakfast', '早餐', 'Breakfast', '05:00', '10:00'],
  ['lunch', '午餐', 'Lunch', '10:00', '15:00'],
  ['dinner', '晚餐', 'Dinner', '15:00', '20:00'],
  ['bedtime', '睡前', 'Bedtime', '20:00', '05:00'],
];

/** The strip types QC target values are kept for (dictionary type `stripType`). */
const STRIP_TYPES: [code: string, nameZh: string, nameEn: string][] = [
  ['GLU', '血糖试纸', 'Glucose strip'],
  ['KET', '血酮试纸', 'Ketone strip'],
  ['UA', '尿酸试纸', 'Uric acid strip'],
];

/** Glucose control solution values (mmol/L) of the demo: low, normal and high controls. */
const GLUCOSE_TARGETS: [level: number, target: number, sd: number][] = [
  [0, 2.8, 0.25],
  [1, 6.6, 0.4],
  [2, 16.7, 1.1],
];

type DemoItem = [
  code: string,
  nameZh: string,
  nameEn: string,
  unit: string | null,
  low: number | null,
  high: number | null,
];
const INSPECTION_PACKAGES: { code: string; nameZh: string; nameEn: string; items: DemoItem[] }[] = [
  {
    code: 'DM_PANEL',
    nameZh: '糖尿病检查组合',
    nameEn: 'Diabetes panel',
    items: [
      ['HBA1C', '糖化血红蛋白', 'Glycated haemoglobin (HbA1c)', '%', 4.0, 6.0],
      ['FPG', '空腹血糖', 'Fasting plasma glucose', 'mmol/L', 3.9, 6.1],
      ['GA', '糖化白蛋白', 'Glycated albumin', '%', 11, 17],
      ['CPEP', 'C肽（空腹）', 'C-peptide (fasting)', 'ng/mL', 0.8, 4.2],
      ['INS', '胰岛素（空腹）', 'Insulin (fasting)', 'μIU/mL', 2.6, 24.9],
    ],
  },
  {
    code: 'RENAL',
    nameZh: '肾功能',
    nameEn: 'Renal function',
    items: [
      ['CREA', '肌酐', 'Creatinine', 'μmol/L', 44, 133],
      ['UREA', '尿素', 'Urea', 'mmol/L', 2.9, 8.2],
      ['SUA', '血尿酸', 'Serum uric acid', 'μmol/L', 150, 420],
      ['CYSC', '胱抑素C', 'Cystatin C', 'mg/L', 0.51, 1.09],
      ['UACR', '尿微量白蛋白/肌酐比值', 'Urine albumin/creatinine ratio', 'mg/g', null, 30],
    ],
  },
];

const MAPPINGS: [source: string, externalCode: string, externalName: string, kind: string, target: string][] =
  [
    ['LIS', 'GLU', 'Glucose', 'measurement', 'GLU'],
    ['LIS', 'HBA1C', 'Haemoglobin A1c', 'inspection', 'HBA1C'],
    ['LIS', 'CREA', 'Creatinine (enzymatic)', 'inspection', 'CREA'],
    ['HIS', 'BG', 'Bedside blood glucose', 'measurement', 'GLU'],
    ['METER', 'KET', 'Blood ketone', 'measurement', 'KET'],
  ];

/** Periods, strip types, QC target values, inspection packages and mappings of a demo tenant. */
export async function seedPeriodSettings(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.insert(glucosePeriods).values(
    GLUCOSE_PERIODS.map(([code, nameZh, nameEn, startTime, endTime, minValue, maxValue], index) => ({
      tenantId,
      code,
      nameZh,
      nameEn,
      sort: (index + 1) * 10,
      startTime,
      endTime,
      minValue,
      maxValue,
    })),
  );
  await tx.insert(insulinPeriods).values(
    INSULIN_PERIODS.map(([code, nameZh, nameEn, startTime, endTime], index) => ({
      tenantId,
      code,
      nameZh,
      nameEn,
      sort: (index + 1) * 10,
      startTime,
      endTime,
    })),
  );
  await tx.insert(dictEntries).values(
    STRIP_TYPES.map(([code, nameZh, nameEn], sort) => ({
      tenantId,
      type: 'stripType',
      code,
      nameZh,
      nameEn,
      sort,
    })),
  );
  await tx
    .insert(targetSettings)
    .values(
      GLUCOSE_TARGETS.map(([level, target, sd]) => ({ tenantId, stripType: 'GLU', level, target, sd })),
    );
  for (const [index, demo] of INSPECTION_PACKAGES.entries()) {
    const [pkg] = await tx
      .insert(inspectionPackages)
      .values({ tenantId, code: demo.code, nameZh: demo.nameZh, nameEn: demo.nameEn, sort: (index + 1) * 10 })
      .returning({ id: inspectionPackages.id });
    await tx.insert(inspectionItems).values(
      demo.items.map(([code, nameZh, nameEn, unit, referenceLow, referenceHigh], sort) => ({
        tenantId,
        packageId: pkg!.id,
        code,
        nameZh,
        nameEn,
        unit,
        referenceLow,
        referenceHigh,
        sort: (sort + 1) * 10,
      })),
    );
  }
  await tx.insert(mappingItems).values(
    MAPPINGS.map(([source, externalCode, externalName, targetKind, targetCode]) => ({
      tenantId,
      source,
      externalCode,
      externalName,
      targetKind,
      targetCode,
    })),
  );
}
