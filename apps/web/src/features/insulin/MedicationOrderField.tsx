import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InsulinEntryOptions, InsulinRecord } from '../../api/insulin';
import { fetchMedicationOrders, type MedicationOrder } from '../../api/medication';
import { usePermission } from '../../app/permissions';
import { currentLang } from '../../i18n';

/** The active medication orders of a patient (the insulin dialog's picker). */
export const activeOrdersKey = (patientId: number, lang: string) =>
  ['medication', 'active', patientId, lang] as const;

/**
 * The medication order a dose is given against (issue 17): the patient's active orders that include
 * the chosen drug (all active orders with an insulin while no drug is chosen). Picking one fills the
 * drug and the period when they are empty. A correction keeps showing the order it names.
 */
export function MedicationOrderField({
  patientId,
  options,
  record,
}: {
  patientId: number;
  options: InsulinEntryOptions;
  record: InsulinRecord | null;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const drugId = Form.useWatch('drugId', form) as number | undefined;
  const canList = usePermission(PERMISSIONS.medicationOrders.list);
  const lang = currentLang();
  const query = useQuery({
    queryKey: activeOrdersKey(patientId, lang),
    queryFn: ({ signal }) =>
      fetchMedicationOrders({ patientId, status: 'active', page: 1, size: 100 }, signal),
    enabled: canList,
    // the counts change with every dose recorded
    staleTime: 0,
  });
  if (!canList) return null;
  const insulinIds = new Set(options.drugs.map((d) => d.id));
  const fits = (order: MedicationOrder) =>
    drugId ? order.drugs.some((d) => d.drugId === drugId) : order.drugs.some((d) => insulinIds.has(d.drugId));
  const orders = (query.data?.records ?? []).filter(fits);
  const choices = orders.map((order) => ({
    value: order.id,
    label: t('medication.insulin.orderOption', {
      name: order.name,
      period: order.periodName,
      given: order.givenCount,
      total: order.quantity,
    }),
  }));
  if (record?.medicationOrderId && !choices.some((c) => c.value === record.medicationOrderId)) {
    choices.push({
      value: record.medicationOrderId,
      label: record.medicationOrderName ?? String(record.medicationOrderId),
    });
  }
  return (
    <Col xs={24} sm={12}>
      <Form.Item
        name="medicationOrderId"
        label={t('medication.insulin.order')}
        extra={t('medication.insulin.orderHint')}
      >
        <Select
          allowClear
          loading={query.isLoading}
          placeholder={t('medication.insulin.orderPlaceholder')}
          data-testid="insulin-order"
          options={choices}
          onChange={(id: number | undefined) => {
            const order = orders.find((o) => o.id === id);
            if (!order) return;
            if (!form.getFieldValue('drugId')) {
              const drug = order.drugs.find((d) => insulinIds.has(d.drugId));
              if (drug) form.setFieldValue('drugId', drug.drugId);
            }
            const periodKnown = options.periods.some((p) => p.code === order.periodCode);
            if (!form.isFieldTouched('period') && periodKnown) form.setFieldValue('period', order.periodCode);
          }}
        />
      </Form.Item>
    </Col>
  );
}
