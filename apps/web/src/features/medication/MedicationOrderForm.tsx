import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDER_TYPES } from '@glucocare/domain/constants';
import {
  duplicateDrugRows,
  MEDICATION_LIMITS,
  medicationOrderCreateSchemaFor,
} from '@glucocare/domain/medication';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  createMedicationOrder,
  fetchAdviceOptions,
  fetchMedicationDrugOptions,
  type MedicationOrder,
  type MedicationOrderInput,
} from '../../api/medication';
import { fetchInpatients } from '../../api/patients';
import { DialogForm, useActionForm } from '../../components/dialog-form/DialogForm';
import { fromPicker, hospitalNow } from '../../components/format';
import { currentLang } from '../../i18n';

interface DrugRow {
  drugId?: number;
  quantity?: number | null;
}

interface FormValues {
  patientId?: number;
  name?: string;
  orderType?: string;
  drugs?: DrugRow[];
  period?: string;
  quantity?: number | null;
  startTime?: Dayjs | null;
  note?: string;
}

/** The lookups of the dialog: cached like the other pickers (they change a few times a year). */
export const medicationKeys = {
  all: ['medication'] as const,
  drugs: (lang: string) => ['medication', 'drugs', lang] as const,
  periods: (lang: string) => ['medication', 'periods', lang] as const,
  patients: ['medication', 'patients'] as const,
};

function inputOf(values: FormValues, patientId: number | undefined): Partial<MedicationOrderInput> {
  return {
    patientId: patientId ?? values.patientId,
    name: values.name?.trim() ?? '',
    orderType: values.orderType,
    drugs: (values.drugs ?? []).map((row) => ({
      drugId: row?.drugId as number,
      quantity: row?.quantity as number,
    })),
    period: values.period,
    quantity: values.quantity ?? undefined,
    startTime: values.startTime ? fromPicker(values.startTime) : undefined,
    note: values.note?.trim() ? values.note.trim() : null,
  };
}

/**
 * The dialog of a new medication order: the patient (picked here on the wards' page, fixed on the
 * patient tab), name, order type, drug rows (added and removed; a drug picked twice is flagged at once),
 * period (insulin periods), number of administrations, start time, note. Checked with the domain's
 * rules as the server checks them.
 */
