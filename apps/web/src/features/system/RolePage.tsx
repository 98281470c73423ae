import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS, roleCodeSchema, roleNameSchema } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Drawer, Empty, Form, Input, Space, Spin, Switch, Tag, Tree, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminMenuNode,
  adminMenuLabel,
  createRole,
  deleteRole,
  fetchRoleAuthority,
  fetchRoles,
  type Role,
  type RoleInput,
  roleLabel,
  saveRoleAuthority,
  updateRole,
} from '../../api/admin';
import { errorText, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { CodeField, DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { statusExcelColumn, statusText } from '../../components/list-page/row-parts';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { branchKeys, flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { knownMenuIds, toggleMenu } from './authority';
import { roleKeys } from './options';
import { lengthRule } from './shared';

export const ROLE_PERMISSIONS = PERMISSIONS.system.roles;

interface Values {
  code: string;
  name: string;
  nameEn?: string;
  isActive: boolean;
}

/** Validation from the domain schemas: code starts with a letter (letters, digits, _; 2-32), name ≤ 32. */
export function roleRules(): Record<'code' | 'name' | 'nameEn', Rule[]> {
  return {
    code: [zodRule(roleCodeSchema)],
    name: [zodRule(roleNameSchema)],
    nameEn: [lengthRule(0, 64, 'form.maxLength', { max: 64 })],
  };
}

const valuesOf = (role: Role): Values => ({
  code: role.code,
  name: role.name,
  nameEn: role.nameEn ?? '',
  isActive: role.isActive,
});

const toInput = (values: Values): RoleInput => ({
  code: values.code.trim(),
  name: values.name.trim(),
  nameEn: textOrNull(values.nameEn),
  isActive: !!values.isActive,
});

async function findRole(base: Role): Promise<Role | null> {
  const page = await fetchRoles({ queryCondition: base.code, page: 1, size: 100 });
  return page.records.find((role) => role.id === base.id) ?? null;
}

function RoleForm({
  record,
  onClose,
  onSaved,
}: {
  record: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findRole, valuesOf);
  const rules = roleRules();
  return (
    <DialogForm<Role, Values>
      edit={edit}
      title={record ? t('role.editTitle') : t('role.createTitle')}
      width={560}
      initialValues={record ? valuesOf(record) : { isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = toInput(values);
        return base ? updateRole({ ...input, id: base.id, version: base.version }) : createRole(input);
      }}
      onSaved={onSaved}
    >
      <CodeField label={t('role.code')} rules={rules.code} maxLength={32} />
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={t('role.name')} rules={rules.name} required>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="nameEn" label={t('role.nameEn')} rules={rules.nameEn}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/** The role list's name: its search form and its query key. */
const ROLE_LIST = 'role';

function menuTitle(node: AdminMenuNode, lang: ReturnType<typeof currentLang>, buttonText: string) {
  return (
    <span className="gc-tree-title">
      {adminMenuLabel(node, lang)}
      {node.kind === 'button' ? (
        <Tag className="gc-tag-inline" color="purple">
          {buttonText}
        </Tag>
      ) : null}
      {node.permission ? <span className="gc-secondary gc-tree-code">{node.permission}</span> : null}
    </span>
  );
}

/** The role's permissions: every menu and button as a tree with checkboxes (buttons under their page). */
function AuthorityDrawer({ role, canSave, onClose }: { role: Role; canSave: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['roles', 'authority', role.id],
    queryFn: ({ signal }) => fetchRoleAuthority(role.id, signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const tree = query.data?.tree ?? [];
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!query.data) return;
    setChecked(new Set(query.data.menuIds));
    // pages open, so their buttons show
    setExpanded(branchKeys(query.data.tree, (node) => node.id));
  }, [query.data]);

  const treeData = useMemo(() => {
    const map = (nodes: readonly AdminMenuNode[]): DataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: menuTitle(node, lang, t('menuAdmin.kinds.button')),
        isLeaf: !node.children?.length,
        children: node.children?.length ? map(node.children) : undefined,
      }));
    return map(tree);
  }, [tree, lang, t]);
  const allIds = useMemo(() => flattenTree(tree).map((node) => node.id), [tree]);

  const save = async () => {
    setSaving(true);
    try {
      await saveRoleAuthority(role.id, knownMenuIds(tree, checked));
      toastSuccess(t('role.permissionsSaved'));
      await queryClient.invalidateQueries({ queryKey: ['roles', 'authority', role.id] });
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title={t('role.permissionsTitle', { name: roleLabel(role, lang) })}
      width={mobile ? '100%' : 560}
      onClose={onClose}
      destroyOnHidden
      data-testid="role-permissions"
      footer={
        <div className="gc-drawer-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {canSave ? (
            <Button
              type="primary"
              loading={saving}
              disabled={!query.data}
              onClick={() => void save()}
              data-testid="form-submit"
            >
              {t('common.save')}
            </Button>
          ) : null}
        </div>
      }
    >
      {query.isError ? (
        <LoadError
          title={t('role.permissionsLoadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isLoading ? (
        <div className="gc-loading">
          <Spin />
        </div>
      ) : null}
      {query.data && tree.length === 0 ? <Empty description={t('menuAdmin.empty')} /> : null}
      {tree.length ? (
        <>
          <Space wrap className="gc-tree-toolbar">
            <Button size="small" onClick={() => setExpanded(branchKeys(tree, (node) => node.id))}>
              {t('common.expandAll')}
            </Button>
            <Button size="small" onClick={() => setExpanded([])}>
              {t('common.collapseAll')}
            </Button>
            {canSave ? (
              <>
                <Button size="small" onClick={() => setChecked(new Set(allIds))}>
                  {t('common.checkAll')}
                </Button>
                <Button size="small" onClick={() => setChecked(new Set())}>
                  {t('common.checkNone')}
                </Button>
              </>
            ) : null}
            <Typography.Text type="secondary">
              {t('role.permissionsCount', { count: checked.size, total: allIds.length })}
            </Typography.Text>
          </Space>
          <Tree
            checkable
            checkStrictly
            selectable={false}
            disabled={!canSave}
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={{ checked: [...checked], halfChecked: [] }}
            onCheck={(_, info) =>
              setChecked((current) => toggleMenu(tree, current, Number(info.node.key), info.checked))
            }
            data-testid="role-permission-tree"
          />
        </>
      ) : null}
    </Drawer>
  );
}

/** `/system/role`: roles with create/edit/delete and their menu and button permissions. */
export default function RolePage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const canEdit = usePermission(ROLE_PERMISSIONS.edit);
  const canDelete = usePermission(ROLE_PERMISSIONS.delete);
  const [editing, setEditing] = useState<{ record: Role | null } | null>(null);
  const [authority, setAuthority] = useState<Role | null>(null);
  const reloadList = useListReload(ROLE_LIST);
  // the role pickers elsewhere (staff form, filters) list roles too
  const reload = () => {
    reloadList();
    void queryClient.invalidateQueries({ queryKey: roleKeys.all });
  };

  const columns: ProColumns<Role>[] = [
    {
      title: t('role.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('role.searchPlaceholder'), maxLength: 32 },
    },
    { title: t('role.code'), dataIndex: 'code', search: false, width: 160 },
    {
      title: t('role.name'),
      dataIndex: 'name',
      search: false,
      width: 180,
      render: (_, row) => roleLabel(row, lang),
    },
    {
      title: lang === 'en-US' ? t('role.nameZh') : t('role.nameEn'),
      dataIndex: lang === 'en-US' ? 'name' : 'nameEn',
      search: false,
      width: 180,
      render: (_, row) => (lang === 'en-US' ? row.name : row.nameEn) || t('common.none'),
    },
    { title: t('role.userCount'), dataIndex: 'userCount', search: false, width: 100 },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 100,
      render: (_, row) => <Tag color={row.isActive ? 'green' : undefined}>{statusText(row.isActive)}</Tag>,
    },
  ];

  return (
    <PageWrapper title={t('role.title')} description={t('role.intro')} testId="role-page">
      <ListPage<Role, { queryCondition?: string }>
        name={ROLE_LIST}
        columnsKey="gc-columns-roles"
        columns={columns}
        request={fetchRoles}
        texts={{ empty: t('role.empty'), loadFailed: t('role.loadFailed') }}
        rowActions={{
          extra: (row) => (
            <Button type="link" size="small" data-testid="row-permissions" onClick={() => setAuthority(row)}>
              {t('role.permissions')}
            </Button>
          ),
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canDelete
            ? {
                question: (row) =>
                  row.userCount
                    ? t('role.deleteConfirmUsers', { name: roleLabel(row, lang), count: row.userCount })
                    : t('role.deleteConfirm', { name: roleLabel(row, lang) }),
                run: (row) => deleteRole(row.id, row.version),
              }
            : undefined,
        }}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: roleKeys.all })}
        create={
          canEdit
            ? { testId: 'role-create', label: t('role.create'), onClick: () => setEditing({ record: null }) }
            : undefined
        }
        excel={{
          fileName: t('role.exportFileName'),
          sheetName: t('role.title'),
          columns: [
            { title: t('role.code'), dataIndex: 'code' },
            { title: t('role.name'), dataIndex: 'name' },
            { title: t('role.nameEn'), dataIndex: 'nameEn' },
            { title: t('role.userCount'), dataIndex: 'userCount' },
            statusExcelColumn<Role>(),
          ],
        }}
      />
      {editing ? (
        <RoleForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {authority ? (
        <AuthorityDrawer role={authority} canSave={canEdit} onClose={() => setAuthority(null)} />
      ) : null}
    </PageWrapper>
  );
}
