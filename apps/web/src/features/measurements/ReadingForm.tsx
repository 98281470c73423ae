import { type MeasurementItem, periodAt } from '@glucocare/domain/clinical';
import { sanitizeNumericInput } from '@glucocare/domain/helpers';
import {
  type EntryContext,
  measurementChangeReasonSchema,
  measurementCorrectionSchemaFor,
  measurementEntrySchemaFor,
  outsideWindowOf,
  UNTESTED_REASONS,
  windowParams,
} from '@glucocare/domain/measurements';
import { reasonNotTestedName } from '@glucocare/domain/review';
import { localizedIssues } from '@glucocare/domain/validation';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, showError } from '../../api/http';
import {
  correctReading,
  createReading,
  type EntryOptions,
  fetchReading,
  type Reading,
  type ReadingInput,
} from '../../api/measurements';
import { toastSuccess } from '../../app/notify';
import { useSession } from '../../app/session';
import { ConflictAlert } from '../../components/ConflictAlert';
import { applyApiError } from '../../components/form-errors';
import { dateInZone, dateTimeInZone, fromPicker, toPicker } from '../../components/format';
import { currentLang, msg } from '../../i18n';
import { periodNow, valueText } from './reading-format';

export interface ReadingPreset {
  period?: string | null;
  testTime?: Date | null;
}

