import { DownloadOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  PERMISSIONS,
  STAFF_EXPIRY_SOON_DAYS,
  type StaffExpiryFilter,
  staffExpiryFilterSchema,
} from '@glucocare/domain/admin';
import { Button, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteStaff,
  departmentLabel,
  fetchAllStaff,
  fetchStaffPage,
  resetStaffPassword,
  type StaffQuery,
  type StaffRecord,
} from '../../api/admin';
import { errorText, isAbort, showError } from '../../api/http';
import { alertDialog, toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { fileStamp, formatDateTime } from '../../components/format';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { useGenders } from './options';
import { BatchScopeForm, UserForm } from './UserForm';

export const USER_PERMISSIONS = PERMISSIONS.system.staff;

type Filter = Omit<StaffQuery, 'page' | 'size'>;

interface SearchParams {
  queryCondition?: string;
  qDepartment?: string;
  qStatus?: 'true' | 'false';
  qExpiry?: StaffExpiryFilter;
}

export function filterOf(params: SearchParams): Filter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    departmentCode: params.qDepartment || undefined,
    isActive: params.qStatus === 'true' ? true : params.qStatus === 'false' ? false : undefined,
    expiry: params.qExpiry && params.qExpiry !== 'all' ? params.qExpiry : undefined,
  };
}

/** Whether an account is locked out now (`lockedUntil` in the future). */
export function isLocked(record: Pick<StaffRecord, 'lockedUntil'>, now = dayjs()): boolean {
  return !!record.lockedUntil && dayjs(record.lockedUntil).isAfter(now);
}

/** "Expired" / "Expires soon" beside an account, as the server judged it for today. */
function ExpiryTag({ row }: { row: StaffRecord }) {
  const { t } = useTranslation();
  if (row.expiry === 'expired') {
    return (
      <Tag color="red" data-testid="tag-expired">
        {t('user.expired')}
      </Tag>
    );
  }
  if (row.expiry === 'expiresSoon') {
    return (
      <Tooltip title={t('user.expiresSoonHint', { days: STAFF_EXPIRY_SOON_DAYS })}>
        <Tag color="orange" data-testid="tag-expires-soon">
          {t('user.expiresSoon')}
        </Tag>
      </Tooltip>
    );
  }
  return null;
}

function StatusTags({ row }: { row: StaffRecord }) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap>
      {row.isActive ? (
        <Tag color="green">{t('common.enabled')}</Tag>
      ) : (
        <Tag color="default">{t('common.disabled')}</Tag>
      )}
      {isLocked(row) ? (
        <Tooltip title={t('user.lockedUntil', { time: formatDateTime(row.lockedUntil) })}>
          <Tag color="volcano" data-testid="tag-locked">
            {t('user.locked')}
          </Tag>
        </Tooltip>
      ) : null}
      {row.mustChangePassword ? (
        <Tag color="gold" data-testid="tag-must-change">
          {t('user.mustChangePassword')}
        </Tag>
      ) : null}
      <ExpiryTag row={row} />
    </Space>
  );
}

