import type { DbOrTx } from '../client';
import { dictEntries, drugCategories, drugs } from '../schema';

/** Demo drug classes and drugs of tenant 101 (units as insulin and tablets are ordered), in both languages. */
const DEMO_DRUGS: Record<string, { categories: DemoCategory[]; drugs: DemoDrug[] }> = {
  '101': {
    categories: [
      ['INS_RAPID', '速效及短效胰岛素', 'Rapid and short-acting insulin'],
      ['INS_BASAL', '长效（基础）胰岛素', 'Long-acting (basal) insulin'],
      ['INS_PREMIX', '预混胰岛素', 'Premixed insulin'],
      ['ORAL_AD', '口服降糖药', 'Oral antidiabetic'],
      ['GLP1_RA', 'GLP-1受体激动剂', 'GLP-1 receptor agonist'],
    ],
    drugs: [
      [
        'INS-ASP-100',
        'ASP',
        '门冬胰岛素注射液',
        'Insulin aspart injection',
        'IU',
        'INS_RAPID',
        '100 IU/mL × 3 mL pen',
      ],
      [
        'INS-LIS-100',
        'LIS',
        '赖脯胰岛素注射液',
        'Insulin lispro injection',
        'IU',
        'INS_RAPID',
        '100 IU/mL × 3 mL cartridge',
      ],
      [
        'INS-RHI-400',
        'RHI',
        '生物合成人胰岛素注射液',
        'Regular human insulin injection',
        'IU',
        'INS_RAPID',
        '400 IU / 10 mL vial',
      ],
      [
        'INS-GLA-100',
        'GLA',
        '甘精胰岛素注射液',
        'Insulin glargine injection',
        'IU',
        'INS_BASAL',
        '100 IU/mL × 3 mL pen',
      ],
      [
        'INS-DET-100',
        'DET',
        '地特胰岛素注射液',
        'Insulin detemir injection',
        'IU',
        'INS_BASAL',
        '100 IU/mL × 3 mL pen',
      ],
      [
        'INS-ASP30-100',
        'ASP30',
        '门冬胰岛素30注射液',
        'Insulin aspart 30 injection',
        'IU',
        'INS_PREMIX',
        '100 IU/mL × 3 mL pen',
      ],
      [
        'MET-500',
        'MET',
        '盐酸二甲双胍片',
        'Metformin hydrochloride tablets',
        'mg',
        'ORAL_AD',
        '500 mg × 20 tablets',
      ],
      ['ACA-50', 'ACA', '阿卡波糖片', 'Acarbose tablets', 'mg', 'ORAL_AD', '50 mg × 30 tablets'],
      ['GLM-2', 'GLM', '格列美脲片', 'Glimepiride tablets', 'mg', 'ORAL_AD', '2 mg × 30 tablets'],
      ['LIRA-18', 'LIRA', '利拉鲁肽注射液', 'Liraglutide injection', 'mg', 'GLP1_RA', '18 mg / 3 mL pen'],
    ],
  },
};
type DemoCategory = [code: string, nameZh: string, nameEn: string];
type DemoDrug = [
  code: string,
  shortCode: string,
  nameZh: string,
  nameEn: string,
  unit: string,
  category: string,
  specification: string,
];

/** Dictionary types later features read (glucose entry: untested and rejection reasons). */
const DICTIONARIES: { type: string; code: string; nameZh: string; nameEn: string }[] = [
  { type: 'untestedReason', code: 'outOfRange', nameZh: '超出可测范围', nameEn: 'Measurable range exceeded' },
  { type: 'untestedReason', code: 'refused', nameZh: '患者拒绝', nameEn: 'Patient refused' },
  { type: 'untestedReason', code: 'other', nameZh: '其他', nameEn: 'Other' },
  { type: 'rejectReason', code: 'absent', nameZh: '患者不在病房', nameEn: 'Patient not on the ward' },
  { type: 'rejectReason', code: 'examination', nameZh: '外出检查', nameEn: 'Away for an examination' },
  { type: 'rejectReason', code: 'discharged', nameZh: '已出院', nameEn: 'Discharged' },
  { type: 'rejectReason', code: 'other', nameZh: '其他', nameEn: 'Other' },
];

/** The catalogues of a demo tenant, created with it on first start. */
export async function seedCatalogues(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.insert(dictEntries).values(
    DICTIONARIES.map((entry, index) => ({
      tenantId,
      ...entry,
      sort: DICTIONARIES.slice(0, index).filter((e) => e.type === entry.type).length,
    })),
  );
  const demo = DEMO_DRUGS[tenantId];
  if (!demo) return;
  const categories = await tx
    .insert(drugCategories)
    .values(
      demo.categories.map(([code, nameZh, nameEn], index) => ({
        tenantId,
        code,
        nameZh,
        nameEn,
        sort: (index + 1) * 10,
      })),
    )
    .returning({ id: drugCategories.id, code: drugCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  await tx.insert(drugs).values(
    demo.drugs.map(([code, shortCode, nameZh, nameEn, unit, category, specification]) => ({
      tenantId,
      code,
      shortCode,
      nameZh,
      nameEn,
      unit,
      categoryId: categoryId.get(category)!,
      specification,
    })),
  );
}
