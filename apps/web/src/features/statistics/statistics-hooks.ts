import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLabels } from './charts';
import { CHART_CATEGORIES } from './statistics-format';

/** react-query keys of the statistics (the language too: department names come translated). */
export const statisticsKeys = {
  all: ['statistics'] as const,
  year: (year: number, departmentCode: string | null, lang: string) =>
    ['statistics', 'year', year, departmentCode, lang] as const,
  department: (beginDate: string, endDate: string, departmentCode: string | null, lang: string) =>
    ['statistics', 'department', beginDate, endDate, departmentCode, lang] as const,
};

/** The labels of the charts' series in the current language (a new object when it changes). */
export function useChartLabels(): ChartLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      readings: t('statistics.readings'),
      rates: Object.fromEntries(
        CHART_CATEGORIES.map((category) => [category, t(`statistics.rates.${category}`)]),
      ) as ChartLabels['rates'],
    }),
    [t],
  );
}
