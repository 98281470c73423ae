import type { GlucoseUnit } from '@glucocare/domain/helpers';
import {
  type AutoConsultationEntry,
  autoConsultationSchema,
  CONSULTATION_ITEM_UNITS,
  CONSULTATION_ITEMS,
  type ConsultationItem,
  isGlucoseConsultationItem,
} from '@glucocare/domain/hospital-settings';
import { Card, Form, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAutoConsultation, saveAutoConsultation } from '../../../api/strategy-settings';
import { useDevice } from '../../../app/preferences';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import type { FieldPath } from '../../../components/form-errors';
import { bodyFieldRule } from '../settings-form';
import { StrategyForm } from './StrategyForm';
import { glucoseFromDisplay, glucoseInputProps, glucoseToDisplay, glucoseUnitLabel } from './units';

interface Row {
  item: ConsultationItem;
  enabled: boolean;
  /** in the unit the row shows */
  minValue: number | null;
  maxValue: number | null;
  consultDepartmentCode: string | null;
}
interface Values {
  entries: Row[];
}

const THRESHOLDS = ['minValue', 'maxValue'] as const;
type Threshold = (typeof THRESHOLDS)[number];

/** The unit a row shows: the hospital's for glucose, the storage unit otherwise. */
function rowUnit(item: ConsultationItem, unit: GlucoseUnit): string {
  return isGlucoseConsultationItem(item) ? glucoseUnitLabel(unit) : CONSULTATION_ITEM_UNITS[item];
}

function inputProps(item: ConsultationItem, unit: GlucoseUnit) {
  if (isGlucoseConsultationItem(item)) return glucoseInputProps(unit);
  return item === 'uricAcid' ? { step: 10, precision: 0 } : { step: 0.1, precision: 1 };
}

const toDisplay = (item: ConsultationItem, value: number | null, unit: GlucoseUnit) =>
  isGlucoseConsultationItem(item) ? glucoseToDisplay(value, unit) : value;
const toStorage = (item: ConsultationItem, value: number | null | undefined, unit: GlucoseUnit) =>
  isGlucoseConsultationItem(item) ? glucoseFromDisplay(value, unit) : (value ?? null);

const valuesOf = (entries: AutoConsultationEntry[], unit: GlucoseUnit): Values => ({
  entries: entries.map((entry) => ({
    ...entry,
    minValue: toDisplay(entry.item, entry.minValue, unit),
    maxValue: toDisplay(entry.item, entry.maxValue, unit),
  })),
});

/** The request body: all six rows, thresholds in storage units. */
const bodyOf = (values: Values, unit: GlucoseUnit) =>
  (values.entries ?? []).map((row) => ({
    item: row.item,
    enabled: !!row.enabled,
    minValue: toStorage(row.item, row.minValue, unit),
    maxValue: toStorage(row.item, row.maxValue, unit),
    consultDepartmentCode: row.consultDepartmentCode || null,
  }));

/** Server fields (`2.minValue`) → form fields (`entries.2.minValue`). */
const FIELD_MAP: Record<string, FieldPath> = Object.fromEntries(
  CONSULTATION_ITEMS.flatMap((_item, index) =>
    ['item', 'enabled', 'minValue', 'maxValue', 'consultDepartmentCode'].map((field) => [
      `${index}.${field}`,
      ['entries', index, field],
    ]),
  ),
);

interface RowFields {
  enabled: ReactNode;
  minValue: ReactNode;
  maxValue: ReactNode;
  department: ReactNode;
}