export function MedicationOrderForm({
  patientId,
  onClose,
  onSaved,
}: {
  patientId?: number;
  onClose: () => void;
  onSaved: (saved: MedicationOrder) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useActionForm<FormValues>();
  const { form } = edit;
  const drugsQuery = useQuery({
    queryKey: medicationKeys.drugs(lang),
    queryFn: ({ signal }) => fetchMedicationDrugOptions(signal),
    staleTime: 300_000,
  });
  const periodsQuery = useQuery({
    queryKey: medicationKeys.periods(lang),
    queryFn: ({ signal }) => fetchAdviceOptions('medication', signal),
    staleTime: 300_000,
  });
  const patientsQuery = useQuery({
    queryKey: medicationKeys.patients,
    queryFn: ({ signal }) => fetchInpatients({}, signal),
    enabled: patientId === undefined,
    staleTime: 60_000,
  });
  const periods = periodsQuery.data ?? [];
  const drugOptions = drugsQuery.data ?? [];
  const issues = () => {
    const values = form.getFieldsValue(true) as FormValues;
    return localizedIssues(
      medicationOrderCreateSchemaFor({ periods: periodsQuery.data?.map((p) => p.code) }),
      inputOf(values, patientId),
      lang,
    );
  };
  const rule = (field: string): Rule => ({
    validator: async () => {
      const mine = issues().find((issue) => issue.field === field);
      if (mine) throw new Error(mine.message);
    },
  });
  /** After a drug is picked: every row's drug checked again, so a repeat shows at once. */
  const recheckDrugs = () => {
    const rows = (form.getFieldValue('drugs') as DrugRow[] | undefined) ?? [];
    const repeated = duplicateDrugRows(rows);
    const fields = rows.map((_, index) => ['drugs', index, 'drugId']);
    void form
      .validateFields(repeated.length ? fields : fields.filter((_, i) => rows[i]?.drugId != null))
      .catch(() => undefined);
  };
  const unitOf = (drugId: number | undefined) => drugOptions.find((d) => d.id === drugId)?.unit;
  return (
    <DialogForm<{ id: number }, FormValues, MedicationOrder>
      edit={edit}
      testId="medication-form"
      title={t('medication.form.title')}
      width={720}
      dateFormatter={false}
      initialValues={{
        orderType: 'longTerm',
        drugs: [{}],
        quantity: 1,
        startTime: hospitalNow().second(0),
      }}
      onClose={onClose}
      save={(values) => createMedicationOrder(inputOf(values, patientId) as MedicationOrderInput)}
      onSaved={onSaved}
    >
      {patientId === undefined ? (
        <Col xs={24}>
          <Form.Item
            name="patientId"
            label={t('medication.field.patient')}
            required
            rules={[rule('patientId')]}
          >
            <Select
              showSearch
              // every inpatient rendered (up to a page of 500): a virtual list leaves out of the page
              // the patients a doctor scrolls to
              virtual={false}
              optionFilterProp="label"
              loading={patientsQuery.isLoading}
              placeholder={t('medication.form.patientPlaceholder')}
              data-testid="medication-patient"
              options={(patientsQuery.data?.records ?? []).map((p) => ({
                value: p.id,
                label: [
                  p.bed ? t('medication.list.bed', { bed: p.bed }) : null,
                  p.name,
                  p.inpatientNumber,
                  p.departmentName,
                ]
                  .filter(Boolean)
                  .join(' · '),
              }))}
            />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} sm={14}>
        <Form.Item name="name" label={t('medication.field.name')} required rules={[rule('name')]}>
          <Input maxLength={40} showCount data-testid="medication-name" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={10}>
        <Form.Item
          name="orderType"
          label={t('medication.field.orderType')}
          required
          rules={[rule('orderType')]}
        >
          <Select
            data-testid="medication-order-type"
            options={ORDER_TYPES.map((type) => ({ value: type, label: t(`medication.orderType.${type}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Typography.Text strong>{t('medication.field.drugs')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('medication.form.drugsHint')}
        </Typography.Paragraph>
        <Form.List
          name="drugs"
          rules={[
            {
              validator: async () => {
                const mine = issues().find((issue) => issue.field === 'drugs');
                if (mine) throw new Error(mine.message);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div data-testid="medication-drugs">
              {fields.map((field, index) => (
                <div
                  key={field.key}
                  className="gc-medication-drug-row"
                  data-testid={`medication-drug-row-${index}`}
                >
                  <Form.Item
                    name={[field.name, 'drugId']}
                    required
                    rules={[rule(`drugs.${index}.drugId`)]}
                    className="gc-medication-drug"
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      loading={drugsQuery.isLoading}
                      placeholder={t('medication.form.drugPlaceholder')}
                      aria-label={t('medication.field.drug')}
                      data-testid={`medication-drug-${index}`}
                      onChange={() => recheckDrugs()}
                      options={drugOptions.map((d) => ({
                        value: d.id,
                        label: d.specification ? `${d.name} (${d.specification})` : d.name,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Form.Item
                        name={[field.name, 'quantity']}
                        required
                        rules={[rule(`drugs.${index}.quantity`)]}
                        className="gc-medication-dose"
                      >
                        <InputNumber
                          min={0}
                          max={MEDICATION_LIMITS.drugQuantity.max}
                          aria-label={t('medication.field.dose')}
                          placeholder={t('medication.field.dose')}
                          addonAfter={unitOf(form.getFieldValue(['drugs', field.name, 'drugId'])) ?? '—'}
                          style={{ width: '100%' }}
                          data-testid={`medication-dose-${index}`}
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('medication.form.removeDrug')}
                    disabled={fields.length === 1}
                    data-testid={`medication-remove-drug-${index}`}
                    onClick={() => {
                      remove(field.name);
                      recheckDrugs();
                    }}
                  />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MEDICATION_LIMITS.drugs}
                onClick={() => add({})}
                data-testid="medication-add-drug"
                style={{ marginBottom: 16 }}
              >
                {t('medication.form.addDrug')}
              </Button>
            </div>
          )}
        </Form.List>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="period" label={t('medication.field.period')} required rules={[rule('period')]}>
          <Select
            loading={periodsQuery.isLoading}
            placeholder={t('common.choose')}
            data-testid="medication-period"
            options={periods.map((p) => ({ value: p.code, label: p.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="quantity"
          label={t('medication.field.quantity')}
          required
          rules={[rule('quantity')]}
          extra={t('medication.form.quantityHint')}
        >
          <InputNumber
            min={1}
            max={MEDICATION_LIMITS.quantity.max}
            precision={undefined}
            style={{ width: '100%' }}
            data-testid="medication-quantity"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="startTime"
          label={t('medication.field.startTime')}
          required
          rules={[rule('startTime')]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="medication-start"
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="note" label={t('medication.field.note')} rules={[rule('note')]}>
          <Input.TextArea rows={2} maxLength={MEDICATION_LIMITS.note.max} showCount />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}
