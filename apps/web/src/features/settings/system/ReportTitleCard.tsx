import { REPORT_TITLE_LIMITS, reportTitleSchema } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchReportTitle, type ReportTitle, resetReportTitle, saveReportTitle } from '../../../api/settings';
import { confirmAction } from '../../../components/confirm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { currentLang } from '../../../i18n';
import { INLINE_ERROR, SettingActions, SettingCard, useSettingSave } from '../settings-form';

interface Values {
  title: string;
  subtitle: string;
}

const valuesOf = (setting: ReportTitle): Values => ({
  title: setting.title,
  subtitle: setting.subtitle ?? '',
});

/** The heading of printed reports; the hospital's name until one is set. */
export function ReportTitleCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  // the default title is the hospital name in the request language
  const queryKey = ['settings', 'reportTitle', currentLang()];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchReportTitle(signal),
    meta: INLINE_ERROR,
  });
  const save = useSettingSave(saveReportTitle, {
    queryKey,
    onSaved: (saved) => form.setFieldsValue(valuesOf(saved)),
    onError: (error) => handleSaveError(form, error),
  });
  const reset = useSettingSave(resetReportTitle, {
    queryKey,
    onSaved: (saved) => form.setFieldsValue(valuesOf(saved)),
  });
  const backToHospitalName = async () => {
    if (await confirmAction({ content: t('hospitalSettings.reportTitle.useDefaultConfirm') })) reset.mutate();
  };
  const title = Form.useWatch('title', form);
  const subtitle = Form.useWatch('subtitle', form);
  const shape = reportTitleSchema.shape;

  return (
    <SettingCard
      title={t('hospitalSettings.reportTitle.title')}
      description={t('hospitalSettings.reportTitle.description')}
      queries={[query]}
      testId="report-title-card"
      extra={
        query.data?.isDefault ? (
          <Tag data-testid="report-title-default">{t('hospitalSettings.reportTitle.default')}</Tag>
        ) : canEdit && query.data ? (
          <Button
            size="small"
            loading={reset.isPending}
            onClick={() => void backToHospitalName()}
            data-testid="report-title-use-default"
          >
            {t('hospitalSettings.reportTitle.useDefault')}
          </Button>
        ) : null
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={query.data ? valuesOf(query.data) : undefined}
        disabled={!canEdit}
        onFinish={(values) =>
          save.mutate({ title: values.title.trim(), subtitle: values.subtitle?.trim() || null })
        }
      >
        <Form.Item
          name="title"
          label={t('hospitalSettings.reportTitle.heading')}
          required
          rules={[zodRule(shape.title)]}
        >
          <Input maxLength={REPORT_TITLE_LIMITS.title.max} showCount data-testid="report-title" />
        </Form.Item>
        <Form.Item
          name="subtitle"
          label={t('hospitalSettings.reportTitle.subtitle')}
          rules={[zodRule(shape.subtitle, { optional: true })]}
        >
          <Input
            maxLength={REPORT_TITLE_LIMITS.subtitle.max}
            showCount
            placeholder={t('hospitalSettings.reportTitle.subtitlePlaceholder')}
            data-testid="report-subtitle"
          />
        </Form.Item>
        <div className="gc-form-note" data-testid="report-title-preview">
          <Typography.Text type="secondary">{t('hospitalSettings.reportTitle.preview')}</Typography.Text>
          <div
            style={{
              border: '1px dashed #d9d9d9',
              borderRadius: 8,
              padding: '12px 16px',
              textAlign: 'center',
            }}
          >
            <Typography.Title level={5} style={{ margin: 0, wordBreak: 'break-word' }}>
              {title?.trim() || t('common.none')}
            </Typography.Title>
            {subtitle?.trim() ? (
              <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
                {subtitle.trim()}
              </Typography.Text>
            ) : null}
          </div>
        </div>
        {canEdit ? (
          <SettingActions
            saving={save.isPending}
            onReset={() => query.data && form.setFieldsValue(valuesOf(query.data))}
            testId="report-title"
          />
        ) : null}
      </Form>
    </SettingCard>
  );
}
