import type { MeasurementItem } from '@glucocare/domain/clinical';
import { virtualWardCrisisSaveSchema } from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrisisRule,
  deleteVirtualWardCrisis,
  fetchVirtualWardCrisis,
  type NamedCrisisRule,
  saveVirtualWardCrisis,
} from '../../../api/crisis';
import { errorText } from '../../../api/http';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { CreateButton, confirmDelete, RowEditDelete } from '../../../components/list-page/row-parts';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { currentLang } from '../../../i18n';
import { RuleForm } from './RuleForm';
import { CRISIS_PERMISSIONS, crisisKeys, GradeTag, ItemSwitch, limitColumns, useCrisisGrades } from './ui';
import { useItemUnit } from './units';

/** "Virtual ward": the limits that take the place of the item and period ones for virtual-ward patients. */
export function VirtualWardTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const unit = useItemUnit(item);
  const grades = useCrisisGrades();
  const [editing, setEditing] = useState<{ record: CrisisRule | null } | null>(null);
  const rules = useQuery({
    queryKey: crisisKeys.virtualWard(item, lang),
    queryFn: ({ signal }) => fetchVirtualWardCrisis(item, signal),
  });

  const remove = async (row: NamedCrisisRule) => {
    const name = row.periodName ?? t('crisisSettings.allPeriods');
    const outcome = await confirmDelete(t('crisisSettings.deleteRuleConfirm', { name }), () =>
      deleteVirtualWardCrisis(row.id, row.version),
    );
    if (outcome === 'deleted') await queryClient.invalidateQueries({ queryKey: crisisKeys.all });
  };

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
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: lang === 'zh-CN' ? 110 : 130,
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <RowEditDelete onEdit={() => setEditing({ record: row })} onDelete={() => void remove(row)} />
      ),
    });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('crisisSettings.virtualWard.note')} />
      <Flex gap={12} wrap justify="space-between">
        <ItemSwitch value={item} onChange={setItem} testId="virtual-item" />
        {canEdit ? (
          <CreateButton testId="virtual-create" onClick={() => setEditing({ record: null })}>
            {t('crisisSettings.virtualWard.create')}
          </CreateButton>
        ) : null}
      </Flex>
      {rules.isError ? (
        <LoadError
          title={t('crisisSettings.loadFailed')}
          message={errorText(rules.error)}
          onRetry={() => void rules.refetch()}
        />
      ) : null}
      <Table<NamedCrisisRule>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={rules.isFetching}
        columns={columns}
        dataSource={rules.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="virtual-rule-table"
        locale={{ emptyText: <TableEmpty text={t('crisisSettings.virtualWard.empty')} /> }}
      />
      {editing ? (
        <RuleForm
          title={
            editing.record
              ? t('crisisSettings.virtualWard.editTitle')
              : t('crisisSettings.virtualWard.create')
          }
          record={editing.record}
          item={item}
          period="choose"
          rangeOnlyWithoutPeriod
          schema={virtualWardCrisisSaveSchema}
          save={(body) => saveVirtualWardCrisis(body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
