import type { ProColumns } from '@ant-design/pro-components';
import { FIELD_LIMITS } from '@glucocare/domain';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { analyzerSchema } from '@glucocare/domain/rules';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Select, Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { PageWrapper } from '../../components/PageWrapper';
import { LockoutDrawer } from './LockoutDrawer';
import {
  type Analyzer,
  type AnalyzerFilter,
  changeAnalyzerStatus,
  createAnalyzer,
  deleteAnalyzer,
  fetchAnalyzerPage,
  fetchUsableControls,
  fetchUsableStrips,
  updateAnalyzer,
} from './registry-api';
import { useManufacturerOptions } from './registry-parts';

const ANALYZER_LIST = 'qualityAnalyzers';
const PERMS = PERMISSIONS.quality.analyzers;

type LotRef = NonNullable<Analyzer['controlSolution']>;

/** A lot in use as a line: its number, and why it is unusable today when it is. */
export function lotText(t: TFunction, lot: LotRef | null): string {
  if (!lot) return t('qcRegistry.none');
  return lot.unusable ? `${lot.lotNumber} (${t(`qcRegistry.unusable.${lot.unusable}`)})` : lot.lotNumber;
}

function LotCell({ lot }: { lot: LotRef | null }) {
  const { t } = useTranslation();
  if (!lot) return <span className="gc-muted">{t('qcRegistry.none')}</span>;
  return lot.unusable ? (
    <span className="gc-nowrap">
      {lot.lotNumber} <Tag color="red">{t(`qcRegistry.unusable.${lot.unusable}`)}</Tag>
    </span>
  ) : (
    <span className="gc-nowrap">{lot.lotNumber}</span>
  );
}

/** The lock reasons in words (LOCK_REASONS order, as the server lists them). */
export const lockText = (t: TFunction, lock: Analyzer['lock']) =>
  lock.locked
    ? `${t('qcRegistry.locked')}: ${lock.reasons.map((reason) => t(`qcRegistry.lockReason.${reason}`)).join(', ')}`
    : t('qcRegistry.unlocked');

/** The QC lock state: a red "QC locked" tag with its reasons, or a quiet "not locked". */
export function LockCell({ lock }: { lock: Analyzer['lock'] }) {
  const { t } = useTranslation();
  if (!lock.locked) return <span className="gc-muted">{t('qcRegistry.unlocked')}</span>;
  const reasons = lock.reasons.map((reason) => t(`qcRegistry.lockReason.${reason}`)).join(', ');
  return (
    <Tooltip title={reasons}>
      <Space size={2} direction="vertical" data-testid="analyzer-locked">
        <Tag color="red">{t('qcRegistry.locked')}</Tag>
        <span className="gc-small">{reasons}</span>
      </Space>
    </Tooltip>
  );
}

function LastQcCell({ row }: { row: Analyzer }) {
  const { t } = useTranslation();
  if (!row.lastQcAt) return <span className="gc-muted">{t('qcRegistry.analyzers.noQc')}</span>;
  const pass = row.lastQcResult === 'pass';
  return (
    <span className="gc-nowrap">
      {formatDateTime(row.lastQcAt)}{' '}
      <Tag color={pass ? 'green' : 'red'}>
        {t(pass ? 'qcRegistry.analyzers.pass' : 'qcRegistry.analyzers.fail')}
      </Tag>
    </span>
  );
}

interface AnalyzerValues {
  model: string;
  manufacturer?: string;
  sn: string;
  workStation: string;
  departmentCode?: string;
  isSpare: boolean;
  isActive: boolean;
  controlSolutionId?: number | null;
  testStripId?: number | null;
}

const valuesOf = (row: Analyzer): AnalyzerValues => ({
  model: row.model,
  manufacturer: row.manufacturer ?? '',
  sn: row.sn,
  workStation: row.workStation,
  departmentCode: row.departmentCode,
  isSpare: row.isSpare,
  isActive: row.isActive,
  controlSolutionId: row.controlSolution?.id ?? null,
  testStripId: row.testStrip?.id ?? null,
});

async function findAnalyzer(base: Analyzer): Promise<Analyzer | null> {
  const page = await fetchAnalyzerPage({ queryCondition: base.sn, page: 1, size: 20 });
  return page.records.find((row) => row.id === base.id) ?? null;
}

