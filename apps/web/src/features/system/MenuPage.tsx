import { PlusOutlined } from '@ant-design/icons';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { menuCreateSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  TreeSelect,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminMenuNode,
  adminMenuLabel,
  createMenu,
  deleteMenu,
  fetchMenuTree,
  type MenuInput,
  type MenuKind,
  updateMenu,
} from '../../api/admin';
import { errorText } from '../../api/http';
import { MenuIcon, menuIcons } from '../../app/icons';
import { findPageLoader } from '../../app/page-registry';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { zodRule } from '../../components/form-rules';
import { ExportButton, useExcelExport } from '../../components/list-page/excel-export';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { confirmDelete } from '../../components/list-page/row-parts';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import {
  branchKeys,
  filterTree,
  findInTree,
  flattenTree,
  pruneTree,
  subtreeKeys,
  withoutEmptyChildren,
} from '../../components/tree';
import { currentLang } from '../../i18n';

export const MENU_PERMISSIONS = PERMISSIONS.system.menus;
export const menuKeys = { all: ['menus'] as const };

interface Values {
  parentId?: number | null;
  kind: MenuKind;
  path?: string;
  component?: string;
  labelEn: string;
  labelZh: string;
  icon?: string | null;
  sort?: number | null;
  hidden: boolean;
  permission?: string;
}

/** Validation from the domain's menu schema (path `#` or `/...`, component `/...`, both labels, icon name, code). */
export function menuRules(): Record<
  'path' | 'component' | 'labelEn' | 'labelZh' | 'icon' | 'permission',
  Rule[]
> {
  const shape = menuCreateSchema.shape;
  return {
    path: [zodRule(shape.path)],
    component: [zodRule(shape.component, { optional: true })],
    labelEn: [zodRule(shape.labelEn)],
    labelZh: [zodRule(shape.labelZh)],
    icon: [zodRule(shape.icon, { optional: true })],
    permission: [zodRule(shape.permission, { optional: true })],
  };
}

function valuesOf(menu: AdminMenuNode): Values {
  return {
    parentId: menu.parentId,
    kind: menu.kind,
    path: menu.path,
    component: menu.component ?? '',
    labelEn: menu.labelEn,
    labelZh: menu.labelZh,
    icon: menu.icon,
    sort: menu.sort,
    hidden: menu.hidden,
    permission: menu.permission ?? '',
  };
}

function toInput(values: Values): MenuInput {
  const button = values.kind === 'button';
  return {
    parentId: values.parentId ?? null,
    kind: values.kind,
    // a button is no route: it keeps the group mark as its path
    path: button ? '#' : (values.path ?? '').trim(),
    component: button ? null : textOrNull(values.component),
    labelEn: values.labelEn.trim(),
    labelZh: values.labelZh.trim(),
    icon: button ? null : values.icon || null,
    sort: values.sort ?? 0,
    hidden: button ? false : !!values.hidden,
    permission: textOrNull(values.permission),
  };
}

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children?: ParentOption[];
}

const ICON_OPTIONS = Object.keys(menuIcons)
  .sort()
  .map((name) => ({
    value: name,
    label: (
      <span className="gc-icon-option">
        <MenuIcon name={name} /> {name}
      </span>
    ),
  }));

