import { CONSULTATION_URGENCIES, consultationRequestSchema } from '@glucocare/domain/consultations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConsultationRequestInput,
  consultationKeys,
  fetchConsultationOptions,
  requestConsultation,
} from '../../api/consultations';
import { errorText } from '../../api/http';
import { fetchInpatients } from '../../api/patients';
import { toastSuccess } from '../../app/notify';
import { useSession } from '../../app/session';
import { handleSaveError } from '../../components/form-errors';
import { zodRule } from '../../components/form-rules';
import { fromPicker, hospitalNow } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { msg } from '../../i18n';

interface Values {
  patientId?: number;
  requestDoctorId?: number;
  consultDepartmentCode?: string;
  consultDoctorId?: number;
  requestedAt?: Dayjs;
  urgency: ConsultationRequestInput['urgency'];
  description?: string;
}

/** The inpatient picker of the dialog opened from the requests page: search by name, bed or number. */
function PatientPicker({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useQuery({
    queryKey: ['consultations', 'patients', text],
    queryFn: ({ signal }) => fetchInpatients({ queryCondition: text || undefined, size: 50 }, signal),
  });
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setText}
      loading={query.isFetching}
      placeholder={t('consultations.request.patientPlaceholder')}
      options={(query.data?.records ?? []).map((p) => ({
        value: p.id,
        label: [p.name, p.bed, p.departmentName].filter(Boolean).join(' · '),
      }))}
      data-testid="consultation-request-patient"
    />
  );
}

/**
 * "Request consultation" (申请会诊): from the patient tab (the patient given) or the requests page (a
 * patient chosen). The requesting department is the patient's; the requesting doctor one of its
 * doctors (the caller by default); the consulting department any other enabled one and its doctor a
 * staff member of it; time (now by default), urgency, description — all required (§5). Field problems
 * from the server show under their fields.
 */
export function RequestConsultationDialog({
  patientId: fixedPatient,
  onClose,
  onRequested,
}: {
  patientId?: number;
  onClose: () => void;
  onRequested: () => void;
}) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [form] = Form.useForm<Values>();
  const chosenPatient = Form.useWatch('patientId', form);
  const patientId = fixedPatient ?? chosenPatient;
  const consultDepartment = Form.useWatch('consultDepartmentCode', form);
  const options = useQuery({
    queryKey: consultationKeys.options(patientId ?? 0),
    queryFn: ({ signal }) => fetchConsultationOptions(patientId!, signal),
    enabled: !!patientId,
  });
  const submit = useMutation({
    mutationFn: (values: Values) =>
      requestConsultation({
        patientId: patientId!,
        requestDepartmentCode: options.data!.requestDepartment.code,
        requestDoctorId: values.requestDoctorId!,
        consultDepartmentCode: values.consultDepartmentCode!,
        consultDoctorId: values.consultDoctorId!,
        requestedAt: fromPicker(values.requestedAt!),
        urgency: values.urgency,
        description: values.description ?? '',
      }),
    onSuccess: () => {
      toastSuccess(t('consultations.request.requested'));
      onRequested();
    },
    onError: (error) => handleSaveError(form, error),
  });
  const doctors = options.data?.requestDoctors ?? [];
  const me = doctors.find((d) => d.id === profile?.userId)?.id;
  const staff = options.data?.departments.find((d) => d.code === consultDepartment)?.staff ?? [];
  const rule = (field: keyof typeof consultationRequestSchema.shape) => [
    zodRule(consultationRequestSchema.shape[field]),
  ];
  return (
    <Modal
      open
      title={t('consultations.request.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('consultations.request.submit')}
      okButtonProps={{ loading: submit.isPending, 'data-testid': 'consultation-request-submit' } as never}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ urgency: 'routine', requestedAt: hospitalNow() }}
        onFinish={(values) => submit.mutate(values)}
        data-testid="consultation-request-form"
      >
        {fixedPatient ? null : (
          <Form.Item name="patientId" label={t('consultations.field.patient')} rules={rule('patientId')}>
            <PatientPicker />
          </Form.Item>
        )}
        {patientId && options.isError ? (
          <LoadError
            title={t('consultations.request.optionsFailed')}
            message={errorText(options.error)}
            onRetry={() => options.refetch()}
          />
        ) : patientId && !options.data ? (
          <Skeleton active />
        ) : null}
        {options.data ? (
          <>
            <Form.Item label={t('consultations.field.requestDepartment')}>
              <Input value={options.data.requestDepartment.name} disabled />
            </Form.Item>
            <Form.Item
              name="requestDoctorId"
              label={t('consultations.field.requestDoctor')}
              initialValue={me}
              rules={rule('requestDoctorId')}
            >
              <Select
                options={doctors.map((d) => ({ value: d.id, label: d.name }))}
                data-testid="consultation-request-doctor"
              />
            </Form.Item>
            <Form.Item
              name="consultDepartmentCode"
              label={t('consultations.field.consultDepartment')}
              rules={rule('consultDepartmentCode')}
            >
              <Select
                showSearch
                optionFilterProp="label"
                options={options.data.departments.map((d) => ({ value: d.code, label: d.name }))}
                onChange={() => form.setFieldValue('consultDoctorId', undefined)}
                data-testid="consultation-request-department"
              />
            </Form.Item>
            <Form.Item
              name="consultDoctorId"
              label={t('consultations.field.consultDoctor')}
              rules={rule('consultDoctorId')}
            >
              <Select
                showSearch
                optionFilterProp="label"
                disabled={!consultDepartment}
                placeholder={
                  consultDepartment ? undefined : t('consultations.request.consultDoctorPlaceholder')
                }
                options={staff.map((d) => ({ value: d.id, label: d.name }))}
                data-testid="consultation-request-consult-doctor"
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="requestedAt"
          label={t('consultations.field.requestedAt')}
          rules={[{ required: true, message: msg('consultation.time.required') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="urgency" label={t('consultations.field.urgency')}>
          <Select
            options={CONSULTATION_URGENCIES.map((u) => ({
              value: u,
              label: t(`consultations.urgency.${u}`),
            }))}
            data-testid="consultation-request-urgency"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('consultations.field.description')}
          rules={rule('description')}
        >
          <Input.TextArea
            rows={4}
            maxLength={1000}
            showCount
            data-testid="consultation-request-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
