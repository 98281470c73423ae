import { periodAt } from '@glucocare/domain/clinical';
import {
  INSULIN_LIMITS,
  type InsulinContext,
  insulinCorrectionSchemaFor,
  insulinEntrySchemaFor,
} from '@glucocare/domain/insulin';
import { localizedIssues } from '@glucocare/domain/validation';
import { Col, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  correctInsulinRecord,
  createInsulinRecord,
  fetchInsulinRecord,
  type InsulinEntryOptions,
  type InsulinInput,
  type InsulinRecord,
} from '../../api/insulin';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { fromPicker, hospitalNow, toPicker } from '../../components/format';
import { currentLang } from '../../i18n';
import { MedicationOrderField } from './MedicationOrderField';

interface FormValues {
  drugId?: number;
  dose?: number | null;
  basalDose?: number | null;
  bolusDose?: number | null;
  correctionDose?: number | null;
  period?: string;
  givenAt?: Dayjs | null;
  doctorId?: number;
  nurseId?: number | null;
  note?: string;
  reason?: string;
  medicationOrderId?: number | null;
}

/** A preset of a new record (a grid cell: its day and period). */
export interface InsulinPreset {
  period?: string;
  givenAt?: Date;
}

const blankNumber = (value: number | null | undefined) =>
  value === undefined || value === null ? null : value;

function valuesOf(record: InsulinRecord, timeZone: string): FormValues {
  return {
    drugId: record.drugId,
    dose: record.dose,
    basalDose: record.basalDose,
    bolusDose: record.bolusDose,
    correctionDose: record.correctionDose,
    period: record.periodCode,
    givenAt: toPicker(record.givenAt, timeZone),
    doctorId: record.doctorId,
    nurseId: record.nurseId,
    note: record.note ?? '',
    reason: '',
    medicationOrderId: record.medicationOrderId,
  };
}

/** The API body of the form's values (blank parts are null). */
function inputOf(values: FormValues, timeZone: string): Partial<InsulinInput> {
  return {
    drugId: values.drugId,
    dose: values.dose ?? undefined,
    basalDose: blankNumber(values.basalDose),
    bolusDose: blankNumber(values.bolusDose),
    correctionDose: blankNumber(values.correctionDose),
    period: values.period,
    givenAt: values.givenAt ? fromPicker(values.givenAt, timeZone) : undefined,
    doctorId: values.doctorId,
    nurseId: values.nurseId ?? null,
    note: values.note?.trim() ? values.note.trim() : null,
    medicationOrderId: values.medicationOrderId ?? null,
  };
}

/**
 * The dialog of a new insulin record or of a correction (an unconfirmed record, with a reason): drug of
 * an insulin class, total dose and its optional basal / bolus / correction parts, period, time,
 * ordering doctor, executing nurse, note. Checked with the domain's rules as the server checks them.
 */
