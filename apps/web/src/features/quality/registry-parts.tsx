import type { ProColumns } from '@ant-design/pro-components';
import { CONTROL_SOLUTION_STATUSES } from '@glucocare/domain/rules';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Dropdown, Form, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { confirmAction } from '../../components/confirm';
import { currentLang } from '../../i18n';
import { dateRule } from '../patients/form-parts';
import { type DateValue, dayOf } from '../patients/patient-form';
import { fetchItemOptions, fetchManufacturerOptions } from './registry-api';

export type LotStatus = (typeof CONTROL_SOLUTION_STATUSES)[number];

/** The test items (GLU, KET, UA) with their names, for the item pickers and filters. */
export function useItemOptions() {
  return useQuery({
    queryKey: ['quality', 'items'],
    queryFn: ({ signal }) => fetchItemOptions(signal),
    meta: { silent: true },
    staleTime: 5 * 60_000,
  });
}

/** The manufacturers named by the analyzers and lots (the manufacturer filters). */
export function useManufacturerOptions() {
  return useQuery({
    queryKey: ['quality', 'manufacturers'],
    queryFn: ({ signal }) => fetchManufacturerOptions(signal),
    meta: { silent: true },
    staleTime: 0,
  });
}

/** A lot's status as a coloured tag (normal green, suspended orange, invalid red). */
export function LotStatusTag({ status }: { status: LotStatus }) {
  const { t } = useTranslation();
  const color = status === 'normal' ? 'green' : status === 'suspended' ? 'orange' : 'red';
  return <Tag color={color}>{t(`qcRegistry.lotStatus.${status}`)}</Tag>;
}

export const lotStatusOptions = (t: TFunction) =>
  CONTROL_SOLUTION_STATUSES.map((value) => ({ value, label: t(`qcRegistry.lotStatus.${value}`) }));

/** A date shown red (with a word) once past: a lot's expiry, a vial's discard date. */
export function DateFlag({ date, past, pastText }: { date: string | null; past: boolean; pastText: string }) {
  const { t } = useTranslation();
  if (!date) return <span className="gc-muted">{t('qcRegistry.none')}</span>;
  return past ? (
    <span className="gc-nowrap" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
      {date} <Tag color="red">{pastText}</Tag>
    </span>
  ) : (
    <span className="gc-nowrap">{date}</span>
  );
}

/**
 * The search fields every lot list shares: keyword, test item, status, expiry (in date / expired).
 */
export function lotSearchColumns<T>(
  t: TFunction,
  items: { value: string; label: string }[],
  keywordPlaceholder: string,
): ProColumns<T>[] {
  return [
    {
      title: t('qcRegistry.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: keywordPlaceholder, maxLength: 50 },
    },
    {
      title: t('qcRegistry.item'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), options: items },
    },
    {
      title: t('qcRegistry.changeStatus'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), options: lotStatusOptions(t) },
    },
    {
      title: t('qcRegistry.expiry'),
      dataIndex: 'isExpired',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: [
          { value: false, label: t('qcRegistry.inDate') },
          { value: true, label: t('qcRegistry.expired') },
        ],
      },
    },
  ];
}

/** What both lot lists show of a lot: its number and test item, status and expiry. */
interface LotRow {
  lotNumber: string;
  itemName: string;
  status: LotStatus;
  expiryDate: string | null;
  isExpired: boolean;
}

/** The lot number (fixed at the left on a desktop) and the test item columns of a lot list. */
export function lotIdentityColumns<T extends LotRow>(t: TFunction, mobile: boolean): ProColumns<T>[] {
  return [
    {
      title: t('qcRegistry.lotNumber'),
      dataIndex: 'lotNumber',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 130,
    },
    { title: t('qcRegistry.item'), dataIndex: 'itemName', search: false, width: 90 },
  ];
}

/** The status tag and the expiry date (red once past) columns of a lot list. */
export function lotStateColumns<T extends LotRow>(t: TFunction): ProColumns<T>[] {
  return [
    {
      title: t('qcRegistry.changeStatus'),
      key: 'lotStatus',
      search: false,
      width: 100,
      render: (_, row) => <LotStatusTag status={row.status} />,
    },
    {
      title: t('qcRegistry.expiryDate'),
      dataIndex: 'expiryDate',
      search: false,
      width: 150,
      render: (_, row) => (
        <DateFlag date={row.expiryDate} past={row.isExpired} pastText={t('qcRegistry.expired')} />
      ),
    },
  ];
}

/**
 * The row action that sets a lot normal, invalid or suspended (§4), after a confirmation; `change`
 * sends it at the version shown.
 */
export function LotStatusMenu({
  lot,
  change,
  onChanged,
}: {
  lot: { lotNumber: string; status: LotStatus };
  change: (status: LotStatus) => Promise<unknown>;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const items = lotStatusOptions(t)
    .filter((option) => option.value !== lot.status)
    .map((option) => ({ key: option.value, label: option.label }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: async ({ key }) => {
          const status = t(`qcRegistry.lotStatus.${key}`);
          const ok = await confirmAction({
            content: t('qcRegistry.statusConfirm', { lot: lot.lotNumber, status }),
            danger: key !== 'normal',
          });
          if (!ok) return;
          try {
            await change(key as LotStatus);
            toastSuccess(t('qcRegistry.statusChanged', { lot: lot.lotNumber, status }));
            onChanged();
          } catch (error) {
            showError(error);
          }
        },
      }}
    >
      <Button type="link" size="small" data-testid={`lot-status-${lot.lotNumber}`}>
        {t('qcRegistry.changeStatus')}
      </Button>
    </Dropdown>
  );
}

/** A day picker filling its column (an antd form control; the value stays a dayjs). */
export function DayPicker(props: {
  id?: string;
  value?: DateValue | null;
  onChange?: (value: DateValue | null) => void;
  testId?: string;
}) {
  return (
    <DatePicker
      id={props.id}
      value={props.value ? dayjs(props.value) : null}
      onChange={(value) => props.onChange?.(value)}
      format="YYYY-MM-DD"
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

/** A date field of a registry form (a day, `YYYY-MM-DD` as the API takes it), checked by the domain's schema. */
export function DateField({
  name,
  label,
  schema,
  required,
  extra,
  testId,
  sm = 12,
}: {
  name: string | (string | number)[];
  label: ReactNode;
  schema?: z.ZodType;
  required?: boolean;
  extra?: ReactNode;
  testId?: string;
  sm?: number;
}) {
  const rules: Rule[] = schema ? [dateRule(schema, 'date')] : [];
  return (
    <Col xs={24} sm={sm}>
      <Form.Item name={name} label={label} rules={rules} required={required} extra={extra}>
        <DayPicker testId={testId} />
      </Form.Item>
    </Col>
  );
}

/** A picked day as the API takes it (null when none). */
export const dayOrNull = (value: DateValue | null | undefined): string | null =>
  value ? dayOf(value) : null;

/**
 * Form rules from one domain schema of the whole body (cross-field rules: a return date not before the
 * lending date, a range with both bounds): `rule(field)` shows the schema's problem of that field, read
 * off the body the form would send now.
 */
export function schemaRules(schema: z.ZodType, body: () => unknown) {
  return (field: string): Rule => ({
    validator: async () => {
      const mine = localizedIssues(schema, body(), currentLang()).find((issue) => issue.field === field);
      if (mine) throw new Error(mine.message);
    },
  });
}
