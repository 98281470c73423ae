import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { MEASUREMENT_LIMITS, resultIssue, UNTESTED_REASONS } from '@glucocare/domain/measurements';
import { GLUCOSE_OTHER_REASON } from '@glucocare/domain/rules';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  type ButtonProps,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/http';
import { changeReadingStatus, correctReading, fetchEntryOptions, fetchReading } from '../../api/measurements';
import type { ReviewRecord } from '../../api/review';
import { toastSuccess } from '../../app/notify';
import { ConflictAlert } from '../../components/ConflictAlert';
import { formatDateTime, hospitalNow } from '../../components/format';
import { msg } from '../../i18n';
import { type CorrectionValues, correctionOf, correctionValuesOf } from './correction';
import { ReadingValue } from './ReadingParts';

const REASON = MEASUREMENT_LIMITS.reason;

/** The correction or deletion reason: required, 2-200 characters (the server's words). */
function reasonRules(): Rule[] {
  return [
    { required: true, whitespace: true, message: msg('measurements.reason.required') },
    {
      validator: async (_rule, value: unknown) => {
        const length = [...(typeof value === 'string' ? value.trim() : '')].length;
        if (length && (length < REASON.min || length > REASON.max)) {
          throw new Error(msg('measurements.reason.length', { min: REASON.min, max: REASON.max }));
        }
      },
    },
  ];
}

