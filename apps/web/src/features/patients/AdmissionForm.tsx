import { CloudDownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { admissionSchema, INPATIENT_LIMITS } from '@glucocare/domain/patients';
import { PATIENT_GENDERS, PATIENT_LIMITS } from '@glucocare/domain/rules';
import { Alert, Button, Col, type ColProps, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, showError } from '../../api/http';
import { fetchAppointment } from '../../api/outpatients';
import { admitPatient, type Inpatient, lookupHisPatient } from '../../api/patients';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { zodRule } from '../../components/form-rules';
import { hospitalNow } from '../../components/format';
import { DateTimeInput, dateRule, PatientModalForm, TextField } from './form-parts';
import { useDoctorOptions, useTagOptions } from './parts';
import {
  type AdmissionValues,
  admissionInputOf,
  admissionValuesFromAppointment,
  admissionValuesFromHis,
  ageFromBirthDate,
  textOrNull,
} from './patient-form';

const shape = admissionSchema.shape;

/** The §5 Patient rules of the patient forms, from the domain schema. */
export function patientRules() {
  return {
    name: [zodRule(shape.name)],
    gender: [zodRule(shape.gender)],
    dateOfBirth: [dateRule(shape.dateOfBirth, 'date')],
    age: [zodRule(shape.age)],
    idCard: [zodRule(shape.idCard, { optional: true })],
    mobilePhone: [zodRule(shape.mobilePhone, { optional: true })],
    email: [zodRule(shape.email, { optional: true })],
    inpatientNumber: [zodRule(shape.inpatientNumber, { optional: true })],
    wristbandCode: [zodRule(shape.wristbandCode, { optional: true })],
    appointmentCode: [zodRule(shape.appointmentCode, { optional: true })],
    bed: [zodRule(shape.bed, { optional: true })],
    departmentCode: [zodRule(shape.departmentCode)],
    doctorCode: [zodRule(shape.doctorCode)],
    heightCm: [zodRule(shape.heightCm, { optional: true })],
    weightKg: [zodRule(shape.weightKg, { optional: true })],
    contact: [zodRule(shape.contact, { optional: true })],
  };
}

/** Fields shared by the admission and the basic-info edit form: who the patient is. */
export function PersonFields({ onBirthDate }: { onBirthDate: (value: Dayjs | null) => void }) {
  const { t } = useTranslation();
  const rules = patientRules();
  return (
    <>
      <TextField
        name="name"
        label={t('patients.field.name')}
        rules={rules.name}
        max={PATIENT_LIMITS.otherName.max}
        span={{ xs: 24, sm: 12, md: 6 }}
        required
        testId="patient-name"
      />
      <Col xs={12} sm={12} md={6}>
        <Form.Item name="gender" label={t('patients.field.gender')} rules={rules.gender} required>
          <Select
            data-testid="patient-gender"
            options={PATIENT_GENDERS.map((gender) => ({
              value: gender,
              label: t(`patients.gender.${gender}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={12} md={6}>
        <Form.Item
          name="dateOfBirth"
          label={t('patients.field.dateOfBirth')}
          rules={rules.dateOfBirth}
          required
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(day) => day.isAfter(hospitalNow(), 'day')}
            onChange={(value) => onBirthDate(value)}
            data-testid="patient-birth"
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={12} md={6}>
        <Form.Item name="age" label={t('patients.field.age')} rules={rules.age} required>
          <InputNumber min={0} max={150} precision={0} style={{ width: '100%' }} data-testid="patient-age" />
        </Form.Item>
      </Col>
      <TextField
        name="idCard"
        label={t('patients.field.idCard')}
        rules={rules.idCard}
        max={PATIENT_LIMITS.idCard.max}
        span={{ xs: 24, sm: 12, md: 8 }}
      />
      <TextField
        name="mobilePhone"
        label={t('patients.field.mobilePhone')}
        rules={rules.mobilePhone}
        max={16}
        span={{ xs: 24, sm: 12, md: 8 }}
      />
      <TextField
        name="email"
        label={t('patients.field.email')}
        rules={rules.email}
        max={PATIENT_LIMITS.email.max}
        span={{ xs: 24, sm: 12, md: 8 }}
      />
    </>
  );
}

/** Height, weight, tags and contact (admission and edit). */
export function CareFields() {
  const { t } = useTranslation();
  const rules = patientRules();
  const { selectOptions: tagOptions } = useTagOptions();
  return (
    <>
      <Col xs={12} sm={6} md={4}>
        <Form.Item name="heightCm" label={t('patients.field.heightCm')} rules={rules.heightCm}>
          <InputNumber min={30} max={272} step={0.5} style={{ width: '100%' }} addonAfter="cm" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} md={4}>
        <Form.Item name="weightKg" label={t('patients.field.weightKg')} rules={rules.weightKg}>
          <InputNumber min={0.5} max={500} step={0.1} style={{ width: '100%' }} addonAfter="kg" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={8}>
        <Form.Item name="tags" label={t('patients.field.tags')}>
          <Select
            mode="multiple"
            allowClear
            maxCount={INPATIENT_LIMITS.tags.max}
            options={tagOptions}
            optionFilterProp="label"
            placeholder={t('patients.tagsPlaceholder')}
            data-testid="patient-tags"
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="contact" label={t('patients.field.contact')} rules={rules.contact}>
          <Input
            maxLength={PATIENT_LIMITS.contact.max}
            autoComplete="off"
            placeholder={t('patients.contactPlaceholder')}
          />
        </Form.Item>
      </Col>
    </>
  );
}

/** The identifiers of a stay: wristband and inpatient number. */
export function IdentityFields() {
  const { t } = useTranslation();
  const rules = patientRules();
  return (
    <>
      <TextField
        name="wristbandCode"
        label={t('patients.field.wristbandCode')}
        rules={rules.wristbandCode}
        max={PATIENT_LIMITS.wristband.max}
        span={{ xs: 24, sm: 12, md: 8 }}
        testId="patient-wristband"
      />
      <TextField
        name="inpatientNumber"
        label={t('patients.field.inpatientNumber')}
        rules={rules.inpatientNumber}
        max={PATIENT_LIMITS.inpatientNumber.max}
        span={{ xs: 24, sm: 12, md: 8 }}
        testId="patient-number"
      />
    </>
  );
}

/** The appointment (pre-admission) code; required when admitting by appointment code. */
export function AppointmentField({ required, span }: { required?: boolean; span: ColProps }) {
  const { t } = useTranslation();
  const rules = patientRules().appointmentCode;
  return (
    <TextField
      name="appointmentCode"
      label={t('patients.field.appointmentCode')}
      rules={
        required
          ? [
              ...rules,
              { required: true, whitespace: true, message: t('patients.admission.appointmentRequired') },
            ]
          : rules
      }
      max={INPATIENT_LIMITS.appointmentCode.max}
      span={span}
      required={required}
      autoFocus={required}
      testId="patient-appointment"
    />
  );
}

export interface AdmissionFormProps {
  /** values to start from (a HIS record, a scanned wristband) */
  initial?: AdmissionValues;
  /** where the prefill came from, shown above the form */
  prefilledFrom?: 'his' | 'scan' | null;
  /** admission by appointment code: that field comes first and is required */
  appointment?: boolean;
  onClose: () => void;
  onSaved: (patient: Inpatient | null) => void;
}

/**
 * Admission of a patient (POST /v1/patients/applyHospitalization): every §5 Patient rule, the HIS
 * lookup by wristband or inpatient number, department of the caller's scope, bed, doctor, time, tags.
 */
export function AdmissionForm({ initial, prefilledFrom, appointment, onClose, onSaved }: AdmissionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdmissionValues>();
  const rules = patientRules();
  const [hisNote, setHisNote] = useState<string | null>(
    prefilledFrom === 'his' ? (initial?.inpatientNumber ?? '') : null,
  );
  const [looking, setLooking] = useState(false);
  const [lookingAppointment, setLookingAppointment] = useState(false);
  const [appointmentNote, setAppointmentNote] = useState<string | null>(null);
  const departmentCode = Form.useWatch('departmentCode', form);
  const doctors = useDoctorOptions(departmentCode);

  const lookUp = async () => {
    const band = textOrNull(form.getFieldValue('wristbandCode'));
    const code = band ?? textOrNull(form.getFieldValue('inpatientNumber'));
    if (!code) {
      form.setFields([{ name: 'wristbandCode', errors: [t('patients.admission.lookupNeedsCode')] }]);
      return;
    }
    setLooking(true);
    try {
      const his = await lookupHisPatient(code);
      const values = admissionValuesFromHis(his);
      // what the nurse already typed for the stay (time, tags, appointment code) stays
      form.setFieldsValue(values);
      setHisNote(his.inpatientNumber);
      void form.validateFields(Object.keys(values) as (keyof AdmissionValues)[]).catch(() => undefined);
    } catch (error) {
      // another ward's patient: the server's message says so at the code the nurse typed
      if (isApiError(error) && (error.data as { reason?: string } | null)?.reason === 'otherWard') {
        form.setFields([{ name: band ? 'wristbandCode' : 'inpatientNumber', errors: [error.message] }]);
      } else showError(error);
    } finally {
      setLooking(false);
    }
  };

  /** issue 18: the details a patient registered on the public `/appointment` form, by its code */
  const lookUpAppointment = async () => {
    const code = textOrNull(form.getFieldValue('appointmentCode'));
    if (!code) {
      form.setFields([{ name: 'appointmentCode', errors: [t('patients.admission.appointmentRequired')] }]);
      return;
    }
    setLookingAppointment(true);
    try {
      const values = admissionValuesFromAppointment(await fetchAppointment(code));
      form.setFieldsValue(values);
      setAppointmentNote(values.appointmentCode ?? code);
      void form.validateFields(Object.keys(values) as (keyof AdmissionValues)[]).catch(() => undefined);
    } catch (error) {
      // unknown, used or expired: the server's message at the code
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        form.setFields([{ name: 'appointmentCode', errors: [error.message] }]);
      } else showError(error);
    } finally {
      setLookingAppointment(false);
    }
  };

  const note = appointmentNote ? (
    <Alert
      type="info"
      showIcon
      className="gc-form-alert"
      data-testid="appointment-prefilled"
      message={t('patients.admission.fromAppointment', { code: appointmentNote })}
    />
  ) : hisNote ? (
    <Alert
      type="info"
      showIcon
      className="gc-form-alert"
      data-testid="his-prefilled"
      message={t('patients.admission.fromHis', { code: hisNote })}
    />
  ) : prefilledFrom === 'scan' ? (
    <Alert
      type="warning"
      showIcon
      className="gc-form-alert"
      data-testid="scan-prefilled"
      message={t('patients.admission.fromScan', { code: initial?.wristbandCode ?? '' })}
    />
  ) : null;

  return (
    <PatientModalForm<AdmissionValues, Inpatient | null>
      form={form}
      title={appointment ? t('patients.admission.appointmentTitle') : t('patients.admission.title')}
      width={820}
      className="gc-admission-modal"
      initialValues={{ tags: [], admittedAt: hospitalNow().second(0), ...initial }}
      save={(values) => admitPatient(admissionInputOf(values))}
      successText={(values) => t('patients.admission.saved', { name: values.name })}
      onClose={onClose}
      onSaved={onSaved}
      before={note}
    >
      <Row gutter={16}>
        {appointment ? <AppointmentField required span={{ xs: 24, sm: 12 }} /> : null}
        {appointment ? (
          <Col xs={24} sm={12}>
            <Form.Item label={t('patients.admission.appointmentLookupLabel')}>
              <Button
                icon={<SearchOutlined />}
                loading={lookingAppointment}
                onClick={() => void lookUpAppointment()}
                data-testid="appointment-lookup"
                block
              >
                {t('patients.admission.appointmentLookup')}
              </Button>
            </Form.Item>
          </Col>
        ) : null}
        <IdentityFields />
        <Col xs={24} sm={24} md={8}>
          <Form.Item label={t('patients.admission.his')}>
            <Button
              icon={<CloudDownloadOutlined />}
              loading={looking}
              onClick={() => void lookUp()}
              data-testid="his-lookup"
              block
            >
              {t('patients.admission.lookup')}
            </Button>
          </Form.Item>
        </Col>
        <PersonFields onBirthDate={(value) => form.setFieldValue('age', ageFromBirthDate(value))} />
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="departmentCode"
            label={t('patients.field.department')}
            rules={rules.departmentCode}
            required
          >
            <DepartmentTreeSelect source="scope" allowClear={false} data-testid="patient-department" />
          </Form.Item>
        </Col>
        <TextField
          name="bed"
          label={t('patients.field.bed')}
          rules={rules.bed}
          max={PATIENT_LIMITS.bed.max}
          span={{ xs: 12, sm: 6, md: 4 }}
          testId="patient-bed"
        />
        <Col xs={12} sm={6} md={5}>
          <Form.Item name="doctorCode" label={t('patients.field.doctor')} rules={rules.doctorCode} required>
            <Select
              showSearch
              optionFilterProp="label"
              loading={doctors.loading}
              options={doctors.options}
              notFoundContent={t('patients.noDoctors')}
              data-testid="patient-doctor"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={7}>
          <Form.Item
            name="admittedAt"
            label={t('patients.field.admittedAt')}
            rules={[dateRule(shape.admittedAt, 'dateTime')]}
          >
            <DateTimeInput data-testid="patient-admitted-at" />
          </Form.Item>
        </Col>
        {appointment ? null : <AppointmentField span={{ xs: 24, sm: 12, md: 8 }} />}
        <CareFields />
      </Row>
      <p className="gc-form-note gc-muted">{t('patients.admission.note')}</p>
    </PatientModalForm>
  );
}
