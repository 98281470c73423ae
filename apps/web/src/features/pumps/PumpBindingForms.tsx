import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  basalDailyTotal,
  PUMP_BINDING_LIMITS,
  type PumpBindingContext,
  pumpBasalProfileSchemaFor,
  pumpDownSchemaFor,
  pumpTubeChangeSchemaFor,
  pumpUpSchemaFor,
} from '@glucocare/domain/rules';
import { localizedIssues } from '@glucocare/domain/validation';
import { Button, Col, DatePicker, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changePumpTube,
  downPump,
  type PumpBinding,
  type PumpBindingOptions,
  setPumpBasalProfile,
  upPump,
} from '../../api/pumps';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { fromPicker, hospitalNow, hospitalZone } from '../../components/format';
import { currentLang } from '../../i18n';
import { basalTotalText } from './pump-format';

type Schema = Parameters<typeof localizedIssues>[0];
const noRecord = async () => null;
/** The form state of a dialog that only creates (nothing to reload). */
function useBindingForm<V>() {
  return useEditForm<{ id: number }, V>(null, noRecord, () => ({}) as V);
}

/** A form rule that shows the domain schema's issue of one field (`segments.0.start` for a list's field). */
function ruleFor(issues: () => { field: string; message: string }[]) {
  return (field: string): Rule => ({
    validator: async () => {
      const mine = issues().find((issue) => issue.field === field);
      if (mine) throw new Error(mine.message);
    },
  });
}
/** A create-only dialog's form and the rule that checks its values with the domain's `schema`. */
function useSchemaForm<V>(schema: Schema, bodyOf: (values: V) => unknown) {
  const edit = useBindingForm<V>();
  const rule = ruleFor(() =>
    localizedIssues(schema, bodyOf(edit.form.getFieldsValue(true) as V), currentLang()),
  );
  return { edit, rule };
}

/** Typed text, or null when blank. */
const trimmed = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/** What the dialogs of a binding's changes take: the binding, and what to do when closed or saved. */
interface BindingFormProps {
  binding: PumpBinding;
  onClose: () => void;
  onSaved: (message: string) => void;
}

const picked = (value: Dayjs | null | undefined) => (value ? fromPicker(value, hospitalZone()) : undefined);