function MenuForm({
  record,
  parentId,
  tree,
  onClose,
  onSaved,
}: {
  record: AdminMenuNode | null;
  parentId: number | null;
  tree: AdminMenuNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const findMenu = async (base: AdminMenuNode) => {
    const latestTree = await queryClient.fetchQuery({
      queryKey: menuKeys.all,
      queryFn: ({ signal }) => fetchMenuTree(signal),
      staleTime: 0,
    });
    return findInTree(latestTree, (node) => node.id === base.id) ?? null;
  };
  const edit = useEditForm(record, findMenu, valuesOf);
  const rules = menuRules();
  const kind = Form.useWatch('kind', edit.form) ?? record?.kind ?? 'menu';

  // parents: pages and groups (not buttons), never the menu itself or one of its descendants
  const parentOptions = useMemo(() => {
    const excluded = new Set(record ? subtreeKeys(record, (node) => node.id) : []);
    const map = (nodes: readonly AdminMenuNode[]): ParentOption[] =>
      nodes.map((node) => ({
        value: node.id,
        title: adminMenuLabel(node, lang),
        disabled: excluded.has(node.id),
        children: node.children?.length ? map(node.children) : undefined,
      }));
    return map(pruneTree(tree, (node) => node.kind !== 'button'));
  }, [tree, record, lang]);

  return (
    <DialogForm<AdminMenuNode, Values>
      edit={edit}
      title={record ? t('menuAdmin.editTitle') : t('menuAdmin.createTitle')}
      width={720}
      initialValues={
        record ? valuesOf(record) : { parentId, kind: 'menu', path: '', hidden: false, sort: 0, icon: null }
      }
      onClose={onClose}
      save={(values, base) => {
        const input = toInput(values);
        return base ? updateMenu({ ...input, id: base.id, version: base.version }) : createMenu(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item name="parentId" label={t('menuAdmin.parent')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={parentOptions}
            placeholder={t('menuAdmin.topLevel')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="kind" label={t('menuAdmin.kind')} required>
          <Radio.Group
            options={[
              { value: 'menu', label: t('menuAdmin.kinds.menu') },
              { value: 'button', label: t('menuAdmin.kinds.button') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="labelEn" label={t('menuAdmin.labelEn')} rules={rules.labelEn} required>
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="labelZh" label={t('menuAdmin.labelZh')} rules={rules.labelZh} required>
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
      </Col>
      {kind === 'menu' ? (
        <>
          <Col xs={24} sm={12}>
            <Form.Item
              name="path"
              label={t('menuAdmin.path')}
              rules={rules.path}
              required
              extra={t('menuAdmin.pathHint')}
            >
              <Input maxLength={100} autoComplete="off" placeholder="/system/user" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="component"
              label={t('menuAdmin.component')}
              rules={rules.component}
              extra={t('menuAdmin.componentHint')}
            >
              <Input maxLength={100} autoComplete="off" placeholder="/system/user" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label={t('menuAdmin.icon')} rules={rules.icon}>
              <Select
                allowClear
                showSearch
                options={ICON_OPTIONS}
                optionFilterProp="value"
                placeholder={t('common.choose')}
              />
            </Form.Item>
          </Col>
        </>
      ) : null}
      <Col xs={24} sm={12}>
        <Form.Item
          name="permission"
          label={t('menuAdmin.permission')}
          rules={rules.permission}
          extra={t('menuAdmin.permissionHint')}
        >
          <Input maxLength={100} autoComplete="off" placeholder="system:user:edit" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={12}>
        <Form.Item name="sort" label={t('common.sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {kind === 'menu' ? (
        <Col xs={12} sm={12}>
          <Form.Item
            name="hidden"
            label={t('menuAdmin.hidden')}
            valuePropName="checked"
            extra={t('menuAdmin.hiddenHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
      ) : null}
    </DialogForm>
  );
}

type Editing = { record: AdminMenuNode | null; parentId: number | null } | null;

/** `/system/menu`: every menu and button as a tree, with create, edit and delete. */
export default function MenuPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canEdit = usePermission(MENU_PERMISSIONS.edit);
  const canDelete = usePermission(MENU_PERMISSIONS.delete);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const query = useQuery({
    queryKey: menuKeys.all,
    queryFn: ({ signal }) => fetchMenuTree(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const tree = useMemo(() => withoutEmptyChildren(query.data), [query.data]);
  const rows = useMemo(() => {
    const needle = search.toLowerCase();
    if (!needle) return tree;
    return filterTree(tree, (node) =>
      [node.labelEn, node.labelZh, node.path, node.component ?? '', node.permission ?? ''].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
  }, [tree, search]);

  // on first load the first level opens, a search opens every branch; refreshes keep what is open
  const expandedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!query.data || expandedFor.current === search) return;
    expandedFor.current = search;
    setExpanded(
      search
        ? branchKeys(rows, (node) => node.id)
        : rows.filter((node) => node.children?.length).map((node) => node.id),
    );
  }, [query.data, rows, search]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });

  const remove = async (row: AdminMenuNode) => {
    // 409 while it has children: the server's message says so
    const outcome = await confirmDelete(
      t('menuAdmin.deleteConfirm', { name: adminMenuLabel(row, lang) }),
      () => deleteMenu(row.id, row.version),
    );
    if (outcome === 'deleted') await refresh();
  };

  const columns: ProColumns<AdminMenuNode>[] = [
    {
      title: t('menuAdmin.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('menuAdmin.searchPlaceholder'), maxLength: 40 },
    },
    {
      title: t('menuAdmin.label'),
      dataIndex: 'label',
      search: false,
      width: mobile ? 200 : 230,
      render: (_, row) => (
        <span className="gc-nowrap">
          {row.kind === 'menu' ? (
            <span className="gc-inline-icon">
              <MenuIcon name={row.icon} />
            </span>
          ) : null}
          {adminMenuLabel(row, lang)}
        </span>
      ),
    },
    {
      title: t('menuAdmin.kind'),
      dataIndex: 'kind',
      search: false,
      width: 90,
      render: (_, row) =>
        row.kind === 'button' ? (
          <Tag color="purple">{t('menuAdmin.kinds.button')}</Tag>
        ) : row.path === '#' ? (
          <Tag color="blue">{t('menuAdmin.kinds.group')}</Tag>
        ) : (
          <Tag color="cyan">{t('menuAdmin.kinds.menu')}</Tag>
        ),
    },
    {
      title: t('menuAdmin.permission'),
      dataIndex: 'permission',
      search: false,
      width: 190,
      render: (_, row) => (row.permission ? <code>{row.permission}</code> : t('common.none')),
    },
    {
      title: t('menuAdmin.path'),
      dataIndex: 'path',
      search: false,
      width: 160,
      render: (_, row) => (row.kind === 'button' ? t('common.none') : <code>{row.path}</code>),
    },
    {
      title: t('menuAdmin.component'),
      dataIndex: 'component',
      search: false,
      width: 190,
      render: (_, row) =>
        row.component ? (
          <Space size={4}>
            <code>{row.component}</code>
            {findPageLoader(row.component) ? null : (
              <Tooltip title={t('menuAdmin.unknownComponentHint')}>
                <Tag color="warning">{t('menuAdmin.unknownComponent')}</Tag>
              </Tooltip>
            )}
          </Space>
        ) : (
          t('common.none')
        ),
    },
    {
      title: t('menuAdmin.icon'),
      dataIndex: 'icon',
      search: false,
      width: 60,
      align: 'center',
      render: (_, row) =>
        row.icon ? (
          <Tooltip title={row.icon}>
            <span className="gc-icon-preview" data-icon={row.icon}>
              <MenuIcon name={row.icon} />
            </span>
          </Tooltip>
        ) : (
          t('common.none')
        ),
    },
    { title: t('common.sort'), dataIndex: 'sort', search: false, width: 70 },
    {
      title: t('menuAdmin.hidden'),
      dataIndex: 'hidden',
      search: false,
      width: 80,
      render: (_, row) => (row.hidden ? <Tag>{t('common.yes')}</Tag> : t('common.no')),
    },
    {
      title: t('common.actions'),
      key: 'option',
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: lang === 'zh-CN' ? 170 : 210,
      render: (_, row) => [
        canEdit && row.kind === 'menu' ? (
          <Button
            key="child"
            type="link"
            size="small"
            data-testid="row-add-child"
            onClick={() => setEditing({ record: null, parentId: row.id })}
          >
            {t('menuAdmin.addChild')}
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
  const excel = useExcelExport<AdminMenuNode>({
    fileName: () => t('menuAdmin.exportFileName'),
    sheetName: () => t('menuAdmin.title'),
    columns: (): ExcelColumn<AdminMenuNode>[] => [
      { title: t('menuAdmin.labelEn'), dataIndex: 'labelEn' },
      { title: t('menuAdmin.labelZh'), dataIndex: 'labelZh' },
      { title: t('menuAdmin.kind'), dataIndex: 'kind' },
      { title: t('menuAdmin.path'), dataIndex: 'path' },
      { title: t('menuAdmin.component'), dataIndex: 'component' },
      { title: t('menuAdmin.icon'), dataIndex: 'icon' },
      { title: t('menuAdmin.permission'), dataIndex: 'permission' },
      { title: t('common.sort'), dataIndex: 'sort' },
      {
        title: t('menuAdmin.hidden'),
        dataIndex: 'hidden',
        render: (value) => (value ? t('common.yes') : t('common.no')),
      },
    ],
    // the tree is loaded whole; the export is the rows shown, parents before children
    load: async () => flattenTree(rows),
  });

  return (
    <PageWrapper title={t('menuAdmin.title')} description={t('menuAdmin.intro')} testId="menu-page">
      {query.isError ? (
        <LoadError
          title={t('menuAdmin.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <ProTable<AdminMenuNode>
        rowKey="id"
        columns={visibleColumns}
        dataSource={query.isError ? [] : rows}
        loading={query.isFetching}
        cardBordered
        form={{ name: 'menuSearch' }}
        search={{ labelWidth: 'auto', span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        onSubmit={(params) => setSearch(String(params.queryCondition ?? '').trim())}
        onReset={() => setSearch('')}
        options={{ reload: () => void query.refetch(), density: false, setting: true }}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        pagination={{ ...TABLE_PAGINATION, showTotal: () => t('menuAdmin.total', { count: total }) }}
        locale={{
          emptyText: (
            <TableEmpty
              text={
                query.isError
                  ? t('menuAdmin.loadFailed')
                  : search
                    ? t('common.noMatch')
                    : t('menuAdmin.empty')
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
              data-testid="menu-create"
              onClick={() => setEditing({ record: null, parentId: null })}
            >
              {t('menuAdmin.create')}
            </Button>
          ) : null,
        ]}
      />
      {editing ? (
        <MenuForm
          record={editing.record}
          parentId={editing.parentId}
          tree={tree}
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
