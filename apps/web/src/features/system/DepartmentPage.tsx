import type { ProColumns } from '@ant-design/pro-components';
import { departmentCodeSchema, departmentNameSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDepartment,
  type DepartmentInput,
  type DepartmentNode,
  deleteDepartment,
  departmentLabel,
  fetchAllDepartmentTree,
  fetchAllStaff,
  searchDepartmentTree,
  setDepartmentStatus,
  updateDepartment,
} from '../../api/admin';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect, departmentKeys } from '../../components/DepartmentTreeSelect';
import { CodeField, DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { zodRule } from '../../components/form-rules';
import { ImportButton } from '../../components/import/ImportButton';
import { STATUS_COLUMN } from '../../components/list-page/ListPage';
import { createdAtColumn, statusExcelColumn } from '../../components/list-page/row-parts';
import { TreeListPage } from '../../components/list-page/TreeListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { findInTree, subtreeKeys } from '../../components/tree';
import { currentLang } from '../../i18n';
import { lengthRule } from './shared';

export const DEPARTMENT_PERMISSIONS = PERMISSIONS.system.departments;

interface Values {
  code: string;
  name: string;
  nameEn?: string;
  parentId?: number | null;
  isWard: boolean;
  sort?: number | null;
  headNurseId?: number | null;
}

/** Validation of §5 "Other" from the domain schemas: name 2-18, code required (letters, digits, _ and -, ≤ 32). */
export function departmentRules(): Record<'code' | 'name' | 'nameEn', Rule[]> {
  return {
    code: [zodRule(departmentCodeSchema)],
    name: [zodRule(departmentNameSchema)],
    nameEn: [lengthRule(0, 64, 'form.maxLength', { max: 64 })],
  };
}

function toInput(values: Values): DepartmentInput {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    nameEn: values.nameEn?.trim() || null,
    parentId: values.parentId ?? null,
    isWard: !!values.isWard,
    sort: values.sort ?? 0,
    headNurseId: values.headNurseId ?? null,
  };
}

function valuesOf(node: DepartmentNode): Values {
  return {
    code: node.code,
    name: node.name,
    nameEn: node.nameEn ?? '',
    parentId: node.parentId,
    isWard: node.isWard,
    sort: node.sort,
    headNurseId: node.headNurseId,
  };
}

/**
 * The ward's head nurse: a choice among the active staff of the department (by the code in the form),
 * the one chosen before kept as a choice even when she moved elsewhere. Critical values of the ward
 * escalate to her (issue 15). Without the staff-list permission only the current choice is offered.
 */
