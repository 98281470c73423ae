import { bodyMassIndex } from '@glucocare/domain/patients';
import { Button, Descriptions, Form, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Inpatient, type PatientDetail, updatePatient } from '../../api/patients';
import { toastSuccess } from '../../app/notify';
import { ConflictAlert } from '../../components/ConflictAlert';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { AppointmentField, CareFields, IdentityFields, PersonFields } from './AdmissionForm';
import { PatientTags, useTagOptions } from './parts';
import { ageFromBirthDate, type BasicValues, basicValuesOf, updateInputOf } from './patient-form';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

/** BMI with its band (WHO adult: under 18.5, 18.5-24.9, 25-29.9, 30 and over). */
function bmiText(t: (key: string, options?: Record<string, unknown>) => string, patient: Inpatient) {
  const bmi = bodyMassIndex(patient.heightCm, patient.weightKg);
  if (bmi === null) return '—';
  const band = bmi < 18.5 ? 'under' : bmi < 25 ? 'normal' : bmi < 30 ? 'over' : 'obese';
  return `${bmi} (${t(`patients.bmi.${band}`)})`;
}

/**
 * The basic-info tab: the patient's fields (BMI from height and weight), and the edit form (PUT
 * /v1/patients with the version; department, bed and doctor change by transfer).
 */
export function BasicInfoTab({
  patient,
  canEdit,
  onChanged,
  onReload,
  editing: editingAsked,
  onEditingChange: setEditing,
}: {
  patient: PatientDetail;
  canEdit: boolean;
  onChanged: () => void;
  onReload: () => Promise<unknown>;
  /** whether the edit form is open (the page header's Edit button opens it too) */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const { t } = useTranslation();
  const editing = editingAsked && canEdit;
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [form] = Form.useForm<BasicValues>();
  useRevalidateOnLanguageChange(form);
  const tags = useTagOptions();

  if (editing) {
    return (
      <div className="gc-patient-tab-card" data-testid="basic-edit">
        <ConflictAlert
          message={conflict}
          onReload={async () => {
            await onReload();
            setConflict(null);
            setEditing(false);
          }}
        />
        <Form<BasicValues>
          form={form}
          layout="vertical"
          initialValues={basicValuesOf(patient)}
          onFinish={async (values) => {
            setSaving(true);
            try {
              await updatePatient(updateInputOf(values, patient));
              toastSuccess(t('common.saved'));
              setEditing(false);
              onChanged();
            } catch (error) {
              handleSaveError(form, error, { onConflict: setConflict });
            } finally {
              setSaving(false);
            }
          }}
        >
          <Row gutter={16}>
            <PersonFields onBirthDate={(value) => form.setFieldValue('age', ageFromBirthDate(value))} />
            <IdentityFields />
            <AppointmentField span={{ xs: 24, sm: 24, md: 8 }} />
            <CareFields />
          </Row>
          <p className="gc-muted">{t('patients.edit.transferHint')}</p>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="basic-save">
              {t('common.save')}
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setConflict(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </Space>
        </Form>
      </div>
    );
  }

  return (
    <div className="gc-patient-tab-card" data-testid="basic-view">
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
        <Descriptions.Item label={t('patients.field.name')}>{patient.name}</Descriptions.Item>
        <Descriptions.Item label={t('patients.field.gender')}>
          {t(`patients.gender.${['male', 'female'].includes(patient.gender) ? patient.gender : 'unknown'}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.dateOfBirth')}>
          {dash(patient.dateOfBirth)}
          {patient.age !== null ? ` (${t('patients.ageYears', { age: patient.age })})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.idCard')}>{dash(patient.idCard)}</Descriptions.Item>
        <Descriptions.Item label={t('patients.field.mobilePhone')}>
          {dash(patient.mobilePhone)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.email')}>{dash(patient.email)}</Descriptions.Item>
        <Descriptions.Item label={t('patients.field.inpatientNumber')}>
          {dash(patient.inpatientNumber)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.wristbandCode')}>
          {dash(patient.wristbandCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.appointmentCode')}>
          {dash(patient.appointmentCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.department')}>{patient.departmentName}</Descriptions.Item>
        <Descriptions.Item label={t('patients.field.bed')}>{dash(patient.bed)}</Descriptions.Item>
        <Descriptions.Item label={t('patients.field.doctor')}>
          {dash(patient.doctorName ?? patient.doctorCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.admittedAt')}>
          {formatDateTime(patient.admittedAt)}
        </Descriptions.Item>
        {patient.dischargedAt ? (
          <Descriptions.Item label={t('patients.field.dischargedAt')}>
            {formatDateTime(patient.dischargedAt)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('patients.field.heightCm')}>
          {patient.heightCm ? `${patient.heightCm} cm` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.weightKg')}>
          {patient.weightKg ? `${patient.weightKg} kg` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.bmi')}>
          <span data-testid="patient-bmi">{bmiText(t, patient)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.tags')}>
          {patient.tags.length ? <PatientTags tags={patient.tags} options={tags.byTag} /> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('patients.field.contact')} span={2}>
          {dash(patient.contact)}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
