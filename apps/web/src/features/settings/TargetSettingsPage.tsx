import { SaveOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { fromMmol, type GlucoseUnit, roundDecimal, toMmol } from '@glucocare/domain/helpers';
import { QC_LEVELS, qcSdSchema, qcTargetSchema } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, InputNumber, Select, Space, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/http';
import {
  fetchStripTypes,
  fetchTargetSetting,
  saveTargetSetting,
  type TargetSetting,
} from '../../api/periods';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { mapFieldErrors } from '../../components/form-errors';
import { issueParams, useRevalidateOnLanguageChange } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { currentLang, msg, msgOrText } from '../../i18n';
import { unitLabel, useGlucoseUnit } from './periods/period-ui';

const TARGET_EDIT = PERMISSIONS.settings.qcTargets.edit;

/**
 * How a strip type's values are shown: glucose strips in the tenant's unit (stored in mmol/L, so a
 * mg/dL tenant's values are converted, with one decimal so an SD keeps its meaning), ketone strips in
 * mmol/L, uric-acid strips in µmol/L, other types as stored.
 */
interface Scale {
  unit: string | null;
  toDisplay: (stored: number) => number;
  toStored: (shown: number) => number;
  precision: number;
}

export function scaleOf(stripType: string, glucoseUnit: GlucoseUnit): Scale {
  if (stripType === 'GLU' && glucoseUnit === 'mgDl') {
    return {
      unit: unitLabel(glucoseUnit),
      toDisplay: (stored) => roundDecimal(fromMmol(stored, glucoseUnit), 1),
      toStored: (shown) => roundDecimal(toMmol(shown, glucoseUnit), 2),
      precision: 1,
    };
  }
  const units: Record<string, string> = { GLU: 'mmol/L', KET: 'mmol/L', UA: 'μmol/L' };
  return { unit: units[stripType] ?? null, toDisplay: (v) => v, toStored: (v) => v, precision: 2 };
}

interface Values {
  levels: { target: number | null; sd: number | null }[];
}

/** A domain rule on the stored value of what the field shows. */
function storedRule(schema: typeof qcTargetSchema, scale: Scale): Rule {
  return {
    validator: async (_rule, value: number | null | undefined) => {
      const stored = value === null || value === undefined ? value : scale.toStored(value);
      const result = schema.safeParse(stored ?? null);
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(msgOrText(issue?.message ?? 'validation.required', issueParams(issue)));
    },
  };
}

function TargetForm({
  setting,
  canEdit,
  onSaved,
}: {
  setting: TargetSetting;
  canEdit: boolean;
  onSaved: (saved: TargetSetting) => void;
}) {
  const { t } = useTranslation();
  const glucoseUnit = useGlucoseUnit();
  const scale = useMemo(() => scaleOf(setting.stripType, glucoseUnit), [setting.stripType, glucoseUnit]);
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue({
      levels: QC_LEVELS.map((level) => {
        const entry = setting.levels.find((item) => item.level === level);
        return { target: scale.toDisplay(entry?.target ?? 0), sd: scale.toDisplay(entry?.sd ?? 0) };
      }),
    });
    form.setFields(
      QC_LEVELS.flatMap((level) => [
        { name: ['levels', level, 'target'], errors: [] },
        { name: ['levels', level, 'sd'], errors: [] },
      ]),
    );
  }, [form, setting, scale]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await saveTargetSetting({
        stripType: setting.stripType,
        levels: QC_LEVELS.map((level) => ({
          level,
          target: scale.toStored(values.levels[level]?.target ?? 0),
          sd: scale.toStored(values.levels[level]?.sd ?? 0),
        })),
      });
      toastSuccess(t('targetSettings.saved'));
      onSaved(saved);
    } catch (error) {
      // §8 "Failed to save the target values", with the field problems under their fields as well
      if (isApiError(error) && error.errors.length) {
        const formFields = form.getFieldsError().map((field) => field.name as (string | number)[]);
        form.setFields(
          mapFieldErrors(error.errors, formFields).fields as Parameters<typeof form.setFields>[0],
        );
      }
      const text = errorText(error);
      const title = msg('target.saveFailed');
      toastError(text.startsWith(title) ? text : `${title}: ${text}`);
    } finally {
      setSaving(false);
    }
  };

  const suffix = scale.unit ? ` (${scale.unit})` : '';
  return (
    <Form<Values> form={form} layout="vertical" onFinish={(values) => void save(values)} disabled={!canEdit}>
      <div className="gc-target-grid" data-testid="target-grid">
        <span className="gc-target-head">{t('targetSettings.level')}</span>
        <span className="gc-target-head">{t('targetSettings.target') + suffix}</span>
        <span className="gc-target-head">{t('targetSettings.sd') + suffix}</span>
        {QC_LEVELS.map((level) => (
          <div key={level} style={{ display: 'contents' }}>
            <span className="gc-target-level">{t('targetSettings.levelName', { level })}</span>
            <Form.Item
              name={['levels', level, 'target']}
              rules={[storedRule(qcTargetSchema, scale)]}
              required
              aria-label={`${t('targetSettings.levelName', { level })} ${t('targetSettings.target')}`}
            >
              <InputNumber
                min={0}
                precision={scale.precision}
                style={{ width: '100%' }}
                inputMode="decimal"
                data-testid={`target-${level}`}
              />
            </Form.Item>
            <Form.Item name={['levels', level, 'sd']} rules={[storedRule(qcSdSchema, scale)]} required>
              <InputNumber
                min={0}
                precision={scale.precision}
                style={{ width: '100%' }}
                inputMode="decimal"
                data-testid={`sd-${level}`}
              />
            </Form.Item>
          </div>
        ))}
      </div>
      <Typography.Paragraph type="secondary" className="gc-form-note">
        {t('targetSettings.zeroHint')}
      </Typography.Paragraph>
      <Space wrap>
        {canEdit ? (
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={saving}
            data-testid="target-save"
          >
            {t('common.save')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" data-testid="target-updated">
          {setting.updatedAt
            ? t('targetSettings.lastSaved', { at: formatDateTime(setting.updatedAt) })
            : t('targetSettings.neverSaved')}
        </Typography.Text>
      </Space>
    </Form>
  );
}

/** `/settings/target`: QC target values and SD of control levels 0-2 per strip type (§3, §5 QC). */
export default function TargetSettingsPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const canEdit = usePermission(TARGET_EDIT);
  const [stripType, setStripType] = useState<string | null>(null);
  const strips = useQuery({
    queryKey: ['settings', 'stripTypes', lang],
    queryFn: ({ signal }) => fetchStripTypes(signal),
    meta: { silent: true },
  });
  useEffect(() => {
    const list = strips.data;
    if (!list) return;
    setStripType((current) =>
      current && list.some((strip) => strip.code === current) ? current : (list[0]?.code ?? null),
    );
  }, [strips.data]);
  const setting = useQuery({
    queryKey: ['settings', 'targetSetting', stripType],
    queryFn: ({ signal }) => fetchTargetSetting(stripType as string, signal),
    enabled: !!stripType,
    meta: { silent: true },
    staleTime: 0,
  });

  return (
    <PageWrapper
      title={t('targetSettings.title')}
      description={t('targetSettings.intro')}
      testId="target-settings-page"
    >
      {strips.isError ? (
        <LoadError
          title={t('targetSettings.stripsFailed')}
          message={errorText(strips.error)}
          onRetry={() => void strips.refetch()}
        />
      ) : null}
      {setting.isError ? (
        <LoadError
          title={t('targetSettings.loadFailed')}
          message={errorText(setting.error)}
          onRetry={() => void setting.refetch()}
        />
      ) : null}
      <Card size="small" className="gc-panel-card">
        <Form layout="vertical">
          <Form.Item label={t('targetSettings.stripType')} style={{ maxWidth: 320 }}>
            <Select
              value={stripType ?? undefined}
              loading={strips.isLoading}
              onChange={setStripType}
              placeholder={t('common.choose')}
              data-testid="strip-type-select"
              options={(strips.data ?? []).map((strip) => ({ value: strip.code, label: strip.name }))}
            />
          </Form.Item>
        </Form>
        {strips.isLoading || (setting.isLoading && !!stripType) ? (
          <Spin className="gc-center-text" />
        ) : strips.data && strips.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('targetSettings.noStripTypes')} />
        ) : setting.data ? (
          <TargetForm
            key={setting.data.stripType}
            setting={setting.data}
            canEdit={canEdit}
            onSaved={() => void setting.refetch()}
          />
        ) : null}
      </Card>
    </PageWrapper>
  );
}
