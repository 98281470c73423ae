import { PlusOutlined } from '@ant-design/icons';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { departmentCodeSchema, departmentNameSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Space, Switch, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDepartment,
  type DepartmentInput,
  type DepartmentNode,
  deleteDepartment,
  departmentLabel,
  fetchAllDepartmentTree,
  searchDepartmentTree,
  setDepartmentStatus,
  updateDepartment,
} from '../../api/admin';
import { errorText } from '../../api/http';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect, departmentKeys } from '../../components/DepartmentTreeSelect';
import { CodeField, DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { ImportButton } from '../../components/import/ImportButton';
import { ExportButton, useExcelExport } from '../../components/list-page/excel-export';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import {
  confirmDelete,
  RowStatusSwitch,
  statusExcelColumn,
  useStatusToggle,
} from '../../components/list-page/row-parts';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import {
  branchKeys,
  findInTree,
  flattenTree,
  subtreeKeys,
  withoutEmptyChildren,
} from '../../components/tree';
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
  };
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
    </DialogForm>
  );
}

type Editing = { record: DepartmentNode | null; parentId: number | null } | null;

/** `/system/department`: the department (ward) tree with search, create, edit, enable/stop, delete. */
export default function DepartmentPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canEdit = usePermission(DEPARTMENT_PERMISSIONS.edit);
  const canDelete = usePermission(DEPARTMENT_PERMISSIONS.delete);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);

  const query = useQuery({
    queryKey: [...departmentKeys.all, 'admin', search],
    queryFn: ({ signal }) =>
      search ? searchDepartmentTree(search, true, signal) : fetchAllDepartmentTree(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const rows = useMemo(() => withoutEmptyChildren(query.data), [query.data]);

  // searching opens every branch (matches sit deep); the full tree opens its first level
  // refreshes after a change keep what is open
  const expandedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!query.data || expandedFor.current === search) return;
    expandedFor.current = search;
    setExpanded(
      search
        ? branchKeys(query.data, (node) => node.id)
        : query.data.filter((node) => node.children?.length).map((node) => node.id),
    );
  }, [query.data, search]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: departmentKeys.all });

  const status = useStatusToggle<DepartmentNode>(
    (row, isActive) => setDepartmentStatus(row.id, isActive, row.version),
    () => void refresh(),
    (row) => departmentLabel(row, lang),
  );

  const remove = async (row: DepartmentNode) => {
    // 409: staff, patients or child departments still belong to it; the server says which
    const outcome = await confirmDelete(
      t('department.deleteConfirm', { name: departmentLabel(row, lang) }),
      () => deleteDepartment(row.id, row.version),
    );
    if (outcome === 'deleted') await refresh();
  };

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
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 110,
      render: (_, row) => (
        <RowStatusSwitch
          checked={row.isActive}
          loading={status.busy === row.id}
          disabled={!canEdit}
          onChange={(checked) => void status.toggle(row, checked)}
        />
      ),
    },
    { title: t('common.sort'), dataIndex: 'sort', search: false, width: 70 },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: lang === 'zh-CN' ? 170 : 190,
      render: (_, row) => [
        canEdit ? (
          <Button
            key="child"
            type="link"
            size="small"
            data-testid="row-add-child"
            onClick={() => setEditing({ record: null, parentId: row.id })}
          >
            {t('department.addChild')}
          </Button>
        ) : null,
        canEdit ? (
          <Button
            key="edit"
            type="link"
            size="small"
            data-testid="row-edit"
            onClick={() => setEditing({ record: row, parentId: row.parentId })}
          >
            {t('common.edit')}
          </Button>
        ) : null,
        canDelete ? (
          <Button
            key="delete"
            type="link"
            size="small"
            danger
            data-testid="row-delete"
            onClick={() => void remove(row)}
          >
            {t('common.delete')}
          </Button>
        ) : null,
      ],
    },
  ];
  const visibleColumns =
    canEdit || canDelete ? columns : columns.filter((column) => column.valueType !== 'option');
  const allBranches = useMemo(() => branchKeys(rows, (node) => node.id), [rows]);
  const total = useMemo(() => flattenTree(rows).length, [rows]);
  const excel = useExcelExport<DepartmentNode>({
    fileName: () => t('department.exportFileName'),
    sheetName: () => t('department.title'),
    columns: (): ExcelColumn<DepartmentNode>[] => {
      const names = new Map(flattenTree(rows).map((node) => [node.id, node.name]));
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
        statusExcelColumn<DepartmentNode>(),
        { title: t('common.sort'), dataIndex: 'sort' },
        { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
      ];
    },
    // the tree is loaded whole; the export is the rows shown, parents before children
    load: async () => flattenTree(rows),
  });

  return (
    <PageWrapper title={t('department.title')} description={t('department.intro')} testId="department-page">
      {query.isError ? (
        <LoadError
          title={t('department.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <ProTable<DepartmentNode>
        rowKey="id"
        columns={visibleColumns}
        dataSource={query.isError ? [] : rows}
        loading={query.isFetching}
        cardBordered
        search={{ labelWidth: 'auto', span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        form={{ name: 'departmentSearch' }}
        onSubmit={(params) => setSearch(String(params.queryCondition ?? '').trim())}
        onReset={() => setSearch('')}
        options={{ reload: () => void query.refetch(), density: false, setting: true }}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        pagination={{ ...TABLE_PAGINATION, showTotal: () => t('department.total', { count: total }) }}
        locale={{
          emptyText: (
            <TableEmpty
              text={
                query.isError
                  ? t('department.loadFailed')
                  : search
                    ? t('common.noMatch')
                    : t('department.empty')
              }
            />
          ),
        }}
        headerTitle={
          <Space wrap>
            <Button size="small" onClick={() => setExpanded(allBranches)} disabled={!allBranches.length}>
              {t('common.expandAll')}
            </Button>
            <Button size="small" onClick={() => setExpanded([])} disabled={!expanded.length}>
              {t('common.collapseAll')}
            </Button>
          </Space>
        }
        toolBarRender={() => [
          <ImportButton key="import" kind="departments" onImported={() => void query.refetch()} />,
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={total === 0}
            onClick={() => void excel.run(total)}
          />,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="department-create"
              onClick={() => setEditing({ record: null, parentId: null })}
            >
              {t('department.create')}
            </Button>
          ) : null,
        ]}
      />
      {editing ? (
        <DepartmentForm
          record={editing.record}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            // a new child shows under its opened parent
            const parent = editing.record ? null : editing.parentId;
            if (parent !== null) setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
