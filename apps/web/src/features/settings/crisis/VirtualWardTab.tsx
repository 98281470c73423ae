import type { MeasurementItem } from '@glucocare/domain/clinical';
import { virtualWardCrisisSaveSchema } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteVirtualWardCrisis,
  fetchVirtualWardCrisis,
  type NamedCrisisRule,
  saveVirtualWardCrisis,
} from '../../../api/crisis';
import { ShortList } from '../../../components/list-page/ShortList';
import { currentLang } from '../../../i18n';
import { RuleForm, ruleById } from './RuleForm';
import { crisisKeys, GradeTag, ItemSwitch, limitColumns, useCrisisGrades, useCrisisList } from './ui';
import { useItemUnit } from './units';

/** "Virtual ward": the limits that take the place of the item and period ones for virtual-ward patients. */
export function VirtualWardTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const unit = useItemUnit(item);
  const grades = useCrisisGrades();
  const list = useCrisisList<NamedCrisisRule>();
  const rules = useQuery({
    queryKey: crisisKeys.virtualWard(item, lang),
    queryFn: ({ signal }) => fetchVirtualWardCrisis(item, signal),
  });

  const columns: ColumnsType<NamedCrisisRule> = [
    {
      title: t('crisisSettings.fields.period'),
      dataIndex: 'periodName',
      width: 130,
      render: (_, row) => row.periodName ?? t('crisisSettings.allPeriods'),
    },
    ...limitColumns<NamedCrisisRule>(t, () => unit),
    {
      title: t('crisisSettings.fields.grade'),
      dataIndex: 'grade',
      width: 100,
      render: (_, row) => <GradeTag code={row.grade} grades={grades.data} />,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('crisisSettings.virtualWard.note')} />
      <ShortList<NamedCrisisRule>
        query={rules}
        columns={columns}
        testId="virtual-rule-table"
        texts={{ empty: t('crisisSettings.virtualWard.empty'), loadFailed: t('crisisSettings.loadFailed') }}
        toolbar={<ItemSwitch value={item} onChange={setItem} testId="virtual-item" />}
        create={list.create('virtual-create', t('crisisSettings.virtualWard.create'))}
        rowActions={list.rowActions({
          question: (row) =>
            t('crisisSettings.deleteRuleConfirm', { name: row.periodName ?? t('crisisSettings.allPeriods') }),
          run: (row) => deleteVirtualWardCrisis(row.id, row.version),
        })}
        onChanged={() => void list.reload()}
      />
      {list.editing ? (
        <RuleForm
          title={
            list.editing.record
              ? t('crisisSettings.virtualWard.editTitle')
              : t('crisisSettings.virtualWard.create')
          }
          record={list.editing.record}
          item={item}
          period="choose"
          rangeOnlyWithoutPeriod
          schema={virtualWardCrisisSaveSchema}
          save={(body) => saveVirtualWardCrisis(body)}
          find={async (base) => ruleById(await fetchVirtualWardCrisis(base.item), base.id)}
          onClose={list.close}
        />
      ) : null}
    </Space>
  );
}
