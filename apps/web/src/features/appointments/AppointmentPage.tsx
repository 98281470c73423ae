import { appointmentRequestSchema } from '@glucocare/domain/patients';
import { PATIENT_GENDERS, PATIENT_LIMITS } from '@glucocare/domain/rules';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, QRCode, Result, Select, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/http';
import { type AppointmentCreated, createAppointment, fetchAppointmentOptions } from '../../api/outpatients';
import { BrandMark } from '../../components/BrandMark';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { dateTimeInZone, hospitalNow } from '../../components/format';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { currentLang } from '../../i18n';
import { dayOf, textOrNull } from '../patients/patient-form';
import './appointment.css';

const shape = appointmentRequestSchema.shape;

interface Values {
  name: string;
  gender?: string;
  dateOfBirth?: Dayjs | null;
  idCard?: string;
  mobilePhone: string;
  contact?: string;
  departmentCode?: string;
}

/** The request body from the form (blank text as null, the birth date as a day). */
export function appointmentInputOf(tenant: string, values: Values) {
  return {
    tenant,
    name: values.name?.trim() ?? '',
    gender: (values.gender ?? '') as (typeof PATIENT_GENDERS)[number],
    dateOfBirth: values.dateOfBirth ? dayOf(values.dateOfBirth) : null,
    idCard: textOrNull(values.idCard),
    mobilePhone: values.mobilePhone?.trim() ?? '',
    contact: textOrNull(values.contact),
    departmentCode: values.departmentCode || null,
  };
}

/**
 * `/appointment` (public, issue 18): pre-admission registration on a phone or a kiosk without signing
 * in. The hospital comes from `?tenant=`; the department picker from the public options. On success
 * only the code and its QR code show (nothing of what was typed), with when it expires.
 */
export default function AppointmentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tenant = params.get('tenant')?.trim() ?? '';
  const lang = currentLang();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<AppointmentCreated | null>(null);
  const options = useQuery({
    queryKey: ['appointment-options', tenant, lang],
    queryFn: ({ signal }) => fetchAppointmentOptions(tenant, signal),
    enabled: !!tenant,
    retry: false,
    meta: { silent: true },
  });

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      setCreated(await createAppointment(appointmentInputOf(tenant, values)));
      form.resetFields();
    } catch (error) {
      handleSaveError(form, error);
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (!tenant) {
    body = <Result status="warning" title={t('appointment.noTenant')} data-testid="appointment-no-tenant" />;
  } else if (options.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (options.isError) {
    body = (
      <Result
        status="warning"
        title={t('appointment.loadFailed')}
        subTitle={errorText(options.error)}
        data-testid="appointment-load-failed"
      />
    );
  } else if (created) {
    body = (
      <div className="gc-appointment-done" data-testid="appointment-done">
        <Typography.Title level={4}>{t('appointment.done')}</Typography.Title>
        <div className="gc-appointment-code" data-testid="appointment-code">
          {created.code}
        </div>
        <QRCode value={created.code} size={200} bordered={false} data-testid="appointment-qr" />
        <p className="gc-muted">{t('appointment.doneHint', { time: dateTimeInZone(created.expiresAt) })}</p>
        <Button onClick={() => setCreated(null)} data-testid="appointment-again">
          {t('appointment.again')}
        </Button>
      </div>
    );
  } else {
    body = (
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        requiredMark
        onFinish={(values) => void submit(values)}
        data-testid="appointment-form"
      >
        <p className="gc-muted">{t('appointment.intro')}</p>
        <Form.Item name="name" label={t('patients.field.name')} rules={[zodRule(shape.name)]} required>
          <Input
            maxLength={PATIENT_LIMITS.otherName.max}
            autoComplete="name"
            data-testid="appointment-name"
          />
        </Form.Item>
        <Form.Item name="gender" label={t('patients.field.gender')} rules={[zodRule(shape.gender)]} required>
          <Select
            data-testid="appointment-gender"
            options={PATIENT_GENDERS.map((gender) => ({
              value: gender,
              label: t(`patients.gender.${gender}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="mobilePhone"
          label={t('patients.field.mobilePhone')}
          rules={[zodRule(shape.mobilePhone)]}
          required
        >
          <Input maxLength={16} inputMode="tel" autoComplete="tel" data-testid="appointment-phone" />
        </Form.Item>
        <Form.Item name="dateOfBirth" label={t('patients.field.dateOfBirth')}>
          <DatePicker
            style={{ width: '100%' }}
            inputReadOnly
            disabledDate={(day) => day.isAfter(hospitalNow(), 'day')}
            data-testid="appointment-birth"
          />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={t('patients.field.idCard')}
          rules={[zodRule(shape.idCard, { optional: true })]}
        >
          <Input maxLength={PATIENT_LIMITS.idCard.max} autoComplete="off" />
        </Form.Item>
        <Form.Item name="departmentCode" label={t('appointment.department')}>
          <Select
            allowClear
            placeholder={t('appointment.departmentPlaceholder')}
            options={(options.data?.departments ?? []).map((d) => ({ value: d.code, label: d.name }))}
            data-testid="appointment-department"
          />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('patients.field.contact')}
          rules={[zodRule(shape.contact, { optional: true })]}
        >
          <Input maxLength={PATIENT_LIMITS.contact.max} placeholder={t('patients.contactPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={saving} data-testid="appointment-submit">
          {t('appointment.submit')}
        </Button>
      </Form>
    );
  }

  return (
    <div className="gc-appointment">
      <div className="gc-login-bar">
        <div className="gc-login-brand">
          <BrandMark size={28} />
          <span className="gc-login-brand-name" data-testid="appointment-hospital">
            {options.data?.hospitalName ?? ''}
          </span>
        </div>
        <LanguageSwitch compact />
      </div>
      <main className="gc-appointment-main">
        <section className="gc-appointment-card">
          <h1 className="gc-appointment-title">{t('appointment.title')}</h1>
          {body}
        </section>
      </main>
    </div>
  );
}
