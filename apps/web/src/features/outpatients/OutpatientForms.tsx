import {
  OUTPATIENT_LIMITS,
  outpatientFromDischargedSchema,
  outpatientRegistrationSchema,
} from '@glucocare/domain/patients';
import { PATIENT_GENDERS, PATIENT_LIMITS } from '@glucocare/domain/rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Result, Row, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { fetchEntryOptions } from '../../api/measurements';
import { type Outpatient, registerDischargedAsOutpatient, registerOutpatient } from '../../api/outpatients';
import type { Inpatient } from '../../api/patients';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { zodRule } from '../../components/form-rules';
import { hospitalNow } from '../../components/format';
import { ReadingForm } from '../measurements/ReadingForm';
import { dateRule, PatientModalForm, TextField } from '../patients/form-parts';
import { useDoctorOptions } from '../patients/parts';
import { ageFromBirthDate, dayOf, textOrNull } from '../patients/patient-form';

const shape = outpatientRegistrationSchema.shape;

interface RegistrationValues {
  name: string;
  gender?: string;
  dateOfBirth?: Dayjs | null;
  age?: number | null;
  idCard?: string;
  mobilePhone?: string;
  contact?: string;
  outpatientNumber: string;
  departmentCode?: string;
  doctorCode?: string | null;
}

/** The registration body from the dialog's values (blank text as null; the birth date as a day). */
export function registrationInputOf(values: RegistrationValues) {
  return {
    name: values.name?.trim() ?? '',
    gender: (values.gender ?? '') as (typeof PATIENT_GENDERS)[number],
    dateOfBirth: values.dateOfBirth ? dayOf(values.dateOfBirth) : null,
    age: values.age ?? null,
    idCard: textOrNull(values.idCard),
    mobilePhone: textOrNull(values.mobilePhone),
    contact: textOrNull(values.contact),
    outpatientNumber: values.outpatientNumber?.trim() ?? '',
    departmentCode: values.departmentCode ?? '',
    doctorCode: values.doctorCode || null,
  };
}

/**
 * "Register outpatient" (POST /v1/outpatients): the admission form's person fields (same domain
 * rules), the outpatient number, the clinic and optionally the doctor; no bed, no inpatient number.
 */
