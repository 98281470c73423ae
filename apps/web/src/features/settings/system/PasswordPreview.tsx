import { ADMIN_PASSWORD_MIN_LENGTH, effectiveLengthRule, type PasswordRule } from '@glucocare/domain/auth';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRuleHint } from '../../auth/password-hint';

/**
 * What users will be told, worded as the change-password dialog words it (`passwordRuleHint`), with the
 * administrators' stricter minimum and the validity.
 */
export function PasswordPreview({ rule }: { rule: Partial<PasswordRule> }) {
  const { t } = useTranslation();
  const complete =
    Number.isInteger(rule.minLength) &&
    Number.isInteger(rule.maxLength) &&
    rule.minLength! <= rule.maxLength!;
  const full: PasswordRule = {
    minLength: rule.minLength ?? 0,
    maxLength: rule.maxLength ?? 0,
    strong: rule.strong === true,
    expiryMonths: rule.expiryMonths ?? 0,
  };
  const admin = effectiveLengthRule(full, true);
  const dialogText = passwordRuleHint(t, {
    min: full.minLength,
    max: full.maxLength,
    strong: full.strong,
    isAdmin: false,
  });
  const months = rule.expiryMonths;
  return (
    <Card title={t('passwordPolicy.preview.title')} className="gc-card" data-testid="password-preview">
      {complete ? (
        <>
          <Typography.Text type="secondary">{t('passwordPolicy.preview.dialog')}</Typography.Text>
          <Typography.Paragraph
            style={{ background: '#f6f8fa', borderRadius: 6, padding: '8px 12px', marginTop: 4 }}
            data-testid="password-preview-rule"
          >
            {t('password.newPassword')}: {dialogText}
          </Typography.Paragraph>
          <Typography.Paragraph data-testid="password-preview-admin">
            {t(
              admin.min === admin.max ? 'passwordPolicy.preview.adminExact' : 'passwordPolicy.preview.admin',
              {
                min: admin.min,
                max: admin.max,
                fixed: ADMIN_PASSWORD_MIN_LENGTH,
              },
            )}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('passwordPolicy.preview.incomplete')}</Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="password-preview-expiry">
        {Number.isInteger(months) && months! > 0
          ? t('passwordPolicy.preview.expires', { count: months })
          : months === 0
            ? t('passwordPolicy.preview.neverExpires')
            : t('common.none')}
      </Typography.Paragraph>
    </Card>
  );
}
