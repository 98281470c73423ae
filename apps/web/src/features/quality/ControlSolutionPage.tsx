import type { ProColumns } from '@ant-design/pro-components';
import { CONTROL_LEVELS, FIELD_LIMITS } from '@glucocare/domain';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { controlOpenBodySchema, controlSolutionSchema, type QcItem } from '@glucocare/domain/rules';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DialogForm, textOrNull, useActionForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { hospitalToday } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { updatedAtColumn } from '../../components/list-page/row-parts';
import { PageWrapper } from '../../components/PageWrapper';
import type { DateValue } from '../patients/patient-form';
import {
  type ControlSolution,
  changeControlStatus,
  createControl,
  deleteControl,
  fetchControlPage,
  type LotFilter,
  openControl,
  updateControl,
} from './registry-api';
import {
  DateField,
  DateFlag,
  DayPicker,
  dayOrNull,
  LotStatusMenu,
  lotIdentityColumns,
  lotSearchColumns,
  lotStateColumns,
  schemaRules,
  useItemOptions,
} from './registry-parts';

const CONTROL_LIST = 'qualityControls';
const PERMS = PERMISSIONS.quality.controls;

type NumberValue = number | null | undefined;
interface LevelValues {
  target?: NumberValue;
  sd?: NumberValue;
  rangeLow?: NumberValue;
  rangeHigh?: NumberValue;
}
interface ControlValues {
  item: QcItem;
  lotNumber: string;
  manufactureDate?: DateValue | null;
  expiryDate?: DateValue | null;
  manufacturer?: string;
  type?: string;
  levels: LevelValues[];
}

const valuesOf = (row: ControlSolution): ControlValues => ({
  item: row.item,
  lotNumber: row.lotNumber,
  manufactureDate: dayjs(row.manufactureDate),
  expiryDate: dayjs(row.expiryDate),
  manufacturer: row.manufacturer ?? '',
  type: row.type ?? '',
  levels: row.levels.map((level) => ({ ...level })),
});

const bodyOf = (values: ControlValues) => ({
  item: values.item,
  lotNumber: (values.lotNumber ?? '').trim(),
  manufactureDate: dayOrNull(values.manufactureDate) ?? '',
  expiryDate: dayOrNull(values.expiryDate) ?? '',
  manufacturer: textOrNull(values.manufacturer),
  type: textOrNull(values.type),
  levels: CONTROL_LEVELS.map((index) => {
    const level = values.levels?.[index] ?? {};
    return {
      sd: level.sd ?? (undefined as unknown as number),
      target: level.target ?? (undefined as unknown as number),
      rangeLow: level.rangeLow ?? null,
      rangeHigh: level.rangeHigh ?? null,
    };
  }),
});

/** The levels as one line each: "L0 2.8 ± 0.2 (2.2-3.4)". */
export function levelsText(t: TFunction, levels: ControlSolution['levels']): string[] {
  return levels.map((level, index) => {
    const range =
      level.rangeLow !== null && level.rangeHigh !== null ? ` (${level.rangeLow}-${level.rangeHigh})` : '';
    return `${t('qcRegistry.controls.levelShort', { level: index })} ${level.target} ± ${level.sd}${range}`;
  });
}

async function findControl(base: ControlSolution): Promise<ControlSolution | null> {
  const page = await fetchControlPage({ queryCondition: base.lotNumber, page: 1, size: 50 });
  return page.records.find((row) => row.id === base.id) ?? null;
}