/** The latest version of a reading (after a 409), with the patient fields of the list row. */
async function latestReading(reading: ReviewRecord): Promise<ReviewRecord | null> {
  try {
    return { ...reading, ...(await fetchReading(reading.id)) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Who, when and what: the reading a dialog is about. */
function ReadingSummary({ reading, unit }: { reading: ReviewRecord; unit: DisplayUnit }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
      className="gc-review-summary"
      items={[
        {
          key: 'patient',
          label: t('review.fields.patient'),
          children: [reading.patientName, reading.bed ? t('review.bedShort', { bed: reading.bed }) : null]
            .filter(Boolean)
            .join(' · '),
        },
        { key: 'time', label: t('review.fields.testTime'), children: formatDateTime(reading.testTime) },
        {
          key: 'value',
          label: `${t('review.fields.value')} (${unit.name})`,
          children: <ReadingValue reading={reading} unit={unit} />,
        },
        {
          key: 'status',
          label: t('review.fields.status'),
          children: reading.approvedBy
            ? t('review.approvedByAt', { name: reading.approvedBy, at: formatDateTime(reading.approvedAt) })
            : t(`review.status.${reading.status}`),
        },
      ]}
    />
  );
}

/**
 * Corrects a reading in data management (`PUT /v1/testRecord/data`): the value in the display unit
 * or the reason it was not tested, period, time, note; the reason for the change is required. A
 * stale version (someone changed it first) shows the conflict with a button to load the latest.
 */
export function CorrectionModal({
  reading,
  unit,
  onClose,
  onSaved,
}: {
  reading: ReviewRecord | null;
  unit: DisplayUnit;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CorrectionValues>();
  const [current, setCurrent] = useState<ReviewRecord | null>(reading);
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const mode = Form.useWatch('mode', form);
  const cause = Form.useWatch('cause', form);
  const rejectReason = Form.useWatch('rejectReason', form);
  /** the text of "Other", whichever list (untested or rejection reasons) it was chosen from */
  const otherReasonText = (
    <Form.Item
      name="causeText"
      label={t('review.fields.causeText')}
      rules={[{ required: true, whitespace: true, message: msg('glucose.reasonText.required') }]}
    >
      <Input maxLength={MEASUREMENT_LIMITS.causeText.max} />
    </Form.Item>
  );

  useEffect(() => {
    setCurrent(reading);
    setConflict(null);
    setFailure(null);
    if (reading) form.setFieldsValue(correctionValuesOf(reading, unit));
  }, [reading, unit, form]);

  const options = useQuery({
    queryKey: ['measurements', 'entryOptions', reading?.patientId, reading?.item],
    queryFn: ({ signal }) => fetchEntryOptions(reading?.patientId ?? 0, reading?.item ?? 'GLU', signal),
    enabled: !!reading,
    staleTime: 60_000,
    meta: { silent: true },
  });

  const reloadLatest = async () => {
    if (!current) return;
    setReloading(true);
    try {
      const latest = await latestReading(current);
      if (!latest) {
        setConflict(t('form.recordGone'));
        return;
      }
      setCurrent(latest);
      setConflict(null);
      const reason = form.getFieldValue('reason');
      form.setFieldsValue({ ...correctionValuesOf(latest, unit), reason });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setReloading(false);
    }
  };

  const submit = async () => {
    if (!current) return;
    const values = await form.validateFields();
    const { correction, changed } = correctionOf(current, values, unit);
    if (!changed) {
      setFailure(t('review.correct.nothingChanged'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await correctReading(correction, true);
      toastSuccess(t('review.correct.saved'));
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(error.message);
      else if (isApiError(error) && error.errors.length) {
        form.setFields(
          error.errors
            .filter((issue) => issue.field in values || issue.field === 'cause' || issue.field === 'unit')
            .map((issue) => ({
              name: (issue.field === 'unit' ? 'result' : issue.field) as keyof CorrectionValues,
              errors: [issue.message],
            })),
        );
        setFailure(error.message);
      } else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const resultRules: Rule[] = [
    { required: true, message: msg('glucose.result.required') },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'number' || !current) return;
        const issue = resultIssue(current.item, value, unit.code);
        if (issue)
          throw new Error(
            msg(issue.message, issue.range ? { min: issue.range.min, max: issue.range.max } : {}),
          );
      },
    },
  ];

  return (
    <Modal
      open={!!reading}
      title={t('review.correct.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'form-submit' } as ButtonProps}
      forceRender
    >
      {current ? <ReadingSummary reading={current} unit={unit} /> : null}
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      {failure ? (
        <Alert type="error" showIcon className="gc-form-alert" message={failure} data-testid="form-error" />
      ) : null}
      {options.isError ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={t('review.correct.optionsFailed')}
        />
      ) : null}
      <Form form={form} layout="vertical" name="readingCorrection" requiredMark>
        <Form.Item name="mode" label={t('review.correct.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'result', label: t('review.correct.modeResult') },
              { value: 'untested', label: t('review.correct.modeUntested') },
              { value: 'rejected', label: t('measurements.field.rejected') },
            ]}
          />
        </Form.Item>
        {mode === 'rejected' ? (
          <>
            <Form.Item
              name="rejectReason"
              label={t('review.fields.rejectReason')}
              rules={[{ required: true, message: msg('glucose.result.required') }]}
            >
              <Select
                data-testid="correct-reject"
                loading={options.isLoading}
                options={(options.data?.rejectReasons ?? []).map((r) => ({ value: r.code, label: r.name }))}
              />
            </Form.Item>
            {rejectReason === GLUCOSE_OTHER_REASON ? otherReasonText : null}
          </>
        ) : mode === 'untested' ? (
          <>
            <Form.Item
              name="cause"
              label={t('review.fields.untestedReason')}
              rules={[{ required: true, message: msg('glucose.result.required') }]}
            >
              <Select
                data-testid="correct-cause"
                loading={options.isLoading}
                options={(options.data?.untestedReasons ?? []).map((r) => ({ value: r.code, label: r.name }))}
              />
            </Form.Item>
            {cause === UNTESTED_REASONS.refused && options.data?.refusalReasons.length ? (
              <Form.Item name="refusalReason" label={t('review.fields.refusalReason')}>
                <Select
                  allowClear
                  options={options.data.refusalReasons.map((r) => ({ value: r.code, label: r.name }))}
                />
              </Form.Item>
            ) : null}
            {cause === GLUCOSE_OTHER_REASON ? otherReasonText : null}
          </>
        ) : (
          <Form.Item name="result" label={`${t('review.fields.value')} (${unit.name})`} rules={resultRules}>
            <InputNumber
              style={{ width: '100%' }}
              min={0}
              step={unit.precision ? 10 ** -unit.precision : 1}
              inputMode="decimal"
              data-testid="correct-result"
            />
          </Form.Item>
        )}
        <Form.Item
          name="period"
          label={t('review.fields.period')}
          rules={current?.item === 'GLU' ? [{ required: true, message: msg('glucose.period.required') }] : []}
        >
          <Select
            allowClear={current?.item !== 'GLU'}
            loading={options.isLoading}
            options={(options.data?.periods ?? []).map((p) => ({ value: p.code, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="testTime"
          label={t('review.fields.testTime')}
          rules={[
            { required: true, message: msg('glucose.testTime.required') },
            {
              validator: async (_rule, value: unknown) => {
                if (dayjs.isDayjs(value) && value.isAfter(hospitalNow()))
                  throw new Error(msg('glucose.testTime.future'));
              },
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('review.fields.note')}>
          <Input maxLength={MEASUREMENT_LIMITS.note.max} />
        </Form.Item>
        <Form.Item name="reason" label={t('review.correct.reason')} rules={reasonRules()}>
          <Input.TextArea
            rows={2}
            maxLength={REASON.max}
            showCount
            placeholder={t('review.correct.reasonPlaceholder')}
            data-testid="correct-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Deletes a reading in data management (soft, with a reason; `PUT /v1/testRecord/data/changeStatus`). */
export function DeleteModal({
  reading,
  unit,
  onClose,
  onDeleted,
}: {
  reading: ReviewRecord | null;
  unit: DisplayUnit;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [problem, setProblem] = useState<{ conflict: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // a new reading: a fresh form and no earlier problem
    if (reading) {
      setProblem(null);
      form.resetFields();
    }
  }, [reading, form]);

  const submit = async () => {
    if (!reading) return;
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await changeReadingStatus(
        { recordId: reading.id, isActive: false, version: reading.version, reason: reason.trim() },
        true,
      );
      toastSuccess(t('review.delete.done'));
      onDeleted();
    } catch (error) {
      setProblem({ conflict: isApiError(error) && error.status === 409, text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!reading}
      title={t('review.delete.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.delete')}
      okButtonProps={{ danger: true, 'data-testid': 'delete-submit' } as ButtonProps}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      forceRender
    >
      {reading ? <ReadingSummary reading={reading} unit={unit} /> : null}
      <Alert type="warning" showIcon className="gc-form-alert" message={t('review.delete.warning')} />
      {problem?.conflict ? (
        <ConflictAlert
          message={problem.text}
          onReload={() => {
            onClose();
            onDeleted();
          }}
        />
      ) : problem ? (
        <Alert type="error" showIcon className="gc-form-alert" message={problem.text} />
      ) : null}
      <Form form={form} layout="vertical" name="readingDelete">
        <Form.Item name="reason" label={t('review.delete.reason')} rules={reasonRules()}>
          <Input.TextArea rows={2} maxLength={REASON.max} showCount data-testid="delete-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
