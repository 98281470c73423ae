import {
  classifyMeasurement,
  type Lang,
  type MeasurementItem,
  STORAGE_UNITS,
  toStorageValue,
} from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { crisisGrades } from '../../db/schema';
import { loadClassificationSettings } from './classification-settings';
import { fieldProblem } from './rules-service';

export interface ClassifyQuery {
  category: MeasurementItem;
  value: number;
  unit?: string;
  periodCode?: string;
  departmentCode?: string;
  age?: number;
  virtualWard?: boolean;
}

/**
 * The settings tester: how a reading would be classified now (the same loader and rule the
 * measurement writes use), with the effective limits and the level each came from.
 */
export async function classifyForTester(db: Database, tenantId: string, query: ClassifyQuery, lang: Lang) {
  if (toStorageValue(query.category, query.value, query.unit) === null) {
    throw fieldProblem(lang, 'unit', 'crisis.classify.unit', {
      unit: query.unit ?? '',
      item: query.category,
    });
  }
  const settings = await loadClassificationSettings(db, tenantId, { virtualWard: query.virtualWard });
  const result = classifyMeasurement(
    { item: query.category, value: query.value, unit: query.unit, periodCode: query.periodCode },
    { departmentCode: query.departmentCode, age: query.age },
    settings,
  );
  const [grade] = result.grade
    ? await db
        .select()
        .from(crisisGrades)
        .where(and(eq(crisisGrades.tenantId, tenantId), eq(crisisGrades.grade, result.grade)))
    : [];
  return {
    category: query.category,
    storageUnit: STORAGE_UNITS[query.category],
    value: Number.isFinite(result.valueMmol) ? result.valueMmol : null,
    classification: result.classification,
    color: result.color,
    grade: result.grade,
    gradeName: grade ? (lang === 'zh-CN' ? grade.nameZh : grade.nameEn) : null,
    limits: result.limits,
    sources: result.sources,
  };
}
