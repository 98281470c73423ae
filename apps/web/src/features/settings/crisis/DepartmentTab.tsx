import { PlusOutlined } from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { departmentCrisisSaveSchema } from '@glucocare/domain/hospital-settings';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrisisRule,
  deleteDepartmentCrisis,
  fetchDepartmentRulePage,
  type NamedCrisisRule,
  saveDepartmentCrisis,
  setDepartmentCrisisGrade,
} from '../../../api/crisis';
import { errorText, showError } from '../../../api/http';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { confirmAction, withContinuePrompt } from '../../../components/confirm';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { ExportButton, useExcelExport } from '../../../components/list-page/excel-export';
import { fetchAllPages } from '../../../components/list-page/fetch-all';
import { TABLE_PAGINATION } from '../../../components/list-page/ListPage';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { currentLang } from '../../../i18n';
import { RuleForm } from './RuleForm';
import { CRISIS_PERMISSIONS, crisisKeys, GradeTag, itemOptions, limitColumns, useCrisisGrades } from './ui';
import { useUnitOf } from './units';

/** "Departments": each department's own critical values, for all periods or one. */
export function DepartmentTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const unitOf = useUnitOf();
  const grades = useCrisisGrades();
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [item, setItem] = useState<MeasurementItem | null>(null);
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [editing, setEditing] = useState<{ record: CrisisRule | null } | null>(null);
  const [grading, setGrading] = useState<number | null>(null);
  const filter = { departmentCode: departmentCode ?? undefined, category: item ?? undefined };
  const list = useQuery({
    queryKey: [...crisisKeys.departments, filter, paging, lang],
    queryFn: ({ signal }) => fetchDepartmentRulePage({ ...filter, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: crisisKeys.all });

  const itemName = (code: MeasurementItem) => t(`crisisSettings.items.${code}`);
  const periodText = (row: NamedCrisisRule) => row.periodName ?? t('crisisSettings.allPeriods');
  const excel = useExcelExport<NamedCrisisRule>({
    fileName: () => t('crisisSettings.departments.exportFileName'),
    sheetName: () => t('crisisSettings.tabs.departments'),
    columns: () => [
      { title: t('crisisSettings.fields.department'), dataIndex: 'departmentName' },
      {
        title: t('crisisSettings.fields.item'),
        dataIndex: 'item',
        render: (value) => itemName(value as MeasurementItem),
      },
      {
        title: t('crisisSettings.fields.period'),
        dataIndex: 'periodName',
        render: (_, row) => periodText(row),
      },
      ...(['criticalLow', 'low', 'high', 'criticalHigh'] as const).map((limit) => ({
        title: `${t(`crisisSettings.fields.${limit}`)}`,
        dataIndex: limit,
        render: (_: unknown, row: NamedCrisisRule) => {
          const u = unitOf(row.item);
          return row[limit] == null ? '' : `${u.format(row[limit])} ${u.label}`;
        },
      })),
      { title: t('crisisSettings.fields.grade'), dataIndex: 'grade' },
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
    ],
    load: (onProgress) => fetchAllPages(fetchDepartmentRulePage, filter, { onProgress }),
  });

  const remove = async (row: NamedCrisisRule) => {
    const name = `${row.departmentName ?? row.departmentCode} · ${itemName(row.item)} · ${periodText(row)}`;
    if (
      !(await confirmAction({
        content: withContinuePrompt(t('crisisSettings.deleteRuleConfirm', { name })),
        danger: true,
      }))
    )
      return;
    try {
      await deleteDepartmentCrisis(row.id, row.version);
      toastSuccess(t('common.deleted'));
      await reload();
    } catch (error) {
      showError(error);
    }
  };

  const changeGrade = async (row: NamedCrisisRule, grade: string) => {
    setGrading(row.id);
    try {
      await setDepartmentCrisisGrade({ id: row.id, version: row.version, grade });
      toastSuccess(t('common.saved'));
    } catch (error) {
      showError(error);
    } finally {
      setGrading(null);
      await reload();
    }
  };

  const columns: ColumnsType<NamedCrisisRule> = [
    {
      title: t('crisisSettings.fields.department'),
      dataIndex: 'departmentName',
      width: 150,
      render: (_, row) => row.departmentName ?? row.departmentCode,
    },
    {
      title: t('crisisSettings.fields.item'),
      dataIndex: 'item',
      width: 90,
      render: (_, row) => itemName(row.item),
    },
    {
      title: t('crisisSettings.fields.period'),
      dataIndex: 'periodName',
      width: 120,
      render: (_, row) => periodText(row),
    },
    ...limitColumns<NamedCrisisRule>(t, (row) => unitOf(row.item)),
    {
      title: t('crisisSettings.fields.grade'),
      dataIndex: 'grade',
      width: 140,
      render: (_, row) =>
        canEdit ? (
          <Select
            size="small"
            style={{ minWidth: 110 }}
            value={row.grade ?? undefined}
            placeholder={t('crisisSettings.noGrade')}
            loading={grading === row.id}
            data-testid="department-grade"
            options={(grades.data ?? []).map((g) => ({
              value: g.grade,
              label: <GradeTag code={g.grade} grades={grades.data} />,
            }))}
            onChange={(grade: string) => void changeGrade(row, grade)}
          />
        ) : (
          <GradeTag code={row.grade} grades={grades.data} />
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: lang === 'zh-CN' ? 110 : 130,
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="row-edit" onClick={() => setEditing({ record: row })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger data-testid="row-delete" onClick={() => void remove(row)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  const total = list.data?.total ?? 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Flex gap={12} wrap justify="space-between">
        <Flex gap={12} wrap style={{ flex: '1 1 320px' }}>
          <DepartmentTreeSelect
            value={departmentCode}
            onChange={(value) => {
              setDepartmentCode((value as string | null) ?? null);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            placeholder={t('crisisSettings.departments.allDepartments')}
            style={{ width: mobile ? '100%' : 240 }}
            data-testid="department-filter"
          />
          <Select<MeasurementItem | null>
            allowClear
            value={item}
            onChange={(value) => {
              setItem(value ?? null);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            placeholder={t('crisisSettings.allItems')}
            options={itemOptions(t)}
            style={{ width: mobile ? '100%' : 160 }}
          />
        </Flex>
        <Space wrap>
          <ExportButton
            exporting={excel.exporting}
            disabled={total === 0}
            onClick={() => void excel.run(total)}
          />
          {canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="department-rule-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('crisisSettings.departments.create')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      {list.isError ? (
        <LoadError
          title={t('crisisSettings.loadFailed')}
          message={errorText(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <Table<NamedCrisisRule>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="department-rule-table"
        locale={{ emptyText: <TableEmpty text={t('crisisSettings.departments.empty')} /> }}
        pagination={{
          ...TABLE_PAGINATION,
          current: paging.page,
          pageSize: paging.size,
          total,
          showTotal: (count) => t('common.total', { count }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
      />
      {editing ? (
        <RuleForm
          title={
            editing.record
              ? t('crisisSettings.departments.editTitle')
              : t('crisisSettings.departments.create')
          }
          record={editing.record}
          item={item ?? 'GLU'}
          itemChoosable
          period="choose"
          department="choose"
          departmentCode={departmentCode}
          schema={departmentCrisisSaveSchema}
          save={(body) => saveDepartmentCrisis({ ...body, departmentCode: body.departmentCode ?? '' })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
