import type { ProColumns } from '@ant-design/pro-components';
import { menuCreateSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Tooltip, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
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
import { MenuIcon, menuIcons } from '../../app/icons';
import { findPageLoader } from '../../app/page-registry';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { zodRule } from '../../components/form-rules';
import { TreeListPage } from '../../components/list-page/TreeListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { findInTree, pruneTree, subtreeKeys } from '../../components/tree';
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

/** A menu's texts a search looks in. */
function menuMatches(node: AdminMenuNode, needle: string): boolean {
  return [node.labelEn, node.labelZh, node.path, node.component ?? '', node.permission ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** `/system/menu`: every menu and button as a tree, with create, edit and delete. */
export default function MenuPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(MENU_PERMISSIONS.edit);
  const canDelete = usePermission(MENU_PERMISSIONS.delete);

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
  ];

  return (
    <PageWrapper title={t('menuAdmin.title')} description={t('menuAdmin.intro')} testId="menu-page">
      <TreeListPage<AdminMenuNode>
        name="menu"
        columns={columns}
        queryKey={menuKeys.all}
        load={(_keyword, signal) => fetchMenuTree(signal)}
        match={menuMatches}
        texts={{
          empty: t('menuAdmin.empty'),
          loadFailed: t('menuAdmin.loadFailed'),
          total: (count) => t('menuAdmin.total', { count }),
        }}
        rowActions={{
          width: lang === 'zh-CN' ? 170 : 210,
          // a button has no children
          addChild: canEdit
            ? { label: t('menuAdmin.addChild'), allowed: (row) => row.kind === 'menu' }
            : undefined,
          edit: canEdit,
          // 409 while it has children: the server's message says so
          remove: canDelete
            ? {
                question: (row) => t('menuAdmin.deleteConfirm', { name: adminMenuLabel(row, lang) }),
                run: (row) => deleteMenu(row.id, row.version),
              }
            : undefined,
        }}
        create={canEdit ? { testId: 'menu-create', label: t('menuAdmin.create') } : undefined}
        excel={{
          fileName: t('menuAdmin.exportFileName'),
          sheetName: t('menuAdmin.title'),
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
        }}
        form={(editing, done) => (
          <MenuForm
            record={editing.record}
            parentId={editing.parentId}
            tree={done.tree}
            onClose={done.close}
            onSaved={done.saved}
          />
        )}
      />
    </PageWrapper>
  );
}