/** The control solution dialog: the domain's `controlSolutionSchema` (lot 6-18, dates in order, levels 0-2). */
function ControlForm({
  record,
  onClose,
  onSaved,
}: {
  record: ControlSolution | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findControl, valuesOf);
  const items = useItemOptions();
  const rule = schemaRules(controlSolutionSchema, () =>
    bodyOf(edit.form.getFieldsValue(true) as ControlValues),
  );
  const number = (index: number, field: keyof LevelValues, label: string, required: boolean) => (
    <Col xs={12} sm={6} key={field}>
      <Form.Item
        name={['levels', index, field]}
        label={label}
        rules={[rule(`levels.${index}.${field}`)]}
        required={required}
      >
        <InputNumber
          style={{ width: '100%' }}
          min={field === 'sd' || field === 'target' ? 0 : undefined}
          data-testid={`control-l${index}-${field}`}
        />
      </Form.Item>
    </Col>
  );
  return (
    <DialogForm<ControlSolution, ControlValues>
      edit={edit}
      panel
      title={record ? t('qcRegistry.controls.editTitle') : t('qcRegistry.controls.createTitle')}
      width={720}
      dateFormatter={false}
      initialValues={record ? valuesOf(record) : { item: 'GLU', lotNumber: '', levels: [{}, {}, {}] }}
      conflictField="lotNumber"
      onClose={onClose}
      save={(values, base) => {
        const body = bodyOf(values);
        return base ? updateControl({ ...body, id: base.id, version: base.version }) : createControl(body);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item name="lotNumber" label={t('qcRegistry.lotNumber')} rules={[rule('lotNumber')]} required>
          <Input maxLength={FIELD_LIMITS.lot.max} autoComplete="off" data-testid="control-lot" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="item" label={t('qcRegistry.item')} rules={[rule('item')]} required>
          <Select options={items.data ?? []} loading={items.isLoading} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="manufactureDate"
          label={t('qcRegistry.manufactureDate')}
          rules={[rule('manufactureDate')]}
          required
        >
          <DayPicker testId="control-manufacture" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="expiryDate"
          label={t('qcRegistry.expiryDate')}
          rules={[rule('expiryDate')]}
          dependencies={['manufactureDate']}
          required
        >
          <DayPicker testId="control-expiry" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="manufacturer" label={t('qcRegistry.manufacturer')} rules={[rule('manufacturer')]}>
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="type" label={t('qcRegistry.type')} rules={[rule('type')]}>
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Divider orientation="left" plain>
          {t('qcRegistry.controls.levels')}
        </Divider>
      </Col>
      {CONTROL_LEVELS.map((index) => (
        <Col xs={24} key={index}>
          <Typography.Text strong>{t('qcRegistry.controls.level', { level: index })}</Typography.Text>
          <Row gutter={16}>
            {number(index, 'target', t('qcRegistry.controls.target'), true)}
            {number(index, 'sd', t('qcRegistry.controls.sd'), true)}
            {number(index, 'rangeLow', t('qcRegistry.controls.rangeLow'), false)}
            {number(index, 'rangeHigh', t('qcRegistry.controls.rangeHigh'), false)}
          </Row>
        </Col>
      ))}
    </DialogForm>
  );
}

/** Open a vial: the opened date (not ahead); the server sets the discard date from the QC strategy. */
function OpenForm({
  lot,
  onClose,
  onSaved,
}: {
  lot: ControlSolution;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<{ openedOn?: DateValue | null }>();
  return (
    <DialogForm<{ id: number }, { openedOn?: DateValue | null }, ControlSolution>
      edit={edit}
      title={t('qcRegistry.controls.openTitle', { lot: lot.lotNumber })}
      width={440}
      dateFormatter={false}
      initialValues={{ openedOn: hospitalToday() }}
      testId="control-open-form"
      onClose={onClose}
      save={(values) =>
        openControl(lot.id, { version: lot.version, openedOn: dayOrNull(values.openedOn) ?? '' })
      }
      onSaved={onSaved}
    >
      <DateField
        name="openedOn"
        label={t('qcRegistry.controls.openedOn')}
        schema={controlOpenBodySchema.shape.openedOn}
        required
        sm={24}
        extra={t('qcRegistry.controls.openHint')}
        testId="control-opened-on"
      />
    </DialogForm>
  );
}

/**
 * `/quality/control`: control solution lots with their levels 0-2, opened and discard dates (red when
 * past), status normal / invalid / suspended (§4); add, edit, open a vial, change status, delete.
 */
export default function ControlSolutionPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMS.edit);
  const [editing, setEditing] = useState<{ record: ControlSolution | null } | null>(null);
  const [opening, setOpening] = useState<ControlSolution | null>(null);
  const reload = useListReload(CONTROL_LIST);
  const items = useItemOptions();

  const columns: ProColumns<ControlSolution>[] = [
    ...lotSearchColumns<ControlSolution>(t, items.data ?? [], t('qcRegistry.controls.searchPlaceholder')),
    ...lotIdentityColumns<ControlSolution>(t, mobile),
    ...lotStateColumns<ControlSolution>(t),
    {
      title: t('qcRegistry.controls.openedOn'),
      dataIndex: 'openedOn',
      search: false,
      width: 110,
      render: (_, row) => row.openedOn ?? t('qcRegistry.controls.notOpened'),
    },
    {
      title: t('qcRegistry.controls.discardOn'),
      dataIndex: 'discardOn',
      search: false,
      width: 150,
      render: (_, row) => (
        <DateFlag
          date={row.discardOn}
          past={row.isDiscarded}
          pastText={t('qcRegistry.controls.pastDiscard')}
        />
      ),
    },
    {
      title: t('qcRegistry.controls.levelsShort'),
      key: 'levels',
      search: false,
      width: 240,
      render: (_, row) => (
        <span className="gc-small gc-nowrap">
          {levelsText(t, row.levels).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </span>
      ),
    },
    { title: t('qcRegistry.manufacturer'), dataIndex: 'manufacturer', search: false, width: 120 },
    { title: t('qcRegistry.type'), dataIndex: 'type', search: false, width: 160 },
    { title: t('qcRegistry.manufactureDate'), dataIndex: 'manufactureDate', search: false, width: 110 },
    { title: t('qcRegistry.inUseOn'), dataIndex: 'analyzerCount', search: false, width: 110 },
    updatedAtColumn<ControlSolution>(t),
  ];

  return (
    <PageWrapper
      title={t('qcRegistry.controls.title')}
      description={t('qcRegistry.controls.intro')}
      testId="quality-control-page"
    >
      <ListPage<ControlSolution, LotFilter>
        name={CONTROL_LIST}
        columnsKey="gc-columns-quality-controls"
        columns={columns}
        hiddenColumns={['type', 'manufactureDate', 'updatedAt']}
        request={fetchControlPage}
        texts={{ empty: t('qcRegistry.controls.empty'), loadFailed: t('qcRegistry.controls.loadFailed') }}
        rowActions={
          canEdit
            ? {
                extra: (row) => (
                  <>
                    <Button
                      type="link"
                      size="small"
                      data-testid={`control-open-${row.lotNumber}`}
                      onClick={() => setOpening(row)}
                    >
                      {t('qcRegistry.controls.open')}
                    </Button>
                    <LotStatusMenu
                      lot={row}
                      change={(status) => changeControlStatus({ id: row.id, version: row.version, status })}
                      onChanged={reload}
                    />
                  </>
                ),
                edit: (row) => setEditing({ record: row }),
                remove: {
                  question: (row) => t('qcRegistry.controls.deleteConfirm', { name: row.lotNumber }),
                  run: (row) => deleteControl(row.id, row.version),
                },
              }
            : undefined
        }
        create={
          canEdit
            ? {
                testId: 'control-create',
                label: t('qcRegistry.controls.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName: t('qcRegistry.controls.exportFileName'),
          sheetName: t('qcRegistry.controls.title'),
          columns: [
            { title: t('qcRegistry.lotNumber'), dataIndex: 'lotNumber' },
            { title: t('qcRegistry.item'), dataIndex: 'itemName' },
            {
              title: t('qcRegistry.changeStatus'),
              dataIndex: 'status',
              render: (_value, row) => t(`qcRegistry.lotStatus.${row.status}`),
            },
            { title: t('qcRegistry.manufactureDate'), dataIndex: 'manufactureDate' },
            { title: t('qcRegistry.expiryDate'), dataIndex: 'expiryDate' },
            { title: t('qcRegistry.controls.openedOn'), dataIndex: 'openedOn' },
            { title: t('qcRegistry.controls.discardOn'), dataIndex: 'discardOn' },
            {
              title: t('qcRegistry.controls.levels'),
              dataIndex: 'levels',
              render: (_value, row) => levelsText(t, row.levels),
            },
            { title: t('qcRegistry.manufacturer'), dataIndex: 'manufacturer' },
            { title: t('qcRegistry.type'), dataIndex: 'type' },
            { title: t('qcRegistry.inUseOn'), dataIndex: 'analyzerCount' },
          ],
        }}
        print={{ title: t('qcRegistry.controls.title') }}
      />
      {editing ? (
        <ControlForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {opening ? (
        <OpenForm
          lot={opening}
          onClose={() => setOpening(null)}
          onSaved={() => {
            setOpening(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
