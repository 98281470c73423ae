import { PERMISSIONS } from '@glucocare/domain/admin';
import type { PasswordRule } from '@glucocare/domain/auth';
import {
  PASSWORD_EXPIRY_MONTHS,
  PASSWORD_POLICY_LENGTH,
  passwordExpirySchema,
  passwordLengthSchema,
} from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchPasswordExpiry,
  fetchPasswordLength,
  fetchStrongPasswords,
  savePasswordExpiry,
  savePasswordLength,
  saveStrongPasswords,
} from '../../api/settings';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange } from '../../components/form-rules';
import { PageWrapper } from '../../components/PageWrapper';
import { bodyFieldRule, INLINE_ERROR, SettingActions, SettingCard } from './settings-form';
import { PasswordPreview } from './system/PasswordPreview';

export const PASSWORD_POLICY_EDIT = PERMISSIONS.settings.passwordPolicy.edit;

interface Values {
  strong: boolean;
  minLength: number | null;
  maxLength: number | null;
  expiryMonths: number | null;
}

const KEYS = {
  strong: ['settings', 'password', 'strong'],
  length: ['settings', 'password', 'length'],
  expiry: ['settings', 'password', 'expiry'],
} as const;

const lengthBody = (values: Partial<Values>) => ({
  minLength: values.minLength,
  maxLength: values.maxLength,
});
const expiryBody = (values: Partial<Values>) => ({ value: values.expiryMonths });

/**
 * The password policy (§3, §5 "Password change"): strong flag, shortest and longest length, validity
 * in months. Sign-in, the rule lookup and both password changes read it, so a save applies at once.
 */
export default function PasswordPolicyPage() {
  const { t } = useTranslation();
  const canEdit = usePermission(PASSWORD_POLICY_EDIT);
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const [saving, setSaving] = useState(false);
  const strong = useQuery({
    queryKey: KEYS.strong,
    queryFn: ({ signal }) => fetchStrongPasswords(signal),
    meta: INLINE_ERROR,
  });
  const length = useQuery({
    queryKey: KEYS.length,
    queryFn: ({ signal }) => fetchPasswordLength(signal),
    meta: INLINE_ERROR,
  });
  const expiry = useQuery({
    queryKey: KEYS.expiry,
    queryFn: ({ signal }) => fetchPasswordExpiry(signal),
    meta: INLINE_ERROR,
  });
  const loaded: Values | null =
    strong.data !== undefined && length.data && expiry.data !== undefined
      ? {
          strong: strong.data,
          minLength: length.data.minLength,
          maxLength: length.data.maxLength,
          expiryMonths: expiry.data,
        }
      : null;

  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const preview: Partial<PasswordRule> = {
    strong: watched?.strong ?? loaded?.strong,
    minLength: watched?.minLength ?? undefined,
    maxLength: watched?.maxLength ?? undefined,
    expiryMonths: watched?.expiryMonths ?? undefined,
  };

  /** Saves the parts that changed, one call each; a refused part shows its problem on its field. */
  const submit = async (values: Values) => {
    if (!loaded) return;
    setSaving(true);
    try {
      if (values.strong !== loaded.strong) {
        client.setQueryData(KEYS.strong, await saveStrongPasswords(values.strong));
      }
      if (values.minLength !== loaded.minLength || values.maxLength !== loaded.maxLength) {
        const saved = await savePasswordLength({
          minLength: values.minLength!,
          maxLength: values.maxLength!,
        });
        client.setQueryData(KEYS.length, saved);
      }
      if (values.expiryMonths !== loaded.expiryMonths) {
        client.setQueryData(KEYS.expiry, await savePasswordExpiry(values.expiryMonths!));
      }
      // the change-password dialogs read the rule through their own cached lookup
      void client.invalidateQueries({ queryKey: ['passwordRule'] });
      toastSuccess(t('passwordPolicy.saved'));
    } catch (error) {
      handleSaveError(form, error, { fieldMap: { value: 'expiryMonths' } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageWrapper
      title={t('passwordPolicy.title')}
      description={t('passwordPolicy.description')}
      testId="password-policy-page"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <SettingCard
            title={t('passwordPolicy.formTitle')}
            queries={[strong, length, expiry]}
            testId="password-card"
          >
            <Form<Values>
              form={form}
              layout="vertical"
              initialValues={loaded ?? undefined}
              disabled={!canEdit}
              onFinish={(values) => void submit(values)}
              data-testid="password-form"
            >
              <Form.Item
                name="strong"
                label={t('passwordPolicy.strong')}
                valuePropName="checked"
                extra={t('passwordPolicy.strongHelp')}
              >
                <Switch
                  checkedChildren={t('systemSettings.form.on')}
                  unCheckedChildren={t('systemSettings.form.off')}
                  data-testid="password-strong"
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="minLength"
                    label={t('passwordPolicy.minLength')}
                    required
                    dependencies={['maxLength']}
                    rules={[bodyFieldRule<Values>(passwordLengthSchema, ['minLength'], lengthBody)]}
                  >
                    <InputNumber
                      min={PASSWORD_POLICY_LENGTH.min}
                      max={PASSWORD_POLICY_LENGTH.max}
                      precision={0}
                      addonAfter={t('passwordPolicy.characters')}
                      style={{ width: '100%' }}
                      data-testid="password-min"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="maxLength"
                    label={t('passwordPolicy.maxLength')}
                    required
                    dependencies={['minLength']}
                    rules={[bodyFieldRule<Values>(passwordLengthSchema, ['maxLength'], lengthBody)]}
                  >
                    <InputNumber
                      min={PASSWORD_POLICY_LENGTH.min}
                      max={PASSWORD_POLICY_LENGTH.max}
                      precision={0}
                      addonAfter={t('passwordPolicy.characters')}
                      style={{ width: '100%' }}
                      data-testid="password-max"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Typography.Paragraph type="secondary" className="gc-form-note">
                {t('passwordPolicy.lengthHelp', {
                  min: PASSWORD_POLICY_LENGTH.min,
                  max: PASSWORD_POLICY_LENGTH.max,
                })}
              </Typography.Paragraph>
              <Form.Item
                name="expiryMonths"
                label={t('passwordPolicy.expiry')}
                required
                extra={t('passwordPolicy.expiryHelp')}
                rules={[bodyFieldRule<Values>(passwordExpirySchema, ['value'], expiryBody)]}
              >
                <InputNumber
                  min={PASSWORD_EXPIRY_MONTHS.min}
                  max={PASSWORD_EXPIRY_MONTHS.max}
                  precision={0}
                  addonAfter={t('passwordPolicy.months')}
                  style={{ width: '100%', maxWidth: 240 }}
                  data-testid="password-expiry"
                />
              </Form.Item>
              {canEdit ? (
                <SettingActions
                  saving={saving}
                  onReset={() => loaded && form.setFieldsValue(loaded)}
                  testId="password"
                />
              ) : null}
            </Form>
          </SettingCard>
        </Col>
        <Col xs={24} lg={10}>
          <PasswordPreview rule={preview} />
        </Col>
      </Row>
    </PageWrapper>
  );
}