export function InsulinForm({
  patientId,
  options,
  record,
  preset,
  onClose,
  onSaved,
}: {
  patientId: number;
  options: InsulinEntryOptions;
  record: InsulinRecord | null;
  preset?: InsulinPreset;
  onClose: () => void;
  onSaved: (saved: InsulinRecord) => void;
}) {
  const { t } = useTranslation();
  const tz = options.timeZone;
  const edit = useEditForm(
    record,
    (base) => fetchInsulinRecord(base.id),
    (r) => valuesOf(r, tz),
  );
  const { form } = edit;
  const context: InsulinContext = {
    now: () => new Date(),
    admittedAt: options.admittedAt,
    dischargedAt: options.dischargedAt,
    periods: record
      ? [...options.periods.map((p) => p.code), record.periodCode]
      : options.periods.map((p) => p.code),
  };
  const issues = () => {
    const values = form.getFieldsValue(true) as FormValues;
    const body = inputOf(values, tz);
    return record
      ? localizedIssues(
          insulinCorrectionSchemaFor(context),
          { ...body, id: record.id, version: record.version, reason: values.reason ?? '' },
          currentLang(),
        )
      : localizedIssues(insulinEntrySchemaFor(context), { ...body, patientId }, currentLang());
  };
  const rule = (field: string): Rule => ({
    validator: async () => {
      const mine = issues().find((issue) => issue.field === field);
      if (mine) throw new Error(mine.message);
    },
  });
  const doseInput = (testId: string) => (
    <InputNumber
      min={0}
      max={INSULIN_LIMITS.dose.max}
      step={1}
      precision={undefined}
      addonAfter="IU"
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
  const doseDeps = ['dose', 'basalDose', 'bolusDose', 'correctionDose'];
  return (
    <DialogForm<InsulinRecord, FormValues, InsulinRecord>
      edit={edit}
      testId="insulin-form"
      title={record ? t('insulin.form.editTitle') : t('insulin.form.createTitle')}
      width={640}
      dateFormatter={false}
      initialValues={
        record
          ? valuesOf(record, tz)
          : {
              // a cell's period, else the period whose window holds the time proposed
              period:
                preset?.period ?? periodAt(preset?.givenAt ?? new Date(), options.periods, tz) ?? undefined,
              givenAt: preset?.givenAt ? toPicker(preset.givenAt, tz) : hospitalNow(tz).second(0),
              doctorId: options.doctors.length === 1 ? options.doctors[0]!.id : undefined,
            }
      }
      onClose={onClose}
      save={(values, base) => {
        const input = inputOf(values, tz) as InsulinInput;
        return base
          ? correctInsulinRecord({
              ...input,
              id: base.id,
              version: base.version,
              reason: values.reason?.trim() ?? '',
            })
          : createInsulinRecord({ ...input, patientId });
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item name="drugId" label={t('insulin.field.drug')} required rules={[rule('drugId')]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('common.choose')}
            data-testid="insulin-drug"
            options={[
              ...options.drugs.map((d) => ({
                value: d.id,
                label: d.specification ? `${d.name} (${d.specification})` : d.name,
              })),
              // a correction keeps a drug since stopped
              ...(record && !options.drugs.some((d) => d.id === record.drugId)
                ? [{ value: record.drugId, label: record.drugName }]
                : []),
            ]}
          />
        </Form.Item>
      </Col>
      <MedicationOrderField patientId={patientId} options={options} record={record} />
      <Col xs={24} sm={12}>
        <Form.Item
          name="dose"
          label={t('insulin.field.dose')}
          required
          rules={[rule('dose')]}
          dependencies={doseDeps.filter((d) => d !== 'dose')}
          extra={t('insulin.form.doseHint')}
        >
          {doseInput('insulin-dose')}
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="basalDose" label={t('insulin.field.basal')} rules={[rule('basalDose')]}>
          {doseInput('insulin-basal')}
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="bolusDose" label={t('insulin.field.bolus')} rules={[rule('bolusDose')]}>
          {doseInput('insulin-bolus')}
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item
          name="correctionDose"
          label={t('insulin.field.correction')}
          rules={[rule('correctionDose')]}
        >
          {doseInput('insulin-correction')}
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="period" label={t('insulin.field.period')} required rules={[rule('period')]}>
          <Select
            placeholder={t('common.choose')}
            data-testid="insulin-period"
            options={[
              ...options.periods.map((p) => ({
                value: p.code,
                label: `${p.name} (${p.startTime}-${p.endTime})`,
              })),
              ...(record && !options.periods.some((p) => p.code === record.periodCode)
                ? [{ value: record.periodCode, label: record.periodName }]
                : []),
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="givenAt" label={t('insulin.field.givenAt')} required rules={[rule('givenAt')]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="insulin-time"
            onChange={(value) => {
              // a new record's period follows the time chosen (until the user picks one)
              if (!record && value && !form.isFieldTouched('period')) {
                form.setFieldValue(
                  'period',
                  periodAt(value.format('YYYY-MM-DD HH:mm'), options.periods) ?? undefined,
                );
              }
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="doctorId" label={t('insulin.field.doctor')} required rules={[rule('doctorId')]}>
          <Select
            placeholder={t('common.choose')}
            data-testid="insulin-doctor"
            options={[
              ...options.doctors.map((d) => ({ value: d.id, label: d.name })),
              ...(record && !options.doctors.some((d) => d.id === record.doctorId)
                ? [{ value: record.doctorId, label: record.doctorName }]
                : []),
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="nurseId"
          label={t('insulin.field.nurse')}
          extra={record ? undefined : t('insulin.form.nurseHint')}
        >
          <Select
            allowClear
            placeholder={t('insulin.form.nurseSelf')}
            data-testid="insulin-nurse"
            options={[
              ...options.nurses.map((n) => ({ value: n.id, label: n.name })),
              ...(record && !options.nurses.some((n) => n.id === record.nurseId)
                ? [{ value: record.nurseId, label: record.nurseName }]
                : []),
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="note" label={t('insulin.field.note')} rules={[rule('note')]}>
          <Input.TextArea rows={2} maxLength={INSULIN_LIMITS.note.max} showCount />
        </Form.Item>
      </Col>
      {record ? (
        <Col xs={24}>
          <Form.Item name="reason" label={t('insulin.field.reason')} required rules={[rule('reason')]}>
            <Input.TextArea
              rows={2}
              maxLength={INSULIN_LIMITS.reason.max}
              showCount
              data-testid="insulin-reason"
            />
          </Form.Item>
        </Col>
      ) : null}
    </DialogForm>
  );
}
