import { SafetyOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  PERMISSIONS,
  STAFF_EXPIRY_SOON_DAYS,
  type StaffExpiryFilter,
  staffExpiryFilterSchema,
} from '@glucocare/domain/admin';
import { Button, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteStaff,
  departmentLabel,
  fetchStaffPage,
  type IssuedPassword,
  resetStaffPassword,
  type StaffQuery,
  type StaffRecord,
  unlockStaff,
} from '../../api/admin';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { formatDateTime } from '../../components/format';
import { ImportButton } from '../../components/import/ImportButton';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import {
  activeFilterOf,
  createdAtColumn,
  statusExcelColumn,
  statusText,
  statusValueEnum,
} from '../../components/list-page/row-parts';
import { OneTimePasswordModal } from '../../components/OneTimePasswords';
import { PageWrapper } from '../../components/PageWrapper';
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
  qLocked?: 'true' | 'false';
}

const USER_LIST = 'user';

/** The search form → the filter (the `q…` fields: the table has columns of those names). */
export function filterOf(params: SearchParams): Filter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    departmentCode: params.qDepartment || undefined,
    isActive: activeFilterOf(params.qStatus),
    expiry: params.qExpiry && params.qExpiry !== 'all' ? params.qExpiry : undefined,
    locked: params.qLocked === undefined ? undefined : params.qLocked === 'true',
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
      <Tag color={row.isActive ? 'green' : 'default'}>{statusText(row.isActive)}</Tag>
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
  const [editing, setEditing] = useState<{ record: StaffRecord | null } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [scoping, setScoping] = useState(false);
  /** one-time passwords to show once (after a reset or a new account), with the dialog's title */
  const [issued, setIssued] = useState<{ title: string; entries: IssuedPassword[] } | null>(null);
  const reload = useListReload(USER_LIST);
  const genders = useGenders();
  const genderName = (code: string | null) =>
    (code && genders.data?.find((gender) => gender.code === code)?.name) || code || '';

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
    statusExcelColumn<StaffRecord>(),
    {
      title: t('user.mustChangePassword'),
      dataIndex: 'mustChangePassword',
      render: (value) => (value ? t('common.yes') : t('common.no')),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
  ];

  const resetPassword = async (row: StaffRecord) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('user.resetConfirm', { name: row.nickName || row.userName })),
    });
    if (!ok) return;
    try {
      const result = await resetStaffPassword(row.userName);
      setIssued({ title: t('user.resetDoneTitle'), entries: [result] });
      reload();
    } catch (failure) {
      showError(failure);
    }
  };

  const unlock = async (row: StaffRecord) => {
    const ok = await confirmAction({
      title: t('user.unlockTitle'),
      content: t('user.unlockConfirm', {
        name: row.nickName || row.userName,
        time: formatDateTime(row.lockedUntil),
      }),
      okText: t('user.unlock'),
    });
    if (!ok) return;
    try {
      await unlockStaff(row.userName);
      toastSuccess(t('user.unlocked', { name: row.nickName || row.userName }));
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
      valueEnum: statusValueEnum(),
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
      title: t('user.lockFilter'),
      dataIndex: 'qLocked',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), 'data-testid': 'filter-locked' },
      valueEnum: {
        true: { text: t('user.lockFilterLocked') },
        false: { text: t('user.lockFilterNotLocked') },
      },
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
    createdAtColumn<StaffRecord>(t),
  ];

  return (
    <PageWrapper title={t('user.title')} description={t('user.intro')} testId="user-page">
      <ListPage<StaffRecord, Filter>
        name={USER_LIST}
        columnsKey="gc-columns-users"
        columns={columns}
        hiddenColumns={['birthDate', 'age', 'idCard', 'email', 'gender', 'createdAt']}
        rowKey="userName"
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        request={fetchStaffPage}
        filterOf={filterOf}
        texts={{ empty: t('user.empty'), loadFailed: t('user.loadFailed') }}
        rowActions={{
          extra: canReset
            ? (row) => (
                <>
                  {isLocked(row) ? (
                    <Button
                      type="link"
                      size="small"
                      data-testid="row-unlock"
                      onClick={() => void unlock(row)}
                    >
                      {t('user.unlock')}
                    </Button>
                  ) : null}
                  <Button
                    type="link"
                    size="small"
                    data-testid="row-reset-password"
                    onClick={() => void resetPassword(row)}
                  >
                    {t('user.resetPassword')}
                  </Button>
                </>
              )
            : undefined,
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canDelete
            ? {
                question: (row) => t('user.deleteConfirm', { name: row.nickName || row.userName }),
                run: (row) => deleteStaff(row.userName, row.version),
                refusal: (row) => (row.userName === profile?.userName ? t('user.cannotDeleteSelf') : null),
              }
            : undefined,
        }}
        toolbar={
          canEdit ? (
            <Space wrap>
              <ImportButton kind="staff" onImported={reload} />
              <Button
                icon={<SafetyOutlined />}
                disabled={selected.length === 0}
                data-testid="user-batch-scope"
                onClick={() => setScoping(true)}
              >
                {selected.length
                  ? t('user.batchScopeCount', { count: selected.length })
                  : t('user.batchScope')}
              </Button>
            </Space>
          ) : null
        }
        create={
          canEdit
            ? { testId: 'user-create', label: t('user.create'), onClick: () => setEditing({ record: null }) }
            : undefined
        }
        excel={{ fileName: t('user.exportFileName'), sheetName: t('user.title'), columns: exportColumns }}
      />
      {editing ? (
        <UserForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setIssued({ title: t('user.createdPasswordTitle'), entries: [created] });
            reload();
          }}
        />
      ) : null}
      <OneTimePasswordModal
        title={issued?.title ?? ''}
        entries={issued?.entries ?? null}
        onClose={() => setIssued(null)}
      />
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
