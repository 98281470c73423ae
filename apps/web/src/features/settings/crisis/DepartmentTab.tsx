import type { ProColumns } from '@ant-design/pro-components';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { departmentCrisisSaveSchema } from '@glucocare/domain/hospital-settings';
import { Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DepartmentRuleFilter,
  deleteDepartmentCrisis,
  fetchDepartmentRulePage,
  type NamedCrisisRule,
  saveDepartmentCrisis,
  setDepartmentCrisisGrade,
} from '../../../api/crisis';
import { showError } from '../../../api/http';
import { toastSuccess } from '../../../app/notify';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { ListPage, plainFilterOf, useListReload } from '../../../components/list-page/ListPage';
import { RuleForm, ruleById } from './RuleForm';
import { GradeTag, itemOptions, limitColumns, useCrisisGrades, useCrisisList } from './ui';
import { useUnitOf } from './units';

const LIST_NAME = 'department-crisis';

/** "Departments": each department's own critical values, for all periods or one. */
export function DepartmentTab() {
  const { t } = useTranslation();
  const list = useCrisisList<NamedCrisisRule>();
  const { canEdit } = list;
  const reloadList = useListReload(LIST_NAME);
  const unitOf = useUnitOf();
  const grades = useCrisisGrades();
  const [grading, setGrading] = useState<number | null>(null);
  // a new rule starts in the department and item the list is searched for
  const searched = useRef<DepartmentRuleFilter>({});
  // grades count their rules, so every change here reloads the other crisis tabs too
  const reloadAll = () => {
    reloadList();
    void list.reload();
  };

  const itemName = (code: MeasurementItem) => t(`crisisSettings.items.${code}`);
  const periodText = (row: NamedCrisisRule) => row.periodName ?? t('crisisSettings.allPeriods');

  const changeGrade = async (row: NamedCrisisRule, grade: string) => {
    setGrading(row.id);
    try {
      await setDepartmentCrisisGrade({ id: row.id, version: row.version, grade });
      toastSuccess(t('common.saved'));
    } catch (error) {
      showError(error);
    } finally {
      setGrading(null);
      reloadAll();
    }
  };

  const columns: ProColumns<NamedCrisisRule>[] = [
    {
      title: t('crisisSettings.fields.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => (
        <DepartmentTreeSelect
          placeholder={t('crisisSettings.departments.allDepartments')}
          data-testid="department-filter"
        />
      ),
    },
    {
      title: t('crisisSettings.fields.item'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('crisisSettings.allItems'), options: itemOptions(t) },
    },
    {
      title: t('crisisSettings.fields.department'),
      dataIndex: 'departmentName',
      search: false,
      width: 150,
      render: (_, row) => row.departmentName ?? row.departmentCode,
    },
    {
      title: t('crisisSettings.fields.item'),
      dataIndex: 'item',
      search: false,
      width: 90,
      render: (_, row) => itemName(row.item),
    },
    {
      title: t('crisisSettings.fields.period'),
      dataIndex: 'periodName',
      search: false,
      width: 120,
      render: (_, row) => periodText(row),
    },
    ...limitColumns<NamedCrisisRule>(t, (row) => unitOf(row.item)).map((column) => ({
      ...column,
      search: false as const,
    })),
    {
      title: t('crisisSettings.fields.grade'),
      dataIndex: 'grade',
      search: false,
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

  return (
    <div data-testid="department-rule-table">
      <ListPage<NamedCrisisRule, DepartmentRuleFilter>
        name={LIST_NAME}
        columnsKey="gc-columns-department-crisis"
        columns={columns}
        request={fetchDepartmentRulePage}
        filterOf={(values) => {
          searched.current = plainFilterOf(values) as DepartmentRuleFilter;
          return searched.current;
        }}
        texts={{ empty: t('crisisSettings.departments.empty'), loadFailed: t('crisisSettings.loadFailed') }}
        rowActions={list.rowActions({
          question: (row) =>
            t('crisisSettings.deleteRuleConfirm', {
              name: `${row.departmentName ?? row.departmentCode} · ${itemName(row.item)} · ${periodText(row)}`,
            }),
          run: (row) => deleteDepartmentCrisis(row.id, row.version),
        })}
        onChanged={() => void list.reload()}
        create={list.create('department-rule-create', t('crisisSettings.departments.create'))}
        excel={{
          fileName: t('crisisSettings.departments.exportFileName'),
          sheetName: t('crisisSettings.tabs.departments'),
          columns: [
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
              title: t(`crisisSettings.fields.${limit}`),
              dataIndex: limit,
              render: (_: unknown, row: NamedCrisisRule) => {
                const unit = unitOf(row.item);
                return row[limit] == null ? '' : `${unit.format(row[limit])} ${unit.label}`;
              },
            })),
            { title: t('crisisSettings.fields.grade'), dataIndex: 'grade' },
            { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
          ],
        }}
      />
      {list.editing ? (
        <RuleForm
          title={
            list.editing.record
              ? t('crisisSettings.departments.editTitle')
              : t('crisisSettings.departments.create')
          }
          record={list.editing.record}
          item={searched.current.category ?? 'GLU'}
          itemChoosable
          period="choose"
          department="choose"
          departmentCode={searched.current.departmentCode ?? null}
          schema={departmentCrisisSaveSchema}
          save={(body) => saveDepartmentCrisis({ ...body, departmentCode: body.departmentCode ?? '' })}
          find={async (base) => {
            const page = await fetchDepartmentRulePage({
              departmentCode: base.departmentCode ?? undefined,
              category: base.item,
              page: 1,
              size: 100,
            });
            return ruleById(page.records, base.id);
          }}
          onClose={() => {
            list.close();
            reloadList();
          }}
        />
      ) : null}
    </div>
  );
}
