import type { ProColumns } from '@ant-design/pro-components';
import { CONTROL_LEVELS, FIELD_LIMITS } from '@glucocare/domain';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { type QcItem, testStripSchema } from '@glucocare/domain/rules';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Col, Divider, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { updatedAtColumn } from '../../components/list-page/row-parts';
import { PageWrapper } from '../../components/PageWrapper';
import type { DateValue } from '../patients/patient-form';
import {
  changeStripStatus,
  createStrip,
  deleteStrip,
  fetchStripPage,
  fetchStripTypes,
  type LotFilter,
  type TestStrip,
  updateStrip,
} from './registry-api';
import {
  DayPicker,
  dayOrNull,
  LotStatusMenu,
  lotIdentityColumns,
  lotSearchColumns,
  lotStateColumns,
  schemaRules,
  useItemOptions,
} from './registry-parts';

const STRIP_LIST = 'qualityStrips';
const PERMS = PERMISSIONS.quality.strips;

interface RangeValues {
  min?: number | null;
  max?: number | null;
}
interface StripValues {
  item: QcItem;
  type?: string;
  lotNumber: string;
  manufactureDate?: DateValue | null;
  expiryDate?: DateValue | null;
  controlRanges: RangeValues[];
}

const valuesOf = (row: TestStrip): StripValues => ({
  item: row.item,
  type: row.type ?? '',
  lotNumber: row.lotNumber,
  manufactureDate: row.manufactureDate ? dayjs(row.manufactureDate) : null,
  expiryDate: row.expiryDate ? dayjs(row.expiryDate) : null,
  controlRanges: CONTROL_LEVELS.map((index) => ({
    ...(row.controlRanges[index] ?? { min: null, max: null }),
  })),
});

const bodyOf = (values: StripValues) => ({
  item: values.item,
  type: textOrNull(values.type),
  lotNumber: (values.lotNumber ?? '').trim(),
  manufactureDate: dayOrNull(values.manufactureDate),
  expiryDate: dayOrNull(values.expiryDate),
  controlRanges: CONTROL_LEVELS.map((index) => ({
    min: values.controlRanges?.[index]?.min ?? null,
    max: values.controlRanges?.[index]?.max ?? null,
  })),
});

/** The ranges as one line each: "L0 2.0-3.6" (levels without a range left out). */
export function rangesText(t: TFunction, ranges: TestStrip['controlRanges']): string[] {
  return ranges.flatMap((range, index) =>
    range.min !== null && range.max !== null
      ? [`${t('qcRegistry.controls.levelShort', { level: index })} ${range.min}-${range.max}`]
      : [],
  );
}

async function findStrip(base: TestStrip): Promise<TestStrip | null> {
  const page = await fetchStripPage({ queryCondition: base.lotNumber, page: 1, size: 50 });
  return page.records.find((row) => row.id === base.id) ?? null;
}