/** `/system/user`: staff accounts with search, export, create/edit, password reset, delete and batch scope. */
export default function UserPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const { profile } = useSession();
  const canEdit = usePermission(USER_PERMISSIONS.edit);
  const canDelete = usePermission(USER_PERMISSIONS.delete);
  const canReset = usePermission(USER_PERMISSIONS.resetPassword);
  const actionRef = useRef<ActionType>(null);
  const lastFilter = useRef<Filter>({});
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: StaffRecord | null } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [scoping, setScoping] = useState(false);
  const [exporting, setExporting] = useState<{ loaded: number; total: number } | null>(null);
  const genders = useGenders();
  const genderName = (code: string | null) =>
    (code && genders.data?.find((gender) => gender.code === code)?.name) || code || '';

  const reload = () => actionRef.current?.reload();
  const roleNames = (row: StaffRecord) => row.roles.map((role) => role.name);
  const departments = useDepartmentTree('using');
  const departmentNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const node of flattenTree(departments.data)) names.set(node.code, departmentLabel(node, lang));
    return names;
  }, [departments.data, lang]);
  const permittedNames = (row: StaffRecord) =>
    (row.departmentPermissions ?? []).map((code) => departmentNames.get(code) ?? code);
  const scopeText = (row: StaffRecord) => {
    if (row.permissionScope === 'all') return t('user.scopes.all');
    const count = row.departmentPermissions?.length ?? 0;
    return count ? t('user.scopeDepartments', { count }) : t('user.scopeOwn');
  };

  const exportColumns: ExcelColumn<StaffRecord>[] = [
    { title: t('user.userName'), dataIndex: 'userName' },
    { title: t('user.nickName'), dataIndex: 'nickName' },
    { title: t('user.gender'), dataIndex: 'gender', render: (value) => genderName(value as string | null) },
    { title: t('user.birthDate'), dataIndex: 'birthDate', dateFormat: 'date' },
    { title: t('user.age'), dataIndex: 'age' },
    { title: t('user.idCard'), dataIndex: 'idCard' },
    { title: t('user.phone'), dataIndex: 'phone' },
    { title: t('user.email'), dataIndex: 'email' },
    { title: t('user.department'), dataIndex: 'departmentName' },
    { title: t('user.roles'), dataIndex: 'roles', render: (_, row) => roleNames(row) },
    {
      title: t('user.dataPermission'),
      dataIndex: 'dataPermission',
      render: (value) => t(`user.dataPermissions.${String(value)}`),
    },
    { title: t('user.permissionScope'), dataIndex: 'permissionScope', render: (_, row) => scopeText(row) },
    {
      title: t('user.departmentPermissions'),
      dataIndex: 'departmentPermissions',
      render: (_, row) => permittedNames(row),
    },
    { title: t('user.expiresOn'), dataIndex: 'expiresOn', dateFormat: 'date' },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      render: (value) => (value ? t('common.enabled') : t('common.disabled')),
    },
    {
      title: t('user.mustChangePassword'),
      dataIndex: 'mustChangePassword',
      render: (value) => (value ? t('common.yes') : t('common.no')),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
  ];

  const runExport = async () => {
    setExporting({ loaded: 0, total });
    try {
      const rows = await fetchAllStaff(lastFilter.current, (loaded, all) =>
        setExporting({ loaded, total: all }),
      );
      await exportToExcel({
        fileName: `${t('user.exportFileName')}-${fileStamp()}`,
        sheetName: t('user.title'),
        columns: exportColumns,
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  const resetPassword = async (row: StaffRecord) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('user.resetConfirm', { name: row.nickName || row.userName })),
    });
    if (!ok) return;
    try {
      const message = await resetStaffPassword(row.userName);
      await alertDialog({
        type: 'success',
        title: t('user.resetDoneTitle'),
        content: message || t('user.resetDone'),
        okText: t('common.close'),
      });
      reload();
    } catch (failure) {
      showError(failure);
    }
  };

  const remove = async (row: StaffRecord) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('user.deleteConfirm', { name: row.nickName || row.userName })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteStaff(row.userName, row.version);
      toastSuccess(t('common.deleted'));
      setSelected((keys) => keys.filter((key) => key !== row.userName));
      reload();
    } catch (failure) {
      showError(failure);
    }
  };

  const columns: ProColumns<StaffRecord>[] = [
    {
      title: t('user.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('user.searchPlaceholder'), maxLength: 32 },
    },
    {
      title: t('user.department'),
      dataIndex: 'qDepartment',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('common.status'),
      dataIndex: 'qStatus',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: { true: { text: t('common.enabled') }, false: { text: t('common.disabled') } },
    },
    {
      title: t('user.expiry'),
      dataIndex: 'qExpiry',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), 'data-testid': 'filter-expiry' },
      valueEnum: Object.fromEntries(
        staffExpiryFilterSchema.options.map((value) => [value, { text: t(`user.expiryFilter.${value}`) }]),
      ),
    },
    {
      title: t('user.userName'),
      dataIndex: 'userName',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 120,
      render: (_, row) => <span className="gc-nowrap">{row.userName}</span>,
    },
    { title: t('user.nickName'), dataIndex: 'nickName', search: false, width: 120 },
    {
      title: t('user.gender'),
      dataIndex: 'gender',
      search: false,
      width: 80,
      render: (_, row) => genderName(row.gender) || t('common.none'),
    },
    {
      title: t('user.birthDate'),
      dataIndex: 'birthDate',
      search: false,
      width: 120,
      render: (_, row) => row.birthDate || t('common.none'),
    },
    {
      title: t('user.age'),
      dataIndex: 'age',
      search: false,
      width: 70,
      render: (_, row) => row.age ?? t('common.none'),
    },
    {
      title: t('user.department'),
      dataIndex: 'departmentName',
      search: false,
      width: 150,
      render: (_, row) => row.departmentName || row.departmentCode || t('common.none'),
    },
    {
      title: t('user.roles'),
      dataIndex: 'roles',
      search: false,
      width: 180,
      render: (_, row) =>
        row.roles.length ? (
          <Space size={[0, 4]} wrap>
            {row.roles.map((role) => (
              <Tag key={role.id}>{role.name}</Tag>
            ))}
          </Space>
        ) : (
          t('common.none')
        ),
    },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 170,
      render: (_, row) => <StatusTags row={row} />,
    },
    {
      title: t('user.phone'),
      dataIndex: 'phone',
      search: false,
      width: 140,
      render: (_, row) => row.phone || t('common.none'),
    },
    {
      title: t('user.email'),
      dataIndex: 'email',
      search: false,
      width: 200,
      render: (_, row) => row.email || t('common.none'),
    },
    {
      title: t('user.idCard'),
      dataIndex: 'idCard',
      search: false,
      width: 190,
      render: (_, row) => row.idCard || t('common.none'),
    },
    {
      title: t('user.dataPermission'),
      dataIndex: 'dataPermission',
      search: false,
      width: 120,
      render: (_, row) => (
        <Tag color={row.dataPermission === 'readOnly' ? 'default' : 'blue'}>
          {t(`user.dataPermissions.${row.dataPermission}`)}
        </Tag>
      ),
    },
    {
      title: t('user.permissionScope'),
      dataIndex: 'permissionScope',
      search: false,
      width: 150,
      render: (_, row) =>
        row.permissionScope === 'departments' && row.departmentPermissions?.length ? (
          <Tooltip title={permittedNames(row).join(', ')}>
            <span className="gc-dotted">{scopeText(row)}</span>
          </Tooltip>
        ) : (
          scopeText(row)
        ),
    },
    {
      title: t('user.expiresOn'),
      dataIndex: 'expiresOn',
      search: false,
      width: 120,
      render: (_, row) =>
        row.expiresOn ? (
          <Space size={4} wrap>
            <span className="gc-nowrap">{row.expiresOn}</span>
            <ExpiryTag row={row} />
          </Space>
        ) : (
          t('user.never')
        ),
    },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'option',
      valueType: 'option',
      fixed: mobile ? undefined : 'right',
      width: lang === 'zh-CN' ? 170 : 230,
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
        canReset ? (
          <Button
            key="reset"
            type="link"
            size="small"
            data-testid="row-reset-password"
            onClick={() => void resetPassword(row)}
          >
            {t('user.resetPassword')}
          </Button>
        ) : null,
        canDelete ? (
          <Button
            key="delete"
            type="link"
            size="small"
            danger
            data-testid="row-delete"
            disabled={row.userName === profile?.userName}
            title={row.userName === profile?.userName ? t('user.cannotDeleteSelf') : undefined}
            onClick={() => void remove(row)}
          >
            {t('common.delete')}
          </Button>
        ) : null,
      ],
    },
  ];
  const visibleColumns =
    canEdit || canDelete || canReset ? columns : columns.filter((column) => column.valueType !== 'option');

  return (
    <PageWrapper title={t('user.title')} description={t('user.intro')} testId="user-page">
      {error ? <LoadError title={t('user.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<StaffRecord, SearchParams & { lang: string }>
        actionRef={actionRef}
        rowKey="userName"
        columns={visibleColumns}
        params={{ lang }}
        cardBordered
        form={{ name: 'userSearch' }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: mobile,
          span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
        }}
        options={{ reload: true, density: false, setting: { draggable: true } }}
        columnsState={{
          persistenceKey: 'gc-columns-users',
          persistenceType: 'localStorage',
          defaultValue: {
            birthDate: { show: false },
            age: { show: false },
            idCard: { show: false },
            email: { show: false },
            gender: { show: false },
            createdAt: { show: false },
          },
        }}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space wrap>
            <span>{t('common.selected', { count: selectedRowKeys.length })}</span>
            <Button type="link" size="small" onClick={onCleanSelected}>
              {t('common.clearSelection')}
            </Button>
          </Space>
        )}
        tableAlertOptionRender={false}
        locale={{ emptyText: <TableEmpty text={error ? t('user.loadFailed') : t('user.empty')} /> }}
        request={async (params) => {
          const filter = filterOf(params);
          lastFilter.current = filter;
          try {
            const page = await fetchStaffPage({
              ...filter,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            setTotal(page.total);
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          canEdit ? (
            <Button
              key="scope"
              icon={<SafetyOutlined />}
              disabled={selected.length === 0}
              data-testid="user-batch-scope"
              onClick={() => setScoping(true)}
            >
              {selected.length ? t('user.batchScopeCount', { count: selected.length }) : t('user.batchScope')}
            </Button>
          ) : null,
          <Button
            key="export"
            icon={<DownloadOutlined />}
            loading={!!exporting}
            disabled={!exporting && total === 0}
            data-testid="export-excel"
            onClick={() => void runExport()}
          >
            {exporting
              ? t('excel.exporting', { loaded: exporting.loaded, total: exporting.total })
              : t('excel.export')}
          </Button>,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="user-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('user.create')}
            </Button>
          ) : null,
        ]}
      />
      {editing ? (
        <UserForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {scoping ? (
        <BatchScopeForm
          userNames={selected}
          onClose={() => setScoping(false)}
          onSaved={() => {
            setScoping(false);
            setSelected([]);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