interface FormValues {
  period?: string | null;
  testTime?: Dayjs | null;
  /** a result; tested without a number (untested reason); or not carried out (rejection reason) */
  mode: 'result' | 'untested' | 'rejected';
  result?: string | null;
  unit: string;
  cause?: string | null;
  refusalReason?: string | null;
  rejectReason?: string | null;
  causeText?: string | null;
  remark?: string | null;
  testerId?: number | null;
  reason?: string | null;
  /** why a test time outside its period's window is right */
  windowReason?: string | null;
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** What the form holds, as the API takes it (times as instants of the hospital's wall clock). */
export function inputOf(values: Partial<FormValues>, timeZone: string): ReadingInput {
  const untested = values.mode === 'untested';
  const rejected = values.mode === 'rejected';
  const result = blankToNull(values.result);
  return {
    period: values.period || null,
    testTime: values.testTime ? fromPicker(values.testTime, timeZone) : undefined,
    result: untested || rejected || result === null ? null : Number(result),
    unit: untested || rejected ? null : values.unit,
    cause: untested ? values.cause || null : null,
    rejectReason: rejected ? values.rejectReason || null : null,
    causeText: untested || rejected ? blankToNull(values.causeText) : null,
    refusalReason:
      untested && values.cause === UNTESTED_REASONS.refused ? values.refusalReason || null : null,
    remark: blankToNull(values.remark),
    testerId: values.testerId ?? null,
    windowReason: blankToNull(values.windowReason),
  };
}

/**
 * The period window a form's time and period lie outside of (domain `outsideWindowOf`, the rule the
 * server marks with), or null.
 */
export function formWindow(values: Partial<FormValues>, options: EntryOptions) {
  if (!values.testTime || !values.period) return null;
  return outsideWindowOf(
    fromPicker(values.testTime, options.timeZone),
    values.period,
    options.periods,
    options.timeZone,
    options.windowSlackMinutes,
  );
}

/**
 * Whether the form must give a window reason: a new reading outside its window; a correction that
 * moves the time or period outside it, or keeps a reading outside it that had a reason.
 */
export function needsWindowReason(
  values: Partial<FormValues>,
  options: EntryOptions,
  reading: Reading | null,
): boolean {
  if (!formWindow(values, options)) return false;
  if (!reading) return true;
  const time = values.testTime ? Date.parse(fromPicker(values.testTime, options.timeZone)) : null;
  const moved =
    (values.period ?? null) !== reading.periodCode ||
    (time !== null && Math.floor(time / 60_000) !== Math.floor(Date.parse(reading.testTime) / 60_000));
  return moved || !!reading.windowReason;
}

/** The form's values for a stored reading (edit). */
function valuesOf(reading: Reading, options: EntryOptions): FormValues {
  const untested = reading.testValue === null;
  return {
    period: reading.periodCode,
    testTime: toPicker(reading.testTime, options.timeZone),
    mode: reading.rejectReason ? 'rejected' : untested ? 'untested' : 'result',
    result: reading.enteredValue === null ? null : String(reading.enteredValue),
    unit: reading.enteredUnit ?? options.unit.code,
    cause: reading.untestedReason,
    refusalReason: reading.refusalReason,
    rejectReason: reading.rejectReason,
    causeText: reading.untestedReasonText,
    remark: reading.note,
    testerId: reading.testUserId,
    reason: null,
    windowReason: reading.windowReason,
  };
}

/**
 * The problems of the whole form by the domain rules (the server checks the same): the entry schema
 * for a new reading, the correction schema and the reason for an edit.
 */
export function formIssues(
  values: Partial<FormValues>,
  item: MeasurementItem,
  patientId: number,
  options: EntryOptions,
  reading: Reading | null,
) {
  const lang = currentLang();
  const keep = (list: string[], code: string | null | undefined) => (code ? [...list, code] : list);
  const context: EntryContext = {
    now: () => new Date(),
    admittedAt: options.admittedAt,
    dischargedAt: options.dischargedAt,
    periods: keep(
      options.periods.map((p) => p.code),
      reading?.periodCode,
    ),
    untestedReasons: keep(
      options.untestedReasons.map((r) => r.code),
      reading?.untestedReason,
    ),
    refusalReasons: keep(
      options.refusalReasons.map((r) => r.code),
      reading?.refusalReason,
    ),
    rejectReasons: keep(
      options.rejectReasons.map((r) => r.code),
      reading?.rejectReason,
    ),
  };
  const input = inputOf(values, options.timeZone);
  if (!reading) {
    return localizedIssues(measurementEntrySchemaFor(context), { category: item, patientId, ...input }, lang);
  }
  const { testerId: _testerId, ...fields } = input;
  return [
    ...localizedIssues(measurementCorrectionSchemaFor(context), { category: item, ...fields }, lang),
    ...localizedIssues(measurementChangeReasonSchema, values.reason ?? '', lang).map((issue) => ({
      ...issue,
      field: 'reason',
    })),
  ];
}

/**
 * Entry (and edit) of one reading in a modal: period (default from the time of day), time (default
 * now), a result in the display unit or a reason for not testing (a refusal reason, or a text for
 * "other"), note and tester; an edit needs a reason and keeps the version (a stale one shows the
 * conflict notice with "load the latest"). "Save and add another" keeps the dialog open for a day's entry.
 */
export function ReadingForm({
  open,
  patientId,
  item,
  options,
  reading,
  preset,
  focusResult = false,
  onClose,
  onSaved,
}: {
  open: boolean;
  patientId: number;
  item: MeasurementItem;
  options: EntryOptions;
  reading: Reading | null;
  preset?: ReadingPreset;
  /** opens with the result focused, and Enter in it saves (the wristband scan, the ward round) */
  focusResult?: boolean;
  onClose: () => void;
  onSaved: (reading: Reading) => void;
}) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [form] = Form.useForm<FormValues>();
  const [base, setBase] = useState<Reading | null>(reading);
  const [saving, setSaving] = useState<false | 'close' | 'another'>(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [added, setAdded] = useState<Reading[]>([]);
  /** the server asked for a window reason the form did not see coming (settings changed meanwhile) */
  const [serverAsks, setServerAsks] = useState(false);
  const mode = Form.useWatch('mode', form);
  const watchedPeriod = Form.useWatch('period', form);
  const watchedTime = Form.useWatch('testTime', form);
  const cause = Form.useWatch('cause', form);
  const rejectReason = Form.useWatch('rejectReason', form);
  const unitCode = Form.useWatch('unit', form);
  const editing = !!reading;
  const isGlucose = item === 'GLU';
  const unit = options.units.find((u) => u.code === unitCode) ?? options.unit;

  const issues = (values: Partial<FormValues>) => formIssues(values, item, patientId, options, base);
  const outside = formWindow({ period: watchedPeriod, testTime: watchedTime }, options);
  const askReason =
    serverAsks || needsWindowReason({ period: watchedPeriod, testTime: watchedTime }, options, base);
  /** The window reason is required when the form (or the server) says the time is outside its window. */
  const windowReasonRule: Rule = {
    validator: async () => {
      const values = form.getFieldsValue(true) as Partial<FormValues>;
      if (blankToNull(values.windowReason)) return;
      const window = formWindow(values, options);
      if (window && needsWindowReason(values, options, base)) {
        throw new Error(
          msg('measurements.windowReason.required', windowParams(window.period, window.period.name)),
        );
      }
      if (serverAsks) throw new Error(t('measurements.form.windowServer'));
    },
  };
  /** A rule that shows the domain's problems of one field, computed on the whole form. */
  const rule = (field: string): Rule => ({
    validator: async () => {
      const mine = issues(form.getFieldsValue(true) as Partial<FormValues>).filter(
        (issue) => issue.field === field,
      );
      if (mine.length) throw new Error(mine[0]!.message);
    },
  });

  const freshValues = (at?: Date | null, period?: string | null): FormValues => {
    const time = at ?? new Date();
    return {
      period: period ?? (isGlucose ? periodNow(options, time) : null),
      testTime: toPicker(time, options.timeZone),
      mode: 'result',
      result: null,
      unit: options.unit.code,
      cause: null,
      refusalReason: null,
      rejectReason: null,
      causeText: null,
      remark: null,
      testerId: options.testers.some((u) => u.id === profile?.userId) ? (profile?.userId ?? null) : null,
      reason: null,
      windowReason: null,
    };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when the dialog opens
  useEffect(() => {
    if (!open) return;
    setBase(reading);
    setConflict(null);
    setAdded([]);
    setServerAsks(false);
    form.resetFields();
    form.setFieldsValue(reading ? valuesOf(reading, options) : freshValues(preset?.testTime, preset?.period));
  }, [open, reading]);

  const reloadLatest = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await fetchReading(base.id);
      setBase(latest);
      const reason = form.getFieldValue('reason');
      form.setFieldsValue({ ...valuesOf(latest, options), reason });
      setConflict(null);
    } catch (error) {
      showError(error);
    } finally {
      setReloading(false);
    }
  };

  const submit = async (next: 'close' | 'another') => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as FormValues;
    const input = inputOf(values, options.timeZone);
    setSaving(next);
    try {
      let saved: Reading;
      if (base) {
        const { testerId, ...fields } = input;
        saved = await correctReading({
          ...fields,
          ...(testerId && testerId !== base.testUserId ? { testerId } : {}),
          id: base.id,
          version: base.version,
          reason: (values.reason ?? '').trim(),
        });
      } else {
        saved = await createReading({
          ...input,
          category: item,
          patientId,
          testTime: input.testTime as string,
        });
      }
      toastSuccess(t('common.saved'));
      onSaved(saved);
      if (next === 'another' && !base) {
        setAdded((list) => [...list, saved]);
        // the next period of the day, half an hour later, with an empty result
        const index = options.periods.findIndex((p) => p.code === values.period);
        const nextPeriod = isGlucose ? (options.periods[index + 1]?.code ?? values.period) : values.period;
        const later = values.testTime
          ? new Date(Date.parse(fromPicker(values.testTime, options.timeZone)) + 30 * 60_000)
          : new Date();
        const at = later > new Date() ? new Date() : later;
        form.setFieldsValue({
          ...freshValues(at, nextPeriod),
          testerId: values.testerId,
          unit: values.unit,
        });
      } else onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.errors.length === 0 && base) {
        setConflict(error.message);
      } else {
        // the server's word on the window (its slack may have changed): ask for the reason, then show why
        if (isApiError(error) && error.errors.some((e) => e.field === 'windowReason')) {
          flushSync(() => setServerAsks(true));
        }
        applyApiError(form, error);
      }
    } finally {
      setSaving(false);
    }
  };

  const approved = base?.status === 'approved';
  const title = editing
    ? t('measurements.form.editTitle', { item: t(`measurements.itemInText.${item}`) })
    : t('measurements.form.createTitle', { item: t(`measurements.itemInText.${item}`) });
  const disabledDate = (day: Dayjs) =>
    day.format('YYYY-MM-DD') > dateInZone(new Date(), options.timeZone) ||
    day.format('YYYY-MM-DD') < dateInZone(options.admittedAt, options.timeZone) ||
    (!!options.dischargedAt && day.format('YYYY-MM-DD') > dateInZone(options.dischargedAt, options.timeZone));

  const units = useMemo(() => options.units.map((u) => ({ value: u.code, label: u.name })), [options.units]);

  return (
    <Modal
      open={open}
      title={title}
      width={620}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      data-testid="reading-form"
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose} data-testid="form-cancel">
            {t('common.cancel')}
          </Button>
          {editing ? null : (
            <Button
              loading={saving === 'another'}
              disabled={!!saving}
              onClick={() => submit('another')}
              data-testid="reading-save-another"
            >
              {t('measurements.form.saveAndAdd')}
            </Button>
          )}
          <Button
            type="primary"
            loading={saving === 'close'}
            disabled={!!saving || approved}
            onClick={() => submit('close')}
            data-testid="form-submit"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <ConflictAlert message={conflict} onReload={reloadLatest} reloading={reloading} />
      {approved ? (
        <Alert
          type="info"
          showIcon
          className="gc-form-alert"
          message={t('measurements.detail.approvedHint')}
        />
      ) : null}
      {added.length ? (
        <Alert
          type="success"
          showIcon
          className="gc-form-alert"
          data-testid="reading-added"
          message={t('measurements.form.added', { count: added.length })}
          description={added
            .map(
              (r) =>
                `${dateTimeInZone(r.testTime, options.timeZone)} ${r.periodName ?? ''} ${valueText(r, options.unit) || reasonNotTestedName(r) || ''}`,
            )
            .join(' · ')}
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark
        onValuesChange={(changed) => {
          setConflict(null);
          if ('period' in changed || 'testTime' in changed) setServerAsks(false);
        }}
        data-testid="reading-form-body"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="period"
              label={isGlucose ? t('measurements.field.period') : t('measurements.field.periodOptional')}
              required={isGlucose}
              rules={[rule('period')]}
            >
              <Select
                allowClear={!isGlucose}
                placeholder={t('common.choose')}
                data-testid="reading-period"
                options={options.periods.map((p) => ({
                  value: p.code,
                  label: `${p.name} (${p.startTime}-${p.endTime})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="testTime"
              label={t('measurements.field.testTime')}
              required
              rules={[rule('testTime')]}
              dependencies={['period']}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabledDate={disabledDate}
                data-testid="reading-time"
                onChange={(value) => {
                  // a new reading's period follows the time chosen (until the user picks one)
                  if (!editing && isGlucose && value && !form.isFieldTouched('period')) {
                    form.setFieldValue('period', periodAt(value.format('YYYY-MM-DD HH:mm'), options.periods));
                  }
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        {outside ? (
          <Alert
            type="warning"
            showIcon
            className="gc-window-alert"
            data-testid="window-alert"
            data-mark={outside.mark}
            message={t(
              outside.mark === 'late' ? 'measurements.form.windowLate' : 'measurements.form.windowEarly',
              {
                ...windowParams(outside.period, outside.period.name),
                slack: options.windowSlackMinutes,
              },
            )}
          />
        ) : serverAsks ? (
          <Alert
            type="warning"
            showIcon
            className="gc-window-alert"
            data-testid="window-alert"
            message={t('measurements.form.windowServer')}
          />
        ) : null}
        {askReason ? (
          <Form.Item
            name="windowReason"
            label={t('measurements.field.windowReason')}
            required
            rules={[windowReasonRule, rule('windowReason')]}
            dependencies={['period', 'testTime']}
          >
            <Input maxLength={200} showCount autoComplete="off" data-testid="reading-window-reason" />
          </Form.Item>
        ) : null}
        <Form.Item name="mode" label={t('measurements.field.outcome')}>
          <Radio.Group
            optionType="button"
            data-testid="reading-mode"
            options={[
              { value: 'result', label: t('measurements.field.tested') },
              { value: 'untested', label: t('measurements.field.untested') },
              { value: 'rejected', label: t('measurements.field.rejected') },
            ]}
          />
        </Form.Item>
        {mode === 'rejected' ? (
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="rejectReason"
                label={t('measurements.field.rejectReason')}
                required
                rules={[rule('rejectReason'), rule('result')]}
                dependencies={['mode']}
              >
                <Select
                  placeholder={t('common.choose')}
                  data-testid="reading-reject"
                  options={options.rejectReasons.map((r) => ({ value: r.code, label: r.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="causeText"
                label={t('measurements.field.causeText')}
                required={rejectReason === UNTESTED_REASONS.other}
                rules={[rule('causeText')]}
                dependencies={['rejectReason']}
              >
                <Input maxLength={200} showCount data-testid="reading-reject-text" />
              </Form.Item>
            </Col>
          </Row>
        ) : mode !== 'untested' ? (
          <Row gutter={12}>
            <Col xs={14} sm={12}>
              <Form.Item
                name="result"
                label={t('measurements.field.result')}
                required
                rules={[rule('result')]}
                dependencies={['unit', 'mode']}
                normalize={(value: string) => sanitizeNumericInput(value ?? '', { decimals: 2 })}
                extra={
                  unit.min !== null && unit.max !== null
                    ? t('measurements.form.rangeHint', { min: unit.min, max: unit.max, unit: unit.name })
                    : undefined
                }
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  autoFocus={focusResult}
                  onPressEnter={focusResult ? () => void submit('close') : undefined}
                  data-testid="reading-result"
                  suffix={unit.name}
                />
              </Form.Item>
            </Col>
            <Col xs={10} sm={12}>
              <Form.Item name="unit" label={t('measurements.field.unit')} rules={[rule('unit')]}>
                <Select options={units} disabled={units.length < 2} data-testid="reading-unit" />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="cause"
                label={t('measurements.field.cause')}
                required
                rules={[rule('cause'), rule('result')]}
                dependencies={['mode']}
              >
                <Select
                  placeholder={t('common.choose')}
                  data-testid="reading-cause"
                  options={options.untestedReasons.map((r) => ({ value: r.code, label: r.name }))}
                />
              </Form.Item>
            </Col>
            {cause === UNTESTED_REASONS.refused ? (
              <Col xs={24} sm={12}>
                <Form.Item
                  name="refusalReason"
                  label={t('measurements.field.refusalReason')}
                  rules={[rule('refusalReason')]}
                  dependencies={['cause']}
                >
                  <Select
                    allowClear
                    placeholder={t('common.choose')}
                    data-testid="reading-refusal"
                    options={options.refusalReasons.map((r) => ({ value: r.code, label: r.name }))}
                  />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24}>
              <Form.Item
                name="causeText"
                label={t('measurements.field.causeText')}
                required={cause === UNTESTED_REASONS.other}
                rules={[rule('causeText')]}
                dependencies={['cause']}
              >
                <Input maxLength={200} showCount data-testid="reading-cause-text" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="testerId" label={t('measurements.field.tester')}>
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="reading-tester"
                disabled={editing && !options.testers.length}
                options={options.testers.map((u) => ({
                  value: u.id,
                  label: `${u.nickName} (${u.userName})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="remark" label={t('measurements.field.note')} rules={[rule('remark')]}>
              <Input maxLength={200} data-testid="reading-note" />
            </Form.Item>
          </Col>
        </Row>
        {editing ? (
          <Form.Item
            name="reason"
            label={t('measurements.field.changeReason')}
            required
            rules={[rule('reason')]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount data-testid="reading-reason" />
          </Form.Item>
        ) : null}
        {editing && base ? (
          <Typography.Text type="secondary" className="gc-reading-meta">
            {t('measurements.form.version', { version: base.version })}
          </Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