function TimeField({
  name,
  label,
  testId,
  rule,
}: {
  name: string;
  label: string;
  testId: string;
  rule: Rule;
}) {
  return (
    <Form.Item name={name} label={label} required rules={[rule]}>
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function NoteField({ name = 'note', label, rule }: { name?: string; label: string; rule: Rule }) {
  return (
    <Col xs={24}>
      <Form.Item name={name} label={label} rules={[rule]}>
        <Input.TextArea rows={2} maxLength={PUMP_BINDING_LIMITS.note.max} showCount />
      </Form.Item>
    </Col>
  );
}

/** A dialog of one binding change: the domain's schema checks it as the server will. */
function BindingDialog<V extends object, S>({
  edit,
  title,
  testId,
  initialValues,
  save,
  onClose,
  onSaved,
  children,
}: {
  edit: ReturnType<typeof useBindingForm<V>>;
  title: string;
  testId: string;
  initialValues: Partial<V>;
  save: (values: V) => Promise<S>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}) {
  return (
    <DialogForm<{ id: number }, V, S>
      edit={edit}
      title={title}
      width={640}
      testId={testId}
      dateFormatter={false}
      initialValues={initialValues}
      onClose={onClose}
      save={(values) => save(values)}
      onSaved={onSaved}
      savedText={() => null}
    >
      {children}
    </DialogForm>
  );
}

interface UpValues {
  pumpId?: number;
  upAt?: Dayjs | null;
  executorId?: number;
  responsibleDoctorId?: number | null;
  responsibleNurseId?: number | null;
  coManagingDoctorId?: number | null;
  note?: string;
}

/**
 * Up-pump: an enabled pump nobody wears (the ward's first), the time (before now, within the stay),
 * the executor (the signed-in user unless another is chosen), responsible doctor and nurse, co-managing
 * doctor, note.
 */
export function UpPumpForm({
  patientId,
  options,
  stay,
  userId,
  onClose,
  onSaved,
}: {
  patientId: number;
  options: PumpBindingOptions;
  stay: { admittedAt: string; dischargedAt: string | null };
  userId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const bodyOf = (values: UpValues) => ({
    pumpId: values.pumpId,
    patientId,
    upAt: picked(values.upAt),
    executorId: values.executorId,
    responsibleDoctorId: values.responsibleDoctorId ?? null,
    responsibleNurseId: values.responsibleNurseId ?? null,
    coManagingDoctorId: values.coManagingDoctorId ?? null,
    note: trimmed(values.note),
  });
  const context: PumpBindingContext = { now: () => new Date(), ...stay };
  const { edit, rule } = useSchemaForm<UpValues>(pumpUpSchemaFor(context) as Schema, bodyOf);
  const people = (list: { id: number; name: string }[]) => list.map((p) => ({ value: p.id, label: p.name }));
  return (
    <BindingDialog<UpValues, PumpBinding>
      title={t('pumpBinding.up.title')}
      testId="pump-up-form"
      edit={edit}
      initialValues={{
        pumpId: options.pumps.length === 1 ? options.pumps[0]!.id : undefined,
        upAt: hospitalNow().second(0).subtract(1, 'minute'),
        executorId: options.staff.some((s) => s.id === userId) ? userId : undefined,
        responsibleDoctorId: options.doctors.length === 1 ? options.doctors[0]!.id : undefined,
      }}
      save={(values) => upPump(bodyOf(values) as never)}
      onClose={onClose}
      onSaved={() => onSaved(t('pumpBinding.up.done'))}
    >
      <Col xs={24}>
        <Form.Item
          name="pumpId"
          label={t('pumpBinding.field.pump')}
          required
          rules={[rule('pumpId')]}
          extra={options.pumps.length ? undefined : t('pumpBinding.up.noPumps')}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('common.choose')}
            data-testid="pump-up-pump"
            options={options.pumps.map((p) => ({
              value: p.id,
              label: `${p.serialNumber} · ${p.manufacturerName}${p.type ? ` ${p.type}` : ''}`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <TimeField
          name="upAt"
          label={t('pumpBinding.field.upAt')}
          testId="pump-up-time"
          rule={rule('upAt')}
        />
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="executorId"
          label={t('pumpBinding.field.executor')}
          required
          rules={[rule('executorId')]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={people(options.staff)}
            data-testid="pump-up-executor"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="responsibleDoctorId" label={t('pumpBinding.field.doctor')}>
          <Select allowClear placeholder={t('common.choose')} options={people(options.doctors)} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="responsibleNurseId" label={t('pumpBinding.field.nurse')}>
          <Select allowClear placeholder={t('common.choose')} options={people(options.nurses)} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="coManagingDoctorId" label={t('pumpBinding.field.coManaging')}>
          <Select allowClear placeholder={t('common.choose')} options={people(options.doctors)} />
        </Form.Item>
      </Col>
      <NoteField label={t('pumpBinding.field.note')} rule={rule('note')} />
    </BindingDialog>
  );
}

/** The up-pump and down-pump times of the binding a change belongs to. */
const bindingContext = (binding: PumpBinding): PumpBindingContext => ({
  now: () => new Date(),
  upAt: binding.upAt,
  downAt: binding.downAt,
});

interface TubeValues {
  changedAt?: Dayjs | null;
  note?: string;
}

/** Tube change: after the up-pump, not in the future. */
export function TubeChangeForm({ binding, onClose, onSaved }: BindingFormProps) {
  const { t } = useTranslation();
  const bodyOf = (values: TubeValues) => ({
    bindingId: binding.id,
    changedAt: picked(values.changedAt),
    note: trimmed(values.note),
  });
  const { edit, rule } = useSchemaForm<TubeValues>(
    pumpTubeChangeSchemaFor(bindingContext(binding)) as Schema,
    bodyOf,
  );
  return (
    <BindingDialog<TubeValues, unknown>
      title={t('pumpBinding.tube.title', { serial: binding.serialNumber })}
      testId="pump-tube-form"
      edit={edit}
      initialValues={{ changedAt: hospitalNow().second(0) }}
      save={(values) => changePumpTube(bodyOf(values) as never)}
      onClose={onClose}
      onSaved={() => onSaved(t('pumpBinding.tube.done'))}
    >
      <Col xs={24} sm={12}>
        <TimeField
          name="changedAt"
          label={t('pumpBinding.field.changedAt')}
          testId="pump-tube-time"
          rule={rule('changedAt')}
        />
      </Col>
      <NoteField label={t('pumpBinding.field.note')} rule={rule('note')} />
    </BindingDialog>
  );
}

interface DownValues {
  downAt?: Dayjs | null;
  reason?: string;
}

/** Down-pump: the time (after the up-pump, not in the future) and why; saving is the confirmation. */
export function DownPumpForm({ binding, onClose, onSaved }: BindingFormProps) {
  const { t } = useTranslation();
  const bodyOf = (values: DownValues) => ({
    bindingId: binding.id,
    version: binding.version,
    downAt: picked(values.downAt),
    reason: trimmed(values.reason),
  });
  const { edit, rule } = useSchemaForm<DownValues>(
    pumpDownSchemaFor(bindingContext(binding)) as Schema,
    bodyOf,
  );
  return (
    <BindingDialog<DownValues, PumpBinding>
      title={t('pumpBinding.down.title', { serial: binding.serialNumber })}
      testId="pump-down-form"
      edit={edit}
      initialValues={{ downAt: hospitalNow().second(0) }}
      save={(values) => downPump(bodyOf(values) as never)}
      onClose={onClose}
      onSaved={() => onSaved(t('pumpBinding.down.done', { serial: binding.serialNumber }))}
    >
      <Col xs={24}>
        <Typography.Paragraph type="warning" data-testid="pump-down-question">
          {t('pumpBinding.down.question', { serial: binding.serialNumber, patient: binding.patientName })}
        </Typography.Paragraph>
      </Col>
      <Col xs={24} sm={12}>
        <TimeField
          name="downAt"
          label={t('pumpBinding.field.downAt')}
          testId="pump-down-time"
          rule={rule('downAt')}
        />
      </Col>
      <NoteField name="reason" label={t('pumpBinding.field.downReason')} rule={rule('reason')} />
    </BindingDialog>
  );
}

interface SegmentValue {
  start?: string;
  rate?: number | null;
}
interface BasalValues {
  effectiveAt?: Dayjs | null;
  segments?: SegmentValue[];
  note?: string;
}

/**
 * Basal profile: when it takes effect and its segments (start HH:mm, IU/h), the first at 00:00, each
 * later than the one before, with the 24-hour total as typed. Starts from the profile in force.
 */
export function BasalProfileForm({
  binding,
  current,
  onClose,
  onSaved,
}: {
  binding: PumpBinding;
  current: { start: string; rate: number }[] | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const bodyOf = (values: BasalValues) => ({
    bindingId: binding.id,
    effectiveAt: picked(values.effectiveAt),
    segments: (values.segments ?? []).map((s) => ({
      start: s?.start?.trim() ?? '',
      rate: s?.rate ?? undefined,
    })),
    note: trimmed(values.note),
  });
  const { edit, rule } = useSchemaForm<BasalValues>(
    pumpBasalProfileSchemaFor(bindingContext(binding)) as Schema,
    bodyOf,
  );
  return (
    <BindingDialog<BasalValues, unknown>
      title={t('pumpBinding.basal.title', { serial: binding.serialNumber })}
      testId="pump-basal-form"
      edit={edit}
      initialValues={{
        effectiveAt: hospitalNow().second(0),
        segments: current?.length ? current.map((s) => ({ ...s })) : [{ start: '00:00', rate: null }],
      }}
      save={(values) => setPumpBasalProfile(bodyOf(values) as never)}
      onClose={onClose}
      onSaved={() => onSaved(t('pumpBinding.basal.done'))}
    >
      <Col xs={24} sm={12}>
        <TimeField
          name="effectiveAt"
          label={t('pumpBinding.field.effectiveAt')}
          testId="pump-basal-time"
          rule={rule('effectiveAt')}
        />
      </Col>
      <Col xs={24}>
        <Form.Item label={t('pumpBinding.basal.segments')} required>
          <Form.List name="segments" rules={[rule('segments') as never]}>
            {(fields, { add, remove }, { errors }) => (
              <div data-testid="pump-basal-segments">
                {fields.map((field, index) => (
                  <div key={field.key} className="gc-basal-row">
                    <Form.Item
                      name={[field.name, 'start']}
                      rules={[rule(`segments.${index}.start`)]}
                      dependencies={fields.map((f) => ['segments', f.name, 'start'])}
                      style={{ marginBottom: 8 }}
                    >
                      <Input
                        placeholder="HH:mm"
                        maxLength={5}
                        style={{ width: 96 }}
                        aria-label={t('pumpBinding.basal.start')}
                        data-testid={`pump-basal-start-${index}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'rate']}
                      rules={[rule(`segments.${index}.rate`)]}
                      style={{ marginBottom: 8 }}
                    >
                      <InputNumber
                        min={0}
                        max={PUMP_BINDING_LIMITS.rate.max}
                        step={0.1}
                        addonAfter="IU/h"
                        style={{ width: 150 }}
                        aria-label={t('pumpBinding.basal.rate')}
                        data-testid={`pump-basal-rate-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                      aria-label={t('common.delete')}
                    />
                  </div>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= PUMP_BINDING_LIMITS.segments.max}
                  onClick={() => add({ start: '', rate: null })}
                  data-testid="pump-basal-add"
                >
                  {t('pumpBinding.basal.addSegment')}
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item noStyle shouldUpdate>
          {(form) => {
            const segments = ((form.getFieldValue('segments') ?? []) as SegmentValue[]).filter(
              (s) => s?.start && typeof s.rate === 'number',
            ) as { start: string; rate: number }[];
            return (
              <Typography.Paragraph strong data-testid="pump-basal-total">
                {t('pumpBinding.basal.total', { total: basalTotalText(basalDailyTotal(segments)) })}
              </Typography.Paragraph>
            );
          }}
        </Form.Item>
      </Col>
      <NoteField label={t('pumpBinding.field.note')} rule={rule('note')} />
    </BindingDialog>
  );
}
