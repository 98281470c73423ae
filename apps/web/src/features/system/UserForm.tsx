import { staffCreateSchema, staffNickNameSchema, staffUserNameSchema } from '@glucocare/domain/admin';
import { Col, DatePicker, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  createStaff,
  type DataPermission,
  fetchStaffPage,
  type IssuedPassword,
  type PermissionScope,
  type StaffInput,
  type StaffRecord,
  setStaffScopes,
  updateStaff,
} from '../../api/admin';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, textOrNull, useActionForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import i18n from '../../i18n';
import { roleOptions, useGenders, useRoleOptions } from './options';

const DATE = 'YYYY-MM-DD';

interface Values {
  userName: string;
  nickName: string;
  gender?: string | null;
  birthDate?: Dayjs | null;
  idCard?: string;
  phone?: string;
  email?: string;
  departmentCode?: string | null;
  roleIds: number[];
  dataPermission: DataPermission;
  permissionScope: PermissionScope;
  departmentPermissions: string[];
  expiresOn?: Dayjs | null;
  isActive: boolean;
}

/** §3 Staff and §5 from the domain schemas: user name 2-12, ID card 15-18, email 8-32, valid phone. */
export function staffRules(): Record<string, Rule[]> {
  const shape = staffCreateSchema.shape;
  return {
    userName: [zodRule(staffUserNameSchema)],
    nickName: [zodRule(staffNickNameSchema)],
    idCard: [zodRule(shape.idCard)],
    phone: [zodRule(shape.phone)],
    email: [zodRule(shape.email)],
    departmentCode: [{ required: true, message: i18n.t('user.departmentRequired') }],
    roleIds: [{ required: true, type: 'array', min: 1, message: i18n.t('user.rolesRequired') }],
  };
}

const dateOrNull = (value: Dayjs | null | undefined) =>
  value && dayjs.isDayjs(value) ? value.format(DATE) : null;
const dayOrNull = (value: string | null) => (value ? dayjs(value) : null);

function valuesOf(record: StaffRecord): Values {
  return {
    userName: record.userName,
    nickName: record.nickName,
    gender: record.gender,
    birthDate: dayOrNull(record.birthDate),
    idCard: record.idCard ?? '',
    phone: record.phone ?? '',
    email: record.email ?? '',
    departmentCode: record.departmentCode,
    roleIds: record.roles.map((role) => role.id),
    dataPermission: record.dataPermission,
    permissionScope: record.permissionScope,
    departmentPermissions: record.departmentPermissions ?? [],
    expiresOn: dayOrNull(record.expiresOn),
    isActive: record.isActive,
  };
}

function toInput(values: Values): StaffInput {
  const scope = values.permissionScope;
  return {
    userName: values.userName.trim(),
    nickName: values.nickName.trim(),
    gender: values.gender || null,
    birthDate: dateOrNull(values.birthDate),
    idCard: textOrNull(values.idCard),
    phone: textOrNull(values.phone),
    email: textOrNull(values.email),
    departmentCode: values.departmentCode ?? '',
    roleIds: values.roleIds ?? [],
    dataPermission: values.dataPermission,
    permissionScope: scope,
    departmentPermissions: scope === 'departments' ? (values.departmentPermissions ?? []) : [],
    expiresOn: dateOrNull(values.expiresOn),
    isActive: values.isActive,
  };
}

/** Radio options of data permission and permission scope. */
export function useScopeOptions() {
  const { t } = useTranslation();
  return {
    dataPermission: [
      { value: 'readWrite', label: t('user.dataPermissions.readWrite') },
      { value: 'readOnly', label: t('user.dataPermissions.readOnly') },
    ],
    permissionScope: [
      { value: 'all', label: t('user.scopes.all') },
      { value: 'departments', label: t('user.scopes.departments') },
    ],
  };
}

/**
 * The permission scope and, when it is `departments`, the departments a person may work in besides
 * their own (empty: their own department only). `sm`: the scope's width on a wide screen.
 */
