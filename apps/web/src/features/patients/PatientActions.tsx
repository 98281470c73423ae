import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  INPATIENT_LIMITS,
  OPEN_CRITICAL_REASON_LIMIT,
  readmissionSchema,
  transferSchema,
} from '@glucocare/domain/patients';
import { PATIENT_LIMITS } from '@glucocare/domain/rules';
import { Col, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../api/http';
import { dischargePatient, type Inpatient, readmitPatient, transferPatient } from '../../api/patients';
import { toastError, toastSuccess } from '../../app/notify';
import { confirmAction } from '../../components/confirm';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { zodRule } from '../../components/form-rules';
import { formatDateTime, hospitalNow, toPicker } from '../../components/format';
import { askReason } from '../../components/reason-prompt';
import { msg } from '../../i18n';
import { DateTimeInput, dateRule, PatientModalForm, TextField } from './form-parts';
import { useDoctorOptions } from './parts';
import {
  type DateValue,
  type ReadmissionValues,
  readmissionInputOf,
  type TransferValues,
  transferChanges,
  transferInputOf,
  transferValuesOf,
} from './patient-form';

/** Permission codes of the inpatient actions (buttons of the home menu). */
export const PATIENT_PERMISSIONS = {
  admit: PERMISSIONS.inpatients.admit,
  transfer: PERMISSIONS.inpatients.transfer,
  discharge: PERMISSIONS.inpatients.discharge,
  eventEdit: PERMISSIONS.patientEvents.edit,
} as const;

const bedText = (bed: string | null | undefined) => bed || '—';

/** The doctor select of a patient form: the hospital's active doctors, of the chosen department first. */
function DoctorField({
  name,
  label,
  department,
  testId,
}: {
  name: string;
  label: string;
  department?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const doctors = useDoctorOptions(department);
  return (
    <Form.Item name={name} label={label} rules={[zodRule(transferSchema.shape.toDoctorCode)]} required>
      <Select
        showSearch
        optionFilterProp="label"
        loading={doctors.loading}
        options={doctors.options}
        notFoundContent={t('patients.noDoctors')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * Issue 15: the server refuses to move or discharge a patient with a critical value not handled yet
 * unless a reason is given (409 on `openCriticalReason`, its message naming how many). This sends once,
 * and on that refusal asks for the reason and sends again with it; null when the user cancels.
 */
export async function withOpenCriticalReason<T>(
  send: (openCriticalReason?: string) => Promise<T>,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<T | null> {
  try {
    return await send();
  } catch (error) {
    const asked = isApiError(error)
      ? error.errors.find((item) => item.field === 'openCriticalReason')
      : undefined;
    if (!asked) throw error;
    const reason = await askReason({
      title: t('patients.openCritical.title'),
      content: asked.message,
      label: t('patients.openCritical.label'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      check: (text) =>
        text.length >= OPEN_CRITICAL_REASON_LIMIT.min && text.length <= OPEN_CRITICAL_REASON_LIMIT.max
          ? null
          : msg('patients.openCritical.reasonLength'),
    });
    return reason === null ? null : send(reason);
  }
}

/**
 * Transfer of a patient (POST /v1/patients/transfer): the original department, bed and doctor shown,
 * the new ones chosen (any enabled department: the patient may leave the nurse's wards), the reason,
 * start and optional end time.
 */
export function TransferForm({
  patient,
  onClose,
  onSaved,
}: {
  patient: Inpatient;
  onClose: () => void;
  onSaved: (moved: Inpatient | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TransferValues>();
  const department = Form.useWatch('toDepartmentCode', form);
  const shape = transferSchema.shape;
  return (
    <PatientModalForm<TransferValues, Inpatient | null>
      form={form}
      title={t('patients.transfer.title', { name: patient.name })}
      width={640}
      initialValues={transferValuesOf(patient)}
      save={async (values) => {
        if (!transferChanges(values, patient)) {
          form.setFields([{ name: 'toBed', errors: [t('patients.transfer.noChange')] }]);
          return false;
        }
        const moved = await withOpenCriticalReason(
          (openCriticalReason) =>
            transferPatient({ ...transferInputOf(values, patient), openCriticalReason }),
          t,
        );
        return moved === null ? false : moved;
      }}
      successText={() => t('patients.transfer.done', { name: patient.name })}
      onClose={onClose}
      onSaved={onSaved}
      before={
        <div className="gc-transfer-from" data-testid="transfer-from">
          <span className="gc-muted">{t('patients.transfer.from')}: </span>
          {placeText(t, patient.departmentName, patient.bed, patient.doctorName ?? patient.doctorCode)}
        </div>
      }
    >
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="toDepartmentCode"
            label={t('patients.transfer.toDepartment')}
            rules={[zodRule(shape.toDepartmentCode)]}
            required
          >
            <DepartmentTreeSelect source="using" allowClear={false} data-testid="transfer-department" />
          </Form.Item>
        </Col>
        <TextField
          name="toBed"
          label={t('patients.transfer.toBed')}
          rules={[zodRule(shape.toBed, { optional: true })]}
          max={PATIENT_LIMITS.bed.max}
          span={{ xs: 12, sm: 6 }}
          testId="transfer-bed"
        />
        <Col xs={12} sm={8}>
          <DoctorField
            name="toDoctorCode"
            label={t('patients.transfer.toDoctor')}
            department={department}
            testId="transfer-doctor"
          />
        </Col>
        <Col xs={24}>
          <Form.Item
            name="reason"
            label={t('patients.transfer.reason')}
            rules={[zodRule(shape.reason)]}
            required
          >
            <Input.TextArea
              rows={2}
              maxLength={INPATIENT_LIMITS.transferReason.max}
              showCount
              data-testid="transfer-reason"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="startTime"
            label={t('patients.transfer.startTime')}
            rules={[dateRule(shape.startTime, 'dateTime')]}
            required
          >
            <DateTimeInput data-testid="transfer-start" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endTime"
            label={t('patients.transfer.endTime')}
            dependencies={['startTime']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: DateValue | null) => {
                  const start = getFieldValue('startTime') as DateValue | null;
                  if (value && start && !dayjs(value).isAfter(dayjs(start))) {
                    throw new Error(t('patients.transfer.endAfterStart'));
                  }
                },
              }),
            ]}
          >
            <DateTimeInput />
          </Form.Item>
        </Col>
      </Row>
    </PatientModalForm>
  );
}

/** "Endocrinology · bed 13 · Dr. Li Wei": where a patient is (or was). */
export function placeText(
  t: (key: string, options?: Record<string, unknown>) => string,
  department: string | null,
  bed: string | null,
  doctor: string | null,
): string {
  return [department, bed && t('patients.bedLabel', { bed }), doctor].filter(Boolean).join(' · ');
}

/**
 * Readmission of a discharged patient (POST /v1/patients/reApplyHospitalization/{id}): the new
 * admission time (after the last discharge), department, bed, doctor, and a new wristband or
 * inpatient number when the hospital issues one per stay.
 */
/** What the readmission form needs of a patient: a discharged one, or an outpatient (issue 18). */
export type ReadmitPatient = Pick<
  Inpatient,
  | 'id'
  | 'name'
  | 'status'
  | 'version'
  | 'admittedAt'
  | 'dischargedAt'
  | 'departmentCode'
  | 'bed'
  | 'doctorCode'
  | 'wristbandCode'
  | 'inpatientNumber'
>;

export function ReadmitForm({
  patient,
  onClose,
  onSaved,
}: {
  patient: ReadmitPatient;
  onClose: () => void;
  onSaved: (back: Inpatient | null) => void;
}) {
  const { t } = useTranslation();
  const outpatient = patient.status === 'outpatient';
  const [form] = Form.useForm<ReadmissionValues>();
  const department = Form.useWatch('departmentCode', form);
  const shape = readmissionSchema.shape;
  const discharged = patient.dischargedAt ? toPicker(patient.dischargedAt) : null;
  return (
    <PatientModalForm<ReadmissionValues, Inpatient | null>
      form={form}
      title={
        outpatient
          ? `${t('patients.action.admitOutpatient')}: ${patient.name}`
          : t('patients.readmit.title', { name: patient.name })
      }
      width={620}
      initialValues={{
        // to the second: a readmission right after the discharge must come after it
        admittedAt: hospitalNow(),
        departmentCode: patient.departmentCode,
        bed: patient.bed ?? '',
        doctorCode: patient.doctorCode,
        wristbandCode: '',
        inpatientNumber: '',
      }}
      save={(values) => readmitPatient(patient.id, readmissionInputOf(values, patient))}
      successText={() => t('patients.readmit.done', { name: patient.name })}
      onClose={onClose}
      onSaved={onSaved}
      before={
        <p className="gc-muted" data-testid="readmit-last">
          {outpatient
            ? t('outpatients.admitHint')
            : t('patients.readmit.lastStay', {
                admitted: formatDateTime(patient.admittedAt),
                discharged: patient.dischargedAt ? formatDateTime(patient.dischargedAt) : '—',
              })}
        </p>
      }
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="admittedAt"
            label={t('patients.readmit.admittedAt')}
            rules={[
              dateRule(shape.admittedAt, 'dateTime'),
              {
                validator: async (_rule, value: DateValue | null) => {
                  if (value && discharged && !dayjs(value).isAfter(discharged)) {
                    throw new Error(
                      t('patients.readmit.afterDischarge', { time: formatDateTime(patient.dischargedAt) }),
                    );
                  }
                },
              },
            ]}
            required
          >
            <DateTimeInput data-testid="readmit-time" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="departmentCode"
            label={t('patients.field.department')}
            rules={[zodRule(shape.departmentCode)]}
            required
          >
            <DepartmentTreeSelect source="scope" allowClear={false} data-testid="readmit-department" />
          </Form.Item>
        </Col>
        <TextField
          name="bed"
          label={t('patients.field.bed')}
          rules={[zodRule(shape.bed, { optional: true })]}
          max={PATIENT_LIMITS.bed.max}
          span={{ xs: 12, sm: 8 }}
          testId="readmit-bed"
        />
        <Col xs={12} sm={16}>
          <DoctorField
            name="doctorCode"
            label={t('patients.field.doctor')}
            department={department}
            testId="readmit-doctor"
          />
        </Col>
        <TextField
          name="wristbandCode"
          label={t('patients.readmit.newWristband')}
          extra={t('patients.readmit.keepHint', { value: patient.wristbandCode ?? '—' })}
          rules={[zodRule(shape.wristbandCode, { optional: true })]}
          max={PATIENT_LIMITS.wristband.max}
          span={{ xs: 24, sm: 12 }}
        />
        <TextField
          name="inpatientNumber"
          label={t('patients.readmit.newInpatientNumber')}
          extra={t('patients.readmit.keepHint', { value: patient.inpatientNumber ?? '—' })}
          rules={[zodRule(shape.inpatientNumber, { optional: true })]}
          max={PATIENT_LIMITS.inpatientNumber.max}
          span={{ xs: 24, sm: 12 }}
        />
      </Row>
    </PatientModalForm>
  );
}

/** "Discharge failure: …": the server's own wording when it has one, else the prefix and the reason. */
export function dischargeFailureText(error: unknown, prefix: string): string {
  const text = errorText(error);
  if (isApiError(error) && text.startsWith(prefix)) return text;
  return `${prefix}: ${text}`;
}

/**
 * Discharges after a confirmation naming the patient and bed; resolves true once discharged. Any
 * failure shows "Discharge failure" with the reason (spec §8).
 */
export async function confirmDischarge(
  patient: Inpatient,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<boolean> {
  const ok = await confirmAction({
    title: t('patients.discharge.title'),
    content: t('patients.discharge.confirm', { name: patient.name, bed: bedText(patient.bed) }),
    okText: t('patients.discharge.ok'),
    danger: true,
  });
  if (!ok) return false;
  try {
    const done = await withOpenCriticalReason(
      (openCriticalReason) =>
        dischargePatient({ patientId: patient.id, version: patient.version, openCriticalReason }),
      t,
    );
    if (done === null) return false;
    toastSuccess(t('patients.discharge.done', { name: patient.name }));
    return true;
  } catch (error) {
    toastError(dischargeFailureText(error, t('patients.discharge.failure')));
    return false;
  }
}
