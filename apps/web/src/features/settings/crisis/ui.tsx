import { PERMISSIONS } from '@glucocare/domain/admin';
import { MEASUREMENT_ITEMS, type MeasurementItem } from '@glucocare/domain/clinical';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Segmented, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrisisGrade,
  type CrisisLimits,
  fetchAgeBrackets,
  fetchCrisisGrades,
  fetchItemCrisis,
} from '../../../api/crisis';
import { usePermission } from '../../../app/permissions';
import type { RowActions } from '../../../components/list-page/row-parts';
import { currentLang } from '../../../i18n';
import type { ItemUnit } from './units';

export const CRISIS_PERMISSIONS = { edit: PERMISSIONS.settings.criticalValues.edit } as const;

/** Cache keys; every save invalidates `crisisKeys.all`. */
export const crisisKeys = {
  all: ['crisis'] as const,
  item: (item: MeasurementItem, lang: string) => ['crisis', 'item', item, lang] as const,
  grades: (lang: string) => ['crisis', 'grades', lang] as const,
  brackets: ['crisis', 'brackets'] as const,
  departments: ['crisis', 'departments'] as const,
  ages: (departmentCode: string | null, item: MeasurementItem | null, lang: string) =>
    ['crisis', 'ages', departmentCode, item, lang] as const,
  virtualWard: (item: MeasurementItem, lang: string) => ['crisis', 'virtualWard', item, lang] as const,
};

/**
 * What every crisis list shares: whether the user may change the settings, the record in the open
 * dialog (null: a new one), the list's "New …" and row actions for those who may, and the reload of
 * every crisis tab after a change (grades count their rules, brackets their settings).
 */
export function useCrisisList<T>() {
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: crisisKeys.all });
  const open = (record: T | null) => setEditing({ record });
  return {
    canEdit,
    editing,
    open,
    close: () => setEditing(null),
    reload,
    /** after a save: the dialog closes and every tab reloads */
    saved: () => {
      setEditing(null);
      void reload();
    },
    create: (testId: string, label: string) =>
      canEdit ? { testId, label, onClick: () => open(null) } : undefined,
    rowActions: (remove: NonNullable<RowActions<T>['remove']>): RowActions<T> | undefined =>
      canEdit ? { edit: open, remove } : undefined,
  };
}

export function useItemCrisis(item: MeasurementItem) {
  const lang = currentLang();
  return useQuery({
    queryKey: crisisKeys.item(item, lang),
    queryFn: ({ signal }) => fetchItemCrisis(item, signal),
  });
}

export function useCrisisGrades() {
  const lang = currentLang();
  return useQuery({ queryKey: crisisKeys.grades(lang), queryFn: ({ signal }) => fetchCrisisGrades(signal) });
}

export function useAgeBrackets() {
  return useQuery({ queryKey: crisisKeys.brackets, queryFn: ({ signal }) => fetchAgeBrackets(signal) });
}

/** The glucose periods (code and name, by sort) as the glucose settings list them. */
export function useGlucosePeriods() {
  const query = useItemCrisis('GLU');
  return { ...query, periods: query.data?.periods ?? [] };
}

/** GLU / KET / UA as a segmented switch. */
export function ItemSwitch({
  value,
  onChange,
  testId = 'crisis-item',
}: {
  value: MeasurementItem;
  onChange: (item: MeasurementItem) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<MeasurementItem>
      value={value}
      onChange={onChange}
      data-testid={testId}
      options={MEASUREMENT_ITEMS.map((item) => ({ value: item, label: t(`crisisSettings.items.${item}`) }))}
    />
  );
}

export const itemOptions = (t: TFunction) =>
  MEASUREMENT_ITEMS.map((item) => ({ value: item, label: t(`crisisSettings.items.${item}`) }));

/** A small square of a band's colour. */
export function ColorSwatch({ color }: { color: string | null | undefined }) {
  if (!color) return null;
  return <span className="gc-crisis-swatch" style={{ background: color }} aria-hidden="true" />;
}

/** A limit with its colour, or a dash when this scope does not set it. */
export function LimitValue({
  value,
  color,
  unit,
}: {
  value: number | null | undefined;
  color?: string | null;
  unit: ItemUnit;
}) {
  if (typeof value !== 'number') return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={6} className="gc-nowrap">
      <ColorSwatch color={color} />
      <span>{unit.format(value)}</span>
    </Space>
  );
}

/** The normal range "low – high" of a rule or period. */
export function RangeText({ low, high, unit }: { low: number | null; high: number | null; unit: ItemUnit }) {
  if (low === null && high === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="gc-nowrap">
      {low === null ? '…' : unit.format(low)} – {high === null ? '…' : unit.format(high)}
    </span>
  );
}

/** A grade as a tag in its colour with its name. */
export function GradeTag({
  code,
  grades,
}: {
  code: string | null;
  grades: readonly CrisisGrade[] | undefined;
}) {
  if (!code) return <Typography.Text type="secondary">—</Typography.Text>;
  const grade = grades?.find((g) => g.grade === code);
  return (
    <Tag color={grade?.color} className="gc-crisis-grade">
      {grade ? grade.name : code}
    </Tag>
  );
}

/** The limits columns shared by every rules table. */
export function limitColumns<T extends CrisisLimits>(
  t: TFunction,
  unitOf: (row: T) => ItemUnit,
  withRange = true,
) {
  const columns = [
    {
      title: t('crisisSettings.fields.criticalLow'),
      dataIndex: 'criticalLow',
      width: 110,
      render: (_: unknown, row: T) => (
        <LimitValue value={row.criticalLow} color={row.criticalLowColor} unit={unitOf(row)} />
      ),
    },
    {
      title: t('crisisSettings.fields.low'),
      dataIndex: 'low',
      width: 100,
      render: (_: unknown, row: T) => <LimitValue value={row.low} color={row.lowColor} unit={unitOf(row)} />,
    },
    {
      title: t('crisisSettings.fields.high'),
      dataIndex: 'high',
      width: 100,
      render: (_: unknown, row: T) => (
        <LimitValue value={row.high} color={row.highColor} unit={unitOf(row)} />
      ),
    },
    {
      title: t('crisisSettings.fields.criticalHigh'),
      dataIndex: 'criticalHigh',
      width: 110,
      render: (_: unknown, row: T) => (
        <LimitValue value={row.criticalHigh} color={row.criticalHighColor} unit={unitOf(row)} />
      ),
    },
  ];
  return withRange ? columns : [columns[0], columns[3]];
}