function useRowFields(unit: GlucoseUnit) {
  const { t } = useTranslation();
  const current = (values: Values) => bodyOf(values, unit);
  return (row: { item: ConsultationItem }, index: number): RowFields => {
    const threshold = (side: Threshold) => (
      <Form.Item
        name={['entries', index, side]}
        className="gc-strategy-cell"
        dependencies={
          side === 'minValue'
            ? [
                ['entries', index, 'maxValue'],
                ['entries', index, 'enabled'],
              ]
            : []
        }
        rules={[bodyFieldRule(autoConsultationSchema, [index, side], current)]}
      >
        <InputNumber
          {...inputProps(row.item, unit)}
          min={0}
          addonBefore={side === 'minValue' ? '≤' : '≥'}
          addonAfter={rowUnit(row.item, unit)}
          placeholder={t('strategySettings.consultation.notSet')}
          style={{ width: '100%' }}
          aria-label={`${t(`strategySettings.consultationItem.${row.item}`)} ${t(`strategySettings.consultation.${side}`)}`}
          data-testid={`consult-${row.item}-${side}`}
        />
      </Form.Item>
    );
    return {
      enabled: (
        <Form.Item name={['entries', index, 'enabled']} valuePropName="checked" className="gc-strategy-cell">
          <Switch
            aria-label={`${t(`strategySettings.consultationItem.${row.item}`)} ${t('common.enabled')}`}
            data-testid={`consult-${row.item}-enabled`}
          />
        </Form.Item>
      ),
      minValue: threshold('minValue'),
      maxValue: threshold('maxValue'),
      department: (
        <Form.Item
          name={['entries', index, 'consultDepartmentCode']}
          className="gc-strategy-cell"
          rules={[bodyFieldRule(autoConsultationSchema, [index, 'consultDepartmentCode'], current)]}
        >
          <DepartmentTreeSelect
            source="using"
            placeholder={t('strategySettings.consultation.noDepartment')}
            data-testid={`consult-${row.item}-department`}
          />
        </Form.Item>
      ),
    };
  };
}

function ItemName({ item, unit }: { item: ConsultationItem; unit: GlucoseUnit }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Typography.Text strong>{t(`strategySettings.consultationItem.${item}`)}</Typography.Text>
      <Tag bordered={false}>{rowUnit(item, unit)}</Tag>
    </Space>
  );
}

function ConsultationFields({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const fieldsOf = useRowFields(unit);
  // one row per trigger, in the fixed order the form's `entries` hold them
  const rows = CONSULTATION_ITEMS.map((item) => ({ item }));

  if (mobile) {
    return (
      <Space direction="vertical" size={12} style={{ width: '100%' }} className="gc-strategy-cards">
        {rows.map((row, index) => {
          const fields = fieldsOf(row, index);
          return (
            <Card
              key={row.item}
              size="small"
              title={<ItemName item={row.item} unit={unit} />}
              extra={fields.enabled}
              data-testid={`consult-card-${row.item}`}
            >
              <div className="gc-strategy-card-label">{t('strategySettings.consultation.minValue')}</div>
              {fields.minValue}
              <div className="gc-strategy-card-label">{t('strategySettings.consultation.maxValue')}</div>
              {fields.maxValue}
              <div className="gc-strategy-card-label">{t('strategySettings.consultation.department')}</div>
              {fields.department}
            </Card>
          );
        })}
      </Space>
    );
  }
  return (
    <Table<{ item: ConsultationItem }>
      rowKey="item"
      dataSource={rows}
      pagination={false}
      size="middle"
      scroll={{ x: 900 }}
      data-testid="consult-table"
      columns={[
        {
          title: t('strategySettings.consultation.item'),
          dataIndex: 'item',
          width: 210,
          render: (_, row) => <ItemName item={row.item} unit={unit} />,
        },
        {
          title: t('common.enabled'),
          dataIndex: 'enabled',
          width: 90,
          render: (_, row, index) => fieldsOf(row, index).enabled,
        },
        {
          title: t('strategySettings.consultation.minValue'),
          dataIndex: 'minValue',
          width: 200,
          render: (_, row, index) => fieldsOf(row, index).minValue,
        },
        {
          title: t('strategySettings.consultation.maxValue'),
          dataIndex: 'maxValue',
          width: 200,
          render: (_, row, index) => fieldsOf(row, index).maxValue,
        },
        {
          title: t('strategySettings.consultation.department'),
          dataIndex: 'consultDepartmentCode',
          render: (_, row, index) => fieldsOf(row, index).department,
        },
      ]}
    />
  );
}

/** Auto consultation: per trigger, switch, thresholds and the department consulted. */
export function ConsultationTab({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary" className="gc-strategy-intro">
        {t('strategySettings.consultation.intro')}
      </Typography.Paragraph>
      <StrategyForm<AutoConsultationEntry[], Values>
        queryKey={['strategySettings', 'consultation']}
        load={fetchAutoConsultation}
        toValues={(entries) => valuesOf(entries, unit)}
        valueDeps={[unit]}
        save={(values) => saveAutoConsultation(bodyOf(values, unit))}
        fieldMap={FIELD_MAP}
        loadFailedText={t('strategySettings.loadFailed')}
        testId="strategy-consultation"
      >
        {() => <ConsultationFields unit={unit} />}
      </StrategyForm>
    </>
  );
}