function HeadNurseField({ record }: { record: DepartmentNode | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const code = (Form.useWatch('code', form) ?? '').trim();
  const canListStaff = usePermission(PERMISSIONS.system.staff.list);
  const staff = useQuery({
    queryKey: ['staff', 'department', code, 'active'],
    queryFn: ({ signal }) => fetchAllStaff({ departmentCode: code, isActive: true }, undefined, signal),
    enabled: canListStaff && code.length > 0,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const options = (staff.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.nickName} (${user.userName})`,
  }));
  if (record?.headNurseId && !options.some((option) => option.value === record.headNurseId)) {
    options.unshift({ value: record.headNurseId, label: record.headNurseName ?? String(record.headNurseId) });
  }
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="headNurseId" label={t('department.headNurse')} extra={t('department.headNurseHint')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          options={options}
          loading={staff.isFetching}
          placeholder={t('department.headNursePlaceholder')}
          data-testid="department-head-nurse"
        />
      </Form.Item>
    </Col>
  );
}

function DepartmentForm({
  record,
  parentId,
  onClose,
  onSaved,
}: {
  record: DepartmentNode | null;
  parentId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const findDepartment = async (base: DepartmentNode) => {
    const tree = await queryClient.fetchQuery({
      queryKey: departmentKeys.tree('all'),
      queryFn: ({ signal }) => fetchAllDepartmentTree(signal),
      staleTime: 0,
    });
    return findInTree(tree, (node) => node.id === base.id) ?? null;
  };
  const edit = useEditForm(record, findDepartment, valuesOf);
  const rules = departmentRules();
  // a department cannot sit under itself or one of its descendants
  const excluded = useMemo(() => new Set(record ? subtreeKeys(record, (node) => node.id) : []), [record]);
  const isDisabled = useMemo(() => (node: DepartmentNode) => excluded.has(node.id), [excluded]);

  return (
    <DialogForm<DepartmentNode, Values>
      edit={edit}
      title={record ? t('department.editTitle') : t('department.createTitle')}
      width={640}
      initialValues={record ? valuesOf(record) : { parentId, isWard: false, sort: 0 }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = toInput(values);
        return base
          ? updateDepartment({ ...input, id: base.id, version: base.version })
          : createDepartment(input);
      }}
      onSaved={onSaved}
    >
      <CodeField label={t('department.code')} rules={rules.code} maxLength={32} />
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={t('department.name')} rules={rules.name} required>
          <Input maxLength={18} showCount autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="nameEn" label={t('department.nameEn')} rules={rules.nameEn}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="parentId" label={t('department.parent')} extra={t('department.parentHint')}>
          <DepartmentTreeSelect
            source="using"
            valueField="id"
            isDisabled={isDisabled}
            placeholder={t('department.noParent')}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={12}>
        <Form.Item name="sort" label={t('common.sort')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={12}>
        <Form.Item name="isWard" label={t('department.isWard')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <HeadNurseField record={record} />
    </DialogForm>
  );
}

/** `/system/department`: the department (ward) tree with search, create, edit, enable/stop, delete. */
export default function DepartmentPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(DEPARTMENT_PERMISSIONS.edit);
  const canDelete = usePermission(DEPARTMENT_PERMISSIONS.delete);

  const columns: ProColumns<DepartmentNode>[] = [
    {
      title: t('department.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('department.searchPlaceholder'), maxLength: 32 },
    },
    {
      title: t('department.name'),
      dataIndex: 'name',
      search: false,
      width: mobile ? 180 : 220,
      render: (_, row) => (
        <span className={row.isActive ? undefined : 'gc-muted'}>
          {departmentLabel(row, lang)}
          {row.isWard ? (
            <Tag color="cyan" className="gc-tag-inline">
              {t('department.ward')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('department.code'), dataIndex: 'code', search: false, width: 120 },
    {
      title: lang === 'en-US' ? t('department.nameZh') : t('department.nameEn'),
      dataIndex: lang === 'en-US' ? 'name' : 'nameEn',
      search: false,
      width: 160,
      render: (_, row) => (lang === 'en-US' ? row.name : row.nameEn) || t('common.none'),
    },
    {
      title: t('department.headNurse'),
      dataIndex: 'headNurseName',
      search: false,
      width: 140,
      render: (_, row) => row.headNurseName || t('common.none'),
    },
    { key: STATUS_COLUMN.key, dataIndex: STATUS_COLUMN.dataIndex },
    { title: t('common.sort'), dataIndex: 'sort', search: false, width: 70 },
    createdAtColumn<DepartmentNode>(t),
  ];

  return (
    <PageWrapper title={t('department.title')} description={t('department.intro')} testId="department-page">
      <TreeListPage<DepartmentNode>
        name="department"
        columns={columns}
        queryKey={[...departmentKeys.all, 'admin']}
        // the department pickers of other pages show the change too
        changedKey={departmentKeys.all}
        load={(keyword, signal) =>
          keyword ? searchDepartmentTree(keyword, true, signal) : fetchAllDepartmentTree(signal)
        }
        texts={{
          empty: t('department.empty'),
          loadFailed: t('department.loadFailed'),
          total: (count) => t('department.total', { count }),
        }}
        status={{
          change: (row, isActive) => setDepartmentStatus(row.id, isActive, row.version),
          editable: canEdit,
          nameOf: (row) => departmentLabel(row, lang),
        }}
        rowActions={{
          width: lang === 'zh-CN' ? 170 : 190,
          addChild: canEdit ? { label: t('department.addChild') } : undefined,
          edit: canEdit,
          // 409: staff, patients or child departments still belong to it; the server says which
          remove: canDelete
            ? {
                question: (row) => t('department.deleteConfirm', { name: departmentLabel(row, lang) }),
                run: (row) => deleteDepartment(row.id, row.version),
              }
            : undefined,
        }}
        create={canEdit ? { testId: 'department-create', label: t('department.create') } : undefined}
        excel={{
          fileName: t('department.exportFileName'),
          sheetName: t('department.title'),
          columns: (rows): ExcelColumn<DepartmentNode>[] => {
            const names = new Map(rows.map((node) => [node.id, node.name]));
            return [
              { title: t('department.code'), dataIndex: 'code' },
              { title: t('department.name'), dataIndex: 'name' },
              { title: t('department.nameEn'), dataIndex: 'nameEn' },
              {
                title: t('department.parent'),
                dataIndex: 'parentId',
                render: (value) => (value == null ? '' : (names.get(value as number) ?? '')),
              },
              {
                title: t('department.isWard'),
                dataIndex: 'isWard',
                render: (value) => (value ? t('common.yes') : t('common.no')),
              },
              { title: t('department.headNurse'), dataIndex: 'headNurseName' },
              statusExcelColumn<DepartmentNode>(),
              { title: t('common.sort'), dataIndex: 'sort' },
              { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
            ];
          },
        }}
        toolbar={(reload) => <ImportButton kind="departments" onImported={reload} />}
        form={(editing, done) => (
          <DepartmentForm
            record={editing.record}
            parentId={editing.parentId}
            onClose={done.close}
            onSaved={done.saved}
          />
        )}
      />
    </PageWrapper>
  );
}
