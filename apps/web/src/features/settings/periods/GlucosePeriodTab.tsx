import { glucosePeriodFieldSchemas as fields } from '@glucocare/domain/hospital-settings';
import { Col, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createGlucosePeriod,
  fetchGlucosePeriods,
  type GlucosePeriod,
  setGlucosePeriodStatus,
  updateGlucosePeriod,
} from '../../../api/periods';
import { DialogForm, useEditForm } from '../../../components/dialog-form/DialogForm';
import {
  glucoseBoundRules,
  PeriodFormFields,
  PeriodTab,
  type PeriodValues,
  periodInputOf,
  periodValuesOf,
  rangeText,
  toDisplay,
  toStorage,
  unitLabel,
  useGlucoseUnit,
  usePeriodPreview,
} from './period-ui';

export const glucosePeriodKeys = ['settings', 'gluPeriods'] as const;

interface Values extends PeriodValues {
  /** in the tenant's unit */
  minValue?: number | null;
  maxValue?: number | null;
}

function GlucosePeriodForm({
  record,
  periods,
  onClose,
  onSaved,
}: {
  record: GlucosePeriod | null;
  periods: GlucosePeriod[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const unit = useGlucoseUnit();
  const valuesOf = (period: GlucosePeriod): Values => ({
    ...periodValuesOf(period),
    minValue: toDisplay(period.minValue, unit),
    maxValue: toDisplay(period.maxValue, unit),
  });
  const edit = useEditForm(
    record,
    async (current) => (await fetchGlucosePeriods()).find((period) => period.id === current.id) ?? null,
    valuesOf,
  );
  const preview = usePeriodPreview(edit.form, periods, edit.base?.id);
  const precision = unit === 'mgDl' ? 0 : 1;
  return (
    <DialogForm<GlucosePeriod, Values>
      edit={edit}
      title={record ? t('periodSettings.glucose.editTitle') : t('periodSettings.glucose.createTitle')}
      width={680}
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          ...periodInputOf(values),
          minValue: toStorage(values.minValue, unit),
          maxValue: toStorage(values.maxValue, unit),
        };
        return base
          ? updateGlucosePeriod({ ...input, id: base.id, version: base.version })
          : createGlucosePeriod(input);
      }}
      onSaved={onSaved}
    >
      <PeriodFormFields
        fields={fields}
        codeExtra={record ? t('periodSettings.codeHint') : undefined}
        windowSm={6}
        preview={preview}
      >
        <Col xs={12} sm={6}>
          <Form.Item
            name="minValue"
            label={t('periodSettings.glucose.minValue', { unit: unitLabel(unit) })}
            rules={glucoseBoundRules(unit, 'minValue', 'maxValue')}
            dependencies={['maxValue']}
          >
            <InputNumber precision={precision} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="maxValue"
            label={t('periodSettings.glucose.maxValue', { unit: unitLabel(unit) })}
            rules={glucoseBoundRules(unit, 'maxValue', 'minValue')}
            dependencies={['minValue']}
          >
            <InputNumber precision={precision} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Text type="secondary" className="gc-block">
            {t('periodSettings.glucose.rangeHint')}
          </Typography.Text>
        </Col>
      </PeriodFormFields>
    </DialogForm>
  );
}

/** Tab "Glucose periods": the meal periods, their windows over the day and normal ranges. */
export function GlucosePeriodTab() {
  const { t } = useTranslation();
  const unit = useGlucoseUnit();
  const range = (row: GlucosePeriod) =>
    rangeText(row.minValue, row.maxValue, unit) ?? (
      <span className="gc-secondary">{t('periodSettings.glucose.noRange')}</span>
    );

  return (
    <PeriodTab<GlucosePeriod>
      kind="glucose"
      queryKey={glucosePeriodKeys}
      fetch={fetchGlucosePeriods}
      changeStatus={(row, isActive) => setGlucosePeriodStatus({ id: row.id, isActive, version: row.version })}
      columns={{
        detail: (row) => (
          <>
            {row.startTime}-{row.endTime} · {range(row)}
          </>
        ),
        extra: [
          {
            title: t('periodSettings.glucose.normalRange'),
            key: 'range',
            width: 170,
            render: (_, row) => <span className="gc-nowrap">{range(row)}</span>,
          },
        ],
        widths: { mobileStatus: 110, actions: 90 },
      }}
      note={t('periodSettings.glucose.note', { unit: unitLabel(unit) })}
      form={(record, periods, done) => <GlucosePeriodForm record={record} periods={periods} {...done} />}
    />
  );
}