function ScopeFields({ sm }: { sm?: number }) {
  const { t } = useTranslation();
  const options = useScopeOptions();
  return (
    <>
      <Col xs={24} sm={sm}>
        <Form.Item name="permissionScope" label={t('user.permissionScope')} required>
          <Radio.Group options={options.permissionScope} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item noStyle dependencies={['permissionScope']}>
          {({ getFieldValue }) =>
            getFieldValue('permissionScope') === 'departments' ? (
              <Form.Item
                name="departmentPermissions"
                label={t('user.departmentPermissions')}
                extra={t('user.departmentPermissionsHint')}
              >
                <DepartmentTreeSelect multiple source="using" placeholder={t('user.pickDepartments')} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </Col>
    </>
  );
}

/** Create or edit one staff account (every field of §3 Staff). */
async function findStaff(base: StaffRecord): Promise<StaffRecord | null> {
  const page = await fetchStaffPage({ queryCondition: base.userName, page: 1, size: 100 });
  return page.records.find((item) => item.userName === base.userName) ?? null;
}

export function UserForm({
  record,
  onClose,
  onSaved,
}: {
  record: StaffRecord | null;
  onClose: () => void;
  /** with the new account's one-time password when one was created (shown once by the caller) */
  onSaved: (created: IssuedPassword | null) => void;
}) {
  const { t } = useTranslation();
  const _mobile = useDevice() === 'mobile';
  const edit = useEditForm(record, findStaff, valuesOf);
  const rules = staffRules();
  const genders = useGenders();
  const roles = useRoleOptions();
  const options = useScopeOptions();

  return (
    <DialogForm<StaffRecord, Values, IssuedPassword | null>
      edit={edit}
      panel
      title={
        record ? t('user.editTitle', { name: record.nickName || record.userName }) : t('user.createTitle')
      }
      width={760}
      // ProForm otherwise turns every dayjs value into 'YYYY-MM-DD HH:mm:ss' text before onFinish, and
      // toInput (which formats the dates itself) would read that text as no date at all
      dateFormatter={false}
      initialValues={
        record
          ? valuesOf(record)
          : {
              roleIds: [],
              dataPermission: 'readWrite',
              permissionScope: 'departments',
              departmentPermissions: [],
              isActive: true,
            }
      }
      conflictField="userName"
      onClose={onClose}
      save={async (values, base) => {
        const input = toInput(values);
        if (base) {
          const { userName: _unchanged, ...rest } = input;
          await updateStaff({ ...rest, id: base.id, version: base.version });
          return null;
        }
        // the new account's one-time password: the list shows it once, in its own dialog
        const { record: created, password } = await createStaff(input);
        return { userName: created.userName, password };
      }}
      savedText={(created) => (created ? t('user.created') : t('common.saved'))}
      onSaved={onSaved}
    >
      {!record ? (
        <Col xs={24}>
          <Typography.Paragraph type="secondary" className="gc-form-note">
            {t('user.oneTimePasswordNote')}
          </Typography.Paragraph>
        </Col>
      ) : null}
      <Col xs={24} sm={12}>
        <Form.Item
          name="userName"
          label={t('user.userName')}
          rules={record ? [] : rules.userName}
          required={!record}
          extra={record ? t('user.userNameFixed') : undefined}
        >
          <Input maxLength={12} disabled={!!record} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="nickName" label={t('user.nickName')} rules={rules.nickName} required>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="gender" label={t('user.gender')}>
          <Select
            allowClear
            loading={genders.isLoading}
            options={(genders.data ?? []).map((gender) => ({ value: gender.code, label: gender.name }))}
            placeholder={t('common.choose')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="birthDate" label={t('user.birthDate')}>
          <DatePicker
            style={{ width: '100%' }}
            format={DATE}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="idCard" label={t('user.idCard')} rules={rules.idCard}>
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="phone" label={t('user.phone')} rules={rules.phone}>
          <Input maxLength={20} inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="email" label={t('user.email')} rules={rules.email}>
          <Input maxLength={32} inputMode="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="departmentCode" label={t('user.department')} rules={rules.departmentCode} required>
          <DepartmentTreeSelect source="scope" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="roleIds" label={t('user.roles')} rules={rules.roleIds} required>
          <Select
            mode="multiple"
            loading={roles.isLoading}
            options={roleOptions(roles.data?.records ?? [], t('common.disabledSuffix'))}
            optionFilterProp="label"
            placeholder={t('common.choose')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="dataPermission" label={t('user.dataPermission')} required>
          <Radio.Group options={options.dataPermission} />
        </Form.Item>
      </Col>
      <ScopeFields sm={12} />
      <Col xs={24} sm={12}>
        <Form.Item name="expiresOn" label={t('user.expiresOn')} extra={t('user.expiresOnHint')}>
          <DatePicker style={{ width: '100%' }} format={DATE} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isActive" label={t('user.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

interface ScopeValues {
  permissionScope: PermissionScope;
  departmentPermissions: string[];
}

/** "Set scope" for the selected staff (PUT /v1/users/batchScope). */
export function BatchScopeForm({
  userNames,
  onClose,
  onSaved,
}: {
  userNames: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<ScopeValues>();
  return (
    <DialogForm<{ id: number }, ScopeValues, { updated: number } | null>
      edit={edit}
      title={t('user.batchScopeTitle')}
      width={560}
      initialValues={{ permissionScope: 'departments', departmentPermissions: [] }}
      onClose={onClose}
      save={(values) =>
        setStaffScopes({
          userNames,
          permissionScope: values.permissionScope,
          departmentPermissions: values.permissionScope === 'departments' ? values.departmentPermissions : [],
        })
      }
      savedText={(result) => t('user.batchScopeDone', { count: result?.updated ?? userNames.length })}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Typography.Paragraph data-testid="batch-scope-summary">
          {t('user.batchScopeSummary', { count: userNames.length })}
          <Typography.Text type="secondary" className="gc-block">
            {userNames.slice(0, 20).join(', ')}
            {userNames.length > 20 ? ' …' : ''}
          </Typography.Text>
        </Typography.Paragraph>
      </Col>
      <ScopeFields />
    </DialogForm>
  );
}