/** The strip dialog: the domain's `testStripSchema` (lot 6-18, dates in order, min and max of one range at least). */
function StripForm({
  record,
  onClose,
  onSaved,
}: {
  record: TestStrip | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findStrip, valuesOf);
  const items = useItemOptions();
  const types = useQuery({
    queryKey: ['quality', 'stripTypes'],
    queryFn: ({ signal }) => fetchStripTypes(signal),
    meta: { silent: true },
  });
  const typeOptions = [...new Set((types.data ?? []).flatMap((entry) => entry.types))].map((value) => ({
    value,
  }));
  const rule = schemaRules(testStripSchema, () => bodyOf(edit.form.getFieldsValue(true) as StripValues));
  const bound = (index: number, field: 'min' | 'max') => (
    <Col xs={12} key={field}>
      <Form.Item
        name={['controlRanges', index, field]}
        label={t(`qcRegistry.strips.${field}`)}
        rules={[rule(`controlRanges.${index}.${field}`), rule('controlRanges')]}
        dependencies={[['controlRanges', index, field === 'min' ? 'max' : 'min']]}
      >
        <InputNumber style={{ width: '100%' }} data-testid={`strip-l${index}-${field}`} />
      </Form.Item>
    </Col>
  );
  return (
    <DialogForm<TestStrip, StripValues>
      edit={edit}
      title={record ? t('qcRegistry.strips.editTitle') : t('qcRegistry.strips.createTitle')}
      width={680}
      dateFormatter={false}
      initialValues={record ? valuesOf(record) : { item: 'GLU', lotNumber: '', controlRanges: [{}, {}, {}] }}
      conflictField="lotNumber"
      onClose={onClose}
      save={(values, base) => {
        const body = bodyOf(values);
        return base ? updateStrip({ ...body, id: base.id, version: base.version }) : createStrip(body);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item name="lotNumber" label={t('qcRegistry.lotNumber')} rules={[rule('lotNumber')]} required>
          <Input maxLength={FIELD_LIMITS.lot.max} autoComplete="off" data-testid="strip-lot" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="item" label={t('qcRegistry.item')} rules={[rule('item')]} required>
          <Select options={items.data ?? []} loading={items.isLoading} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="type" label={t('qcRegistry.type')} rules={[rule('type')]}>
          <AutoComplete options={typeOptions} maxLength={60} filterOption data-testid="strip-type" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} />
      <Col xs={24} sm={12}>
        <Form.Item
          name="manufactureDate"
          label={t('qcRegistry.manufactureDate')}
          rules={[rule('manufactureDate')]}
        >
          <DayPicker />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="expiryDate"
          label={t('qcRegistry.expiryDate')}
          rules={[rule('expiryDate')]}
          dependencies={['manufactureDate']}
        >
          <DayPicker testId="strip-expiry" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Divider orientation="left" plain>
          {t('qcRegistry.strips.ranges')}
        </Divider>
      </Col>
      {CONTROL_LEVELS.map((index) => (
        <Col xs={24} sm={8} key={index}>
          <Typography.Text strong>{t('qcRegistry.controls.level', { level: index })}</Typography.Text>
          <Row gutter={8}>
            {bound(index, 'min')}
            {bound(index, 'max')}
          </Row>
        </Col>
      ))}
    </DialogForm>
  );
}

/**
 * `/quality/strip`: test strip lots with the control range per level, expiry (red when past), count
 * tested and status; add, edit, change status, delete.
 */
export default function TestStripPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMS.edit);
  const [editing, setEditing] = useState<{ record: TestStrip | null } | null>(null);
  const reload = useListReload(STRIP_LIST);
  const items = useItemOptions();

  const columns: ProColumns<TestStrip>[] = [
    ...lotSearchColumns<TestStrip>(t, items.data ?? [], t('qcRegistry.strips.searchPlaceholder')),
    ...lotIdentityColumns<TestStrip>(t, mobile),
    { title: t('qcRegistry.type'), dataIndex: 'type', search: false, width: 190 },
    ...lotStateColumns<TestStrip>(t),
    {
      title: t('qcRegistry.strips.rangesShort'),
      key: 'ranges',
      search: false,
      width: 150,
      render: (_, row) => (
        <span className="gc-small">
          {rangesText(t, row.controlRanges).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </span>
      ),
    },
    { title: t('qcRegistry.strips.countTested'), dataIndex: 'countTested', search: false, width: 100 },
    { title: t('qcRegistry.inUseOn'), dataIndex: 'analyzerCount', search: false, width: 110 },
    { title: t('qcRegistry.manufactureDate'), dataIndex: 'manufactureDate', search: false, width: 110 },
    updatedAtColumn<TestStrip>(t),
  ];

  return (
    <PageWrapper
      title={t('qcRegistry.strips.title')}
      description={t('qcRegistry.strips.intro')}
      testId="quality-strip-page"
    >
      <ListPage<TestStrip, LotFilter>
        name={STRIP_LIST}
        columnsKey="gc-columns-quality-strips"
        columns={columns}
        hiddenColumns={['manufactureDate', 'updatedAt']}
        request={fetchStripPage}
        texts={{ empty: t('qcRegistry.strips.empty'), loadFailed: t('qcRegistry.strips.loadFailed') }}
        rowActions={
          canEdit
            ? {
                extra: (row) => (
                  <LotStatusMenu
                    lot={row}
                    change={(status) => changeStripStatus({ id: row.id, version: row.version, status })}
                    onChanged={reload}
                  />
                ),
                edit: (row) => setEditing({ record: row }),
                remove: {
                  question: (row) => t('qcRegistry.strips.deleteConfirm', { name: row.lotNumber }),
                  run: (row) => deleteStrip(row.id, row.version),
                },
              }
            : undefined
        }
        create={
          canEdit
            ? {
                testId: 'strip-create',
                label: t('qcRegistry.strips.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName: t('qcRegistry.strips.exportFileName'),
          sheetName: t('qcRegistry.strips.title'),
          columns: [
            { title: t('qcRegistry.lotNumber'), dataIndex: 'lotNumber' },
            { title: t('qcRegistry.item'), dataIndex: 'itemName' },
            { title: t('qcRegistry.type'), dataIndex: 'type' },
            {
              title: t('qcRegistry.changeStatus'),
              dataIndex: 'status',
              render: (_value, row) => t(`qcRegistry.lotStatus.${row.status}`),
            },
            { title: t('qcRegistry.manufactureDate'), dataIndex: 'manufactureDate' },
            { title: t('qcRegistry.expiryDate'), dataIndex: 'expiryDate' },
            {
              title: t('qcRegistry.strips.ranges'),
              dataIndex: 'controlRanges',
              render: (_value, row) => rangesText(t, row.controlRanges),
            },
            { title: t('qcRegistry.strips.countTested'), dataIndex: 'countTested' },
            { title: t('qcRegistry.inUseOn'), dataIndex: 'analyzerCount' },
          ],
        }}
        print={{ title: t('qcRegistry.strips.title') }}
      />
      {editing ? (
        <StripForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
