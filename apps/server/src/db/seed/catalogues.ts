import type { DbOrTx } from '../client';
import { dictEntries, drugCategories, drugs } from '../schema';

/** Demo drug classes and drugs of tenant 101 (units as insulin and tablets are ordered). */
const DEMO_DRUGS: Record<string, { categories: [code: string, name: string][]; drugs: DemoDrug[] }> = {
  '101': {
    categories: [
      ['INS_RAPID', 'Rapid and short-acting insulin'],
      ['INS_BASAL', 'Long-acting (basal) insulin'],
      ['INS_PREMIX', 'Premixed insulin'],
      ['ORAL_AD', 'Oral antidiabetic'],
      ['GLP1_RA', 'GLP-1 receptor agonist'],
    ],
    drugs: [
      ['INS-ASP-100', 'ASP', 'Insulin aspart injection', 'IU', 'INS_RAPID', '100 IU/mL × 3 mL pen'],
      ['INS-LIS-100', 'LIS', 'Insulin lispro injection', 'IU', 'INS_RAPID', '100 IU/mL × 3 mL cartridge'],
      ['INS-RHI-400', 'RHI', 'Regular human insulin injection', 'IU', 'INS_RAPID', '400 IU / 10 mL vial'],
      ['INS-GLA-100', 'GLA', 'Insulin glargine injection', 'IU', 'INS_BASAL', '100 IU/mL × 3 mL pen'],
      ['INS-DET-100', 'DET', 'Insulin detemir injection', 'IU', 'INS_BASAL', '100 IU/mL × 3 mL pen'],
      ['INS-ASP30-100', 'ASP30', 'Insulin aspart 30 injection', 'IU', 'INS_PREMIX', '100 IU/mL × 3 mL pen'],
      ['MET-500', 'MET', 'Metformin hydrochloride tablets', 'mg', 'ORAL_AD', '500 mg × 20 tablets'],
      ['ACA-50', 'ACA', 'Acarbose tablets', 'mg', 'ORAL_AD', '50 mg × 30 tablets'],
      ['GLM-2', 'GLM', 'Glimepiride tablets', 'mg', 'ORAL_AD', '2 mg × 30 tablets'],
      ['LIRA-18', 'LIRA', 'Liraglutide injection', 'mg', 'GLP1_RA', '18 mg / 3 mL pen'],
    ],
  },
};
type DemoDrug = [
  code: string,
  shortCode: string,
  name: string,
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
    .values(demo.categories.map(([code, name], index) => ({ tenantId, code, name, sort: (index + 1) * 10 })))
    .returning({ id: drugCategories.id, code: drugCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  await tx.insert(drugs).values(
    demo.drugs.map(([code, shortCode, name, unit, category, specification]) => ({
      tenantId,
      code,
      shortCode,
      name,
      unit,
      categoryId: categoryId.get(category)!,
      specification,
    })),
  );
}