export function RegisterOutpatientForm({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (saved: Outpatient | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegistrationValues>();
  const department = Form.useWatch('departmentCode', form);
  const doctors = useDoctorOptions(department);
  // the birth date is optional (the age may stand for it): checked only when given
  const birthDate = dateRule(shape.dateOfBirth, 'date') as {
    validator: (rule: unknown, value: unknown) => Promise<void>;
  };
  const optionalDate = {
    validator: async (rule: unknown, value: unknown) => {
      if (value) await birthDate.validator(rule, value);
    },
  };
  const birthOrAge = {
    validator: async () => {
      const { dateOfBirth, age } = form.getFieldsValue(['dateOfBirth', 'age']);
      if (!dateOfBirth && (age === undefined || age === null)) throw new Error(t('outpatients.birthOrAge'));
    },
  };
  return (
    <PatientModalForm<RegistrationValues, Outpatient | null>
      form={form}
      title={t('outpatients.registerTitle')}
      width={760}
      initialValues={{}}
      save={(values) => registerOutpatient(registrationInputOf(values))}
      successText={(values) => t('outpatients.registered', { name: values.name })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <TextField
          name="outpatientNumber"
          label={t('patients.field.outpatientNumber')}
          rules={[zodRule(shape.outpatientNumber)]}
          max={OUTPATIENT_LIMITS.outpatientNumber.max}
          span={{ xs: 24, sm: 12, md: 8 }}
          required
          autoFocus
          testId="outpatient-number"
        />
        <TextField
          name="name"
          label={t('patients.field.name')}
          rules={[zodRule(shape.name)]}
          max={PATIENT_LIMITS.otherName.max}
          span={{ xs: 24, sm: 12, md: 8 }}
          required
          testId="outpatient-name"
        />
        <Col xs={12} sm={12} md={8}>
          <Form.Item
            name="gender"
            label={t('patients.field.gender')}
            rules={[zodRule(shape.gender)]}
            required
          >
            <Select
              data-testid="outpatient-gender"
              options={PATIENT_GENDERS.map((gender) => ({
                value: gender,
                label: t(`patients.gender.${gender}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} md={8}>
          <Form.Item
            name="dateOfBirth"
            label={t('patients.field.dateOfBirth')}
            rules={[optionalDate, birthOrAge]}
            dependencies={['age']}
          >
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(day) => day.isAfter(hospitalNow(), 'day')}
              onChange={(value) => form.setFieldValue('age', ageFromBirthDate(value))}
              data-testid="outpatient-birth"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} md={8}>
          <Form.Item
            name="age"
            label={t('patients.field.age')}
            rules={[zodRule(shape.age, { optional: true })]}
          >
            <InputNumber
              min={0}
              max={150}
              precision={0}
              style={{ width: '100%' }}
              data-testid="outpatient-age"
            />
          </Form.Item>
        </Col>
        <TextField
          name="mobilePhone"
          label={t('patients.field.mobilePhone')}
          rules={[zodRule(shape.mobilePhone, { optional: true })]}
          max={16}
          span={{ xs: 24, sm: 12, md: 8 }}
          testId="outpatient-phone"
        />
        <TextField
          name="idCard"
          label={t('patients.field.idCard')}
          rules={[zodRule(shape.idCard, { optional: true })]}
          max={PATIENT_LIMITS.idCard.max}
          span={{ xs: 24, sm: 12, md: 8 }}
        />
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="departmentCode"
            label={t('outpatients.clinic')}
            rules={[zodRule(shape.departmentCode)]}
            required
          >
            <DepartmentTreeSelect source="scope" allowClear={false} data-testid="outpatient-department" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item name="doctorCode" label={t('patients.field.doctor')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={doctors.loading}
              options={doctors.options}
              data-testid="outpatient-doctor"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="contact"
            label={t('patients.field.contact')}
            rules={[zodRule(shape.contact, { optional: true })]}
          >
            <Input
              maxLength={PATIENT_LIMITS.contact.max}
              autoComplete="off"
              placeholder={t('patients.contactPlaceholder')}
            />
          </Form.Item>
        </Col>
      </Row>
    </PatientModalForm>
  );
}

/** "Register as outpatient" of a discharged patient (POST /v1/outpatients/{id}/register). */
export function RegisterDischargedForm({
  patient,
  onClose,
  onSaved,
}: {
  patient: Inpatient;
  onClose: () => void;
  onSaved: (saved: Outpatient | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ outpatientNumber?: string; departmentCode?: string }>();
  const dShape = outpatientFromDischargedSchema.shape;
  return (
    <PatientModalForm<{ outpatientNumber?: string; departmentCode?: string }, Outpatient | null>
      form={form}
      title={t('outpatients.fromDischarged.title', { name: patient.name })}
      width={560}
      initialValues={{
        departmentCode: patient.departmentCode,
        outpatientNumber: patient.outpatientNumber ?? '',
      }}
      save={(values) =>
        registerDischargedAsOutpatient(patient.id, {
          version: patient.version,
          departmentCode: values.departmentCode ?? '',
          outpatientNumber: textOrNull(values.outpatientNumber),
        })
      }
      successText={() => t('outpatients.fromDischarged.done', { name: patient.name })}
      onClose={onClose}
      onSaved={onSaved}
      before={
        <Alert
          type="info"
          showIcon
          className="gc-form-alert"
          message={t('outpatients.fromDischarged.hint')}
        />
      }
    >
      <Row gutter={16}>
        <TextField
          name="outpatientNumber"
          label={t('patients.field.outpatientNumber')}
          rules={[zodRule(dShape.outpatientNumber, { optional: true })]}
          max={OUTPATIENT_LIMITS.outpatientNumber.max}
          span={{ xs: 24, sm: 12 }}
          testId="discharged-outpatient-number"
        />
        <Col xs={24} sm={12}>
          <Form.Item
            name="departmentCode"
            label={t('outpatients.clinic')}
            rules={[zodRule(dShape.departmentCode)]}
            required
          >
            <DepartmentTreeSelect source="scope" allowClear={false} />
          </Form.Item>
        </Col>
      </Row>
    </PatientModalForm>
  );
}

/**
 * "Record reading" of an outpatient at a visit: the patient page's glucose entry dialog (the one write
 * path), opened with the patient's entry options.
 */
export function OutpatientReadingDialog({
  patient,
  onClose,
  onSaved,
}: {
  patient: Pick<Outpatient, 'id' | 'name'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: ['measurements', 'options', patient.id, 'GLU', 'outpatient'],
    queryFn: ({ signal }) => fetchEntryOptions(patient.id, 'GLU', signal),
    meta: { silent: true },
  });
  if (options.data) {
    return (
      <ReadingForm
        open
        patientId={patient.id}
        item="GLU"
        options={options.data}
        reading={null}
        onClose={onClose}
        onSaved={onSaved}
      />
    );
  }
  return (
    <Modal
      open
      title={t('outpatients.readingTitle', { name: patient.name })}
      footer={null}
      onCancel={onClose}
    >
      {options.isError ? (
        <Result status="warning" title={t('measurements.loadFailed')} subTitle={errorText(options.error)} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Modal>
  );
}
