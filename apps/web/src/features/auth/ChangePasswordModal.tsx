import { LockOutlined } from '@ant-design/icons';
import {
  DEFAULT_PASSWORD_RULE,
  effectiveLengthRule,
  type PasswordRule,
  tenantSchema,
  userNameSchema,
} from '@glucocare/domain/auth';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword, passwordRule } from '../../api/auth';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import {
  confirmPasswordRule,
  newPasswordRule,
  useRevalidateOnLanguageChange,
  zodRule,
} from '../../components/form-rules';
import { msg } from '../../i18n';
import { type AccountPasswordRule, passwordRuleHint } from './password-hint';

export type ChangePasswordVariant = 'navbar' | 'login';

export interface ChangePasswordResult {
  userName: string;
  tenant: string;
  newPassword: string;
}

export interface ChangePasswordModalProps {
  open: boolean;
  /**
   * navbar: old/new/confirm for the signed-in user; login: also user name and tenant. Both check the
   * tenant's password policy from the server (the spec's navbar variant fixed 6-12, but the policy is
   * configurable and the server enforces it: a fixed rule would refuse what the policy requires).
   */
  variant: ChangePasswordVariant;
  userName: string;
  tenant: string;
  /** login variant: the password just typed on the login form */
  oldPassword?: string;
  /** login variant: why the change is required (412 `reason`) */
  reason?: 'initial' | 'expired';
  /**
   * login variant: the rule for this account the 412 told after the right password (administrator
   * minimum applied); without it, the tenant's rule for staff
   */
  accountRule?: AccountPasswordRule;
  /** navbar variant: whether the signed-in user is an administrator (12 characters or more) */
  isAdmin?: boolean;
  onClose: () => void;
  onChanged?: (result: ChangePasswordResult) => void;
}

interface Values {
  userName: string;
  tenant: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function ChangePasswordForm(props: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  useRevalidateOnLanguageChange(form);
  const isLogin = props.variant === 'login';
  const tenantValue = Form.useWatch('tenant', form) ?? props.tenant;
  const userNameValue = Form.useWatch('userName', form) ?? props.userName;
  // the 412's rule is that account's; a different account typed into the login variant gets the tenant's
  const told =
    isLogin &&
    props.accountRule &&
    tenantValue?.trim() === props.tenant &&
    userNameValue?.trim().toLowerCase() === props.userName.toLowerCase()
      ? props.accountRule
      : null;
  const tenantOk = tenantSchema.safeParse(tenantValue ?? '').success;
  const ruleQuery = useQuery({
    queryKey: ['passwordRule', tenantValue],
    queryFn: () => passwordRule(tenantValue),
    enabled: tenantOk && !told,
    // short: an administrator who just changed the policy expects the dialog to follow it
    staleTime: 10_000,
  });
  const policy: PasswordRule = ruleQuery.data ?? DEFAULT_PASSWORD_RULE;
  const isAdmin = told ? told.isAdmin : !isLogin && props.isAdmin === true;
  const bounds = effectiveLengthRule(policy, isAdmin);
  const applies: AccountPasswordRule = told ?? {
    min: bounds.min,
    max: bounds.max,
    strong: policy.strong,
    isAdmin,
  };
  // checked as the server checks it: the account's lengths (administrator minimum included) and strength
  const rule: PasswordRule = {
    ...policy,
    minLength: applies.min,
    maxLength: applies.max,
    strong: applies.strong,
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSubmitting(true);
    const userName = (isLogin ? values.userName : props.userName).trim();
    const tenant = (isLogin ? values.tenant : props.tenant).trim();
    try {
      await changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        userName,
        tenant,
      });
      toastSuccess(msg('auth.passwordUpdated'));
      props.onClose();
      props.onChanged?.({ userName, tenant, newPassword: values.newPassword });
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const hint = passwordRuleHint(t, applies);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{
        userName: props.userName,
        tenant: props.tenant,
        oldPassword: props.oldPassword ?? '',
      }}
      onFinish={() => void submit()}
      className="gc-change-password"
    >
      {isLogin && props.reason ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={props.reason === 'expired' ? t('password.expiredHint') : t('password.initialHint')}
        />
      ) : null}
      {isLogin ? (
        <>
          <Form.Item
            name="userName"
            label={t('password.userName')}
            htmlFor="cp_userName"
            rules={[zodRule(userNameSchema)]}
            required
          >
            <Input id="cp_userName" autoComplete="username" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="tenant"
            label={t('password.tenant')}
            htmlFor="cp_tenant"
            rules={[zodRule(tenantSchema)]}
            required
          >
            <Input id="cp_tenant" autoComplete="organization" maxLength={16} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        name="oldPassword"
        label={t('password.oldPassword')}
        htmlFor="oldPassword"
        rules={[{ required: true, message: msg('password.oldRequired') }]}
      >
        <Input.Password
          id="oldPassword"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.newPassword')}
        htmlFor="newPassword"
        dependencies={['oldPassword']}
        extra={<span data-testid="password-rule-hint">{hint}</span>}
        required
        rules={[newPasswordRule(rule)]}
      >
        <Input.Password
          id="newPassword"
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirmPassword')}
        htmlFor="confirmPassword"
        dependencies={['newPassword']}
        required
        rules={[confirmPasswordRule()]}
      >
        <Input.Password
          id="confirmPassword"
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <div className="gc-modal-actions">
        <Space>
          <Button onClick={props.onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="change-password-submit">
            {t('password.submit')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}

/** Change-password dialog (§5 Password change): navbar and login-page variants. */
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('password.changeTitle')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={440}
    >
      {props.open ? <ChangePasswordForm {...props} /> : null}
    </Modal>
  );
}
