import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import { PERMISSIONS, roleCodeSchema, roleNameSchema } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Drawer,
  Empty,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Switch,
  Tag,
  Tree,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminMenu,
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
import { errorText, isAbort, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { submitterProps, textOrNull } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { ExportButton, useExcelExport } from '../../components/list-page/excel-export';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
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
  const [form] = Form.useForm<Values>();
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  useRevalidateOnLanguageChange(form);
  const rules = roleRules();

  const reloadLatest = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const page = await fetchRoles({ queryCondition: base.code, page: 1, size: 100 });
      const latest = page.records.find((role) => role.id === base.id);
      if (latest) {
        setBase(latest);
        form.setFieldsValue(valuesOf(latest));
        setConflict(null);
      } else setConflict(t('form.recordGone'));
    } catch (error) {
      showError(error);
    } finally {
      setReloading(false);
    }
  };

  return (
    <ModalForm<Values>
      open
      form={form}
      title={record ? t('role.editTitle') : t('role.createTitle')}
      width={560}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { isActive: true }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = toInput(values);
          if (base) await updateRole({ ...input, id: base.id, version: base.version });
          else await createRole(input);
          toastSuccess(t('common.saved'));
          onSaved();
          return true;
        } catch (error) {
          handleSaveError(form, error, base ? { onConflict: setConflict } : { conflictField: 'code' });
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('role.code')} rules={rules.code} required>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
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
      </Row>
    </ModalForm>
  );
}

function menuTitle(node: AdminMenu, lang: ReturnType<typeof currentLang>, buttonText: string) {
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
    const map = (nodes: readonly AdminMenu[]): DataNode[] =>
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
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canEdit = usePermission(ROLE_PERMISSIONS.edit);
  const canDelete = usePermission(ROLE_PERMISSIONS.delete);
  const actionRef = useRef<ActionType>(null);
  const [error, setError] = useState<string | null>(null);
  const [listed, setListed] = useState<{ queryCondition?: string; total: number }>({ total: 0 });
  const excel = useExcelExport<Role>({
    fileName: () => t('role.exportFileName'),
    sheetName: () => t('role.title'),
    columns: (): ExcelColumn<Role>[] => [
      { title: t('role.code'), dataIndex: 'code' },
      { title: t('role.name'), dataIndex: 'name' },
      { title: t('role.nameEn'), dataIndex: 'nameEn' },
      { title: t('role.userCount'), dataIndex: 'userCount' },
      {
        title: t('common.status'),
        dataIndex: 'isActive',
        render: (value) => (value ? t('common.enabled') : t('common.disabled')),
      },
    ],
    load: async (onProgress) => {
      const rows: Role[] = [];
      for (let page = 1; ; page++) {
        const chunk = await fetchRoles({ queryCondition: listed.queryCondition, page, size: 100 });
        rows.push(...chunk.records);
        onProgress(rows.length, chunk.total);
        if (rows.length >= chunk.total || chunk.records.length === 0) return rows;
      }
    },
  });
  const [editing, setEditing] = useState<{ record: Role | null } | null>(null);
  const [authority, setAuthority] = useState<Role | null>(null);

  const reload = () => {
    actionRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: roleKeys.all });
  };

  const remove = async (role: Role) => {
    const name = roleLabel(role, lang);
    const ok = await confirmAction({
      content: withContinuePrompt(
        role.userCount
          ? t('role.deleteConfirmUsers', { name, count: role.userCount })
          : t('role.deleteConfirm', { name }),
      ),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteRole(role.id, role.version);
      toastSuccess(t('common.deleted'));
      reload();
    } catch (failure) {
      showError(failure);
    }
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
      render: (_, row) =>
        row.isActive ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'option',
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: lang === 'zh-CN' ? 170 : 220,
      render: (_, row) => [
        canEdit ? (
          <Button
            key="edit"
            type="link"
            size="small"
            data-testid="row-edit"
            onClick={() => setEditing({ record: row })}
          >
            {t('common.edit')}
          </Button>
        ) : null,
        <Button
          key="permissions"
          type="link"
          size="small"
          data-testid="row-permissions"
          onClick={() => setAuthority(row)}
        >
          {t('role.permissions')}
        </Button>,
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

  return (
    <PageWrapper title={t('role.title')} description={t('role.intro')} testId="role-page">
      {error ? (
        <LoadError title={t('role.loadFailed')} message={error} onRetry={() => actionRef.current?.reload()} />
      ) : null}
      <ProTable<Role, { queryCondition?: string; lang: string }>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        params={{ lang }}
        cardBordered
        form={{ name: 'roleSearch' }}
        search={{ labelWidth: 'auto', span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        options={{ reload: true, density: false, setting: true }}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{ emptyText: <TableEmpty text={error ? t('role.loadFailed') : t('role.empty')} /> }}
        request={async (params) => {
          try {
            const page = await fetchRoles({
              queryCondition: params.queryCondition,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            setListed({ queryCondition: params.queryCondition, total: page.total });
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={listed.total === 0}
            onClick={() => void excel.run(listed.total)}
          />,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="role-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('role.create')}
            </Button>
          ) : null,
        ]}
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