/** The lots a meter may be given, plus the one it has (which may since have become unusable). */
function useLotOptions(record: Analyzer | null) {
  const { t } = useTranslation();
  const controls = useQuery({
    queryKey: ['quality', 'usableControls'],
    queryFn: ({ signal }) => fetchUsableControls(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const strips = useQuery({
    queryKey: ['quality', 'usableStrips'],
    queryFn: ({ signal }) => fetchUsableStrips(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const options = (
    lots: { id: number; lotNumber: string; itemName: string; expiryDate: string | null }[],
    current: LotRef | null | undefined,
  ) => {
    const list = lots.map((lot) => ({
      value: lot.id,
      label: `${lot.lotNumber} · ${lot.itemName}${lot.expiryDate ? ` · ${lot.expiryDate}` : ''}`,
    }));
    if (current && !lots.some((lot) => lot.id === current.id)) {
      list.push({ value: current.id, label: lotText(t, current) });
    }
    return list;
  };
  return {
    controls: options(controls.data ?? [], record?.controlSolution),
    strips: options(strips.data ?? [], record?.testStrip),
    loading: controls.isLoading || strips.isLoading,
  };
}

/** The analyzer dialog: the domain's `analyzerSchema` (model 3-32, SN exactly 11, work station, department). */
function AnalyzerForm({
  record,
  onClose,
  onSaved,
}: {
  record: Analyzer | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findAnalyzer, valuesOf);
  const shape = analyzerSchema.shape;
  const lots = useLotOptions(record);
  return (
    <DialogForm<Analyzer, AnalyzerValues>
      edit={edit}
      title={record ? t('qcRegistry.analyzers.editTitle') : t('qcRegistry.analyzers.createTitle')}
      width={680}
      initialValues={
        record ? valuesOf(record) : { isSpare: false, isActive: true, sn: '', model: '', workStation: '' }
      }
      conflictField="sn"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          model: values.model.trim(),
          manufacturer: textOrNull(values.manufacturer),
          sn: values.sn.trim(),
          workStation: values.workStation.trim(),
          departmentCode: values.departmentCode ?? '',
          isSpare: values.isSpare,
          isActive: values.isActive,
          controlSolutionId: values.controlSolutionId ?? null,
          testStripId: values.testStripId ?? null,
        };
        return base
          ? updateAnalyzer({ ...input, id: base.id, version: base.version })
          : createAnalyzer(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item
          name="sn"
          label={t('qcRegistry.analyzers.sn')}
          rules={[zodRule(shape.sn)]}
          required
          extra={t('qcRegistry.analyzers.snHint')}
        >
          <Input maxLength={FIELD_LIMITS.analyzerSn.max} autoComplete="off" data-testid="analyzer-sn" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="model"
          label={t('qcRegistry.analyzers.model')}
          rules={[zodRule(shape.model)]}
          required
        >
          <Input maxLength={FIELD_LIMITS.deviceType.max} autoComplete="off" data-testid="analyzer-model" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="manufacturer"
          label={t('qcRegistry.manufacturer')}
          rules={[zodRule(shape.manufacturer, { optional: true })]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="workStation"
          label={t('qcRegistry.analyzers.workStation')}
          rules={[zodRule(shape.workStation)]}
          required
        >
          <Input maxLength={60} autoComplete="off" data-testid="analyzer-work-station" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="departmentCode"
          label={t('qcRegistry.analyzers.department')}
          rules={[zodRule(shape.departmentCode)]}
          required
        >
          <DepartmentTreeSelect source="scope" allowClear={false} data-testid="analyzer-department" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isSpare" label={t('qcRegistry.analyzers.kind')}>
          <Radio.Group
            options={[
              { value: false, label: t('qcRegistry.analyzers.machine') },
              { value: true, label: t('qcRegistry.analyzers.spare') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="controlSolutionId"
          label={t('qcRegistry.analyzers.controlLot')}
          extra={t('qcRegistry.analyzers.lotHint')}
        >
          <Select
            allowClear
            options={lots.controls}
            loading={lots.loading}
            placeholder={t('qcRegistry.none')}
            data-testid="analyzer-control"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="testStripId" label={t('qcRegistry.analyzers.stripLot')}>
          <Select
            allowClear
            options={lots.strips}
            loading={lots.loading}
            placeholder={t('qcRegistry.none')}
            data-testid="analyzer-strip"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isActive" label={t('common.status')}>
          <Radio.Group
            options={[
              { value: true, label: t('common.enabled') },
              { value: false, label: t('common.disabled') },
            ]}
          />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/**
 * `/quality/analyzer`: the glucose meters of the caller's wards (and spares lent to them) with the lots
 * in use, the last QC and the QC lock state; add, edit, enable and stop, delete; the lockout drawer.
 */
export default function AnalyzerPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMS.edit);
  const [editing, setEditing] = useState<{ record: Analyzer | null } | null>(null);
  const [lockout, setLockout] = useState<number | null>(null);
  const reload = useListReload(ANALYZER_LIST);
  const makers = useManufacturerOptions();

  const columns: ProColumns<Analyzer>[] = [
    {
      title: t('qcRegistry.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('qcRegistry.analyzers.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('qcRegistry.analyzers.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('qcRegistry.analyzers.kind'),
      dataIndex: 'isSpare',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: [
          { value: false, label: t('qcRegistry.analyzers.machine') },
          { value: true, label: t('qcRegistry.analyzers.spare') },
        ],
      },
    },
    {
      title: t('qcRegistry.manufacturer'),
      dataIndex: 'manufactor',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), options: makers.data ?? [], loading: makers.isLoading },
    },
    {
      title: t('qcRegistry.analyzers.sn'),
      dataIndex: 'sn',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 130,
      render: (_, row) => <span className={row.isActive ? 'gc-nowrap' : 'gc-nowrap gc-muted'}>{row.sn}</span>,
    },
    { title: t('qcRegistry.analyzers.model'), dataIndex: 'model', search: false, width: 160 },
    {
      title: t('qcRegistry.analyzers.lock'),
      key: 'lock',
      search: false,
      width: 150,
      render: (_, row) => <LockCell lock={row.lock} />,
    },
    {
      title: t('qcRegistry.analyzers.department'),
      dataIndex: 'departmentName',
      search: false,
      width: 140,
      render: (_, row) => (
        <Space size={2} direction="vertical">
          <span>{row.departmentName || row.departmentCode}</span>
          {row.loan ? (
            <Tag color="blue">
              {t('qcRegistry.analyzers.lentTo', { department: row.loan.departmentName })}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('qcRegistry.analyzers.workStation'), dataIndex: 'workStation', search: false, width: 160 },
    {
      title: t('qcRegistry.analyzers.kind'),
      key: 'kind',
      search: false,
      width: 100,
      render: (_, row) => (row.isSpare ? t('qcRegistry.analyzers.spare') : t('qcRegistry.analyzers.machine')),
    },
    {
      title: t('qcRegistry.analyzers.controlLot'),
      key: 'control',
      search: false,
      width: 150,
      render: (_, row) => <LotCell lot={row.controlSolution} />,
    },
    {
      title: t('qcRegistry.analyzers.stripLot'),
      key: 'strip',
      search: false,
      width: 150,
      render: (_, row) => <LotCell lot={row.testStrip} />,
    },
    {
      title: t('qcRegistry.analyzers.lastQc'),
      key: 'lastQc',
      search: false,
      width: 190,
      render: (_, row) => <LastQcCell row={row} />,
    },
    { title: t('qcRegistry.manufacturer'), dataIndex: 'manufacturer', search: false, width: 130 },
    STATUS_COLUMN,
    updatedAtColumn<Analyzer>(t),
  ];

  return (
    <PageWrapper
      title={t('qcRegistry.analyzers.title')}
      description={t('qcRegistry.analyzers.intro')}
      testId="quality-analyzer-page"
    >
      <ListPage<Analyzer, AnalyzerFilter>
        name={ANALYZER_LIST}
        columnsKey="gc-columns-quality-analyzers"
        columns={columns}
        hiddenColumns={['manufacturer', 'updatedAt']}
        request={fetchAnalyzerPage}
        texts={{ empty: t('qcRegistry.analyzers.empty'), loadFailed: t('qcRegistry.analyzers.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: (row) => row.sn,
          change: (row, isActive) => changeAnalyzerStatus({ id: row.id, version: row.version, isActive }),
        }}
        rowActions={{
          extra: (row) => (
            <Button
              type="link"
              size="small"
              data-testid={`analyzer-lockout-${row.sn}`}
              onClick={() => setLockout(row.id)}
            >
              {t('qcRegistry.lockout')}
            </Button>
          ),
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canEdit
            ? {
                question: (row) => t('qcRegistry.analyzers.deleteConfirm', { name: row.sn }),
                run: (row) => deleteAnalyzer(row.id, row.version),
                refusal: (row) =>
                  row.loan ? t('qcRegistry.analyzers.lentTo', { department: row.loan.departmentName }) : null,
              }
            : undefined,
        }}
        create={
          canEdit
            ? {
                testId: 'analyzer-create',
                label: t('qcRegistry.analyzers.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName: t('qcRegistry.analyzers.exportFileName'),
          sheetName: t('qcRegistry.analyzers.title'),
          columns: [
            { title: t('qcRegistry.analyzers.sn'), dataIndex: 'sn' },
            { title: t('qcRegistry.analyzers.model'), dataIndex: 'model' },
            { title: t('qcRegistry.manufacturer'), dataIndex: 'manufacturer' },
            { title: t('qcRegistry.analyzers.department'), dataIndex: 'departmentName' },
            { title: t('qcRegistry.analyzers.workStation'), dataIndex: 'workStation' },
            {
              title: t('qcRegistry.analyzers.kind'),
              dataIndex: 'isSpare',
              render: (_value, row) =>
                row.isSpare ? t('qcRegistry.analyzers.spare') : t('qcRegistry.analyzers.machine'),
            },
            {
              title: t('qcRegistry.analyzers.controlLot'),
              dataIndex: 'controlSolution',
              render: (_value, row) => lotText(t, row.controlSolution),
            },
            {
              title: t('qcRegistry.analyzers.stripLot'),
              dataIndex: 'testStrip',
              render: (_value, row) => lotText(t, row.testStrip),
            },
            { title: t('qcRegistry.analyzers.lastQc'), dataIndex: 'lastQcAt', dateFormat: 'dateTime' },
            {
              title: t('qcRegistry.analyzers.lock'),
              dataIndex: 'lock',
              render: (_value, row) => lockText(t, row.lock),
            },
            statusExcelColumn<Analyzer>(),
          ],
        }}
        print={{ title: t('qcRegistry.analyzers.title') }}
      />
      {editing ? (
        <AnalyzerForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <LockoutDrawer analyzerId={lockout} onClose={() => setLockout(null)} />
    </PageWrapper>
  );
}
