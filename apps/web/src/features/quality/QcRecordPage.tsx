import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { Button, Col, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { dateTimeInZone, fromPicker, toPicker } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { askReason } from '../../components/reason-prompt';
import { LockoutDrawer } from './LockoutDrawer';
import {
  deleteQcRecord,
  fetchQcRecordPage,
  type QcRecordFilter,
  type QcRecordView,
  updateQcRecord,
} from './runs-api';
import { QcRunDialog, WhenAndWhoFields } from './runs-entry';
import { ResultTag, rangeText, ViolationTags, valueText } from './runs-format';

const QC_RECORDS = 'qualityRecords';
const Q = PERMISSIONS.quality;

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

interface CorrectionValues {
  testedAt: Dayjs;
  testValue: number | null;
  result: 'pass' | 'fail';
  tester: string;
  failureReason?: string;
  improvementActions?: string;
}

const correctionValuesOf = (record: QcRecordView): CorrectionValues => ({
  testedAt: toPicker(record.testedAt),
  testValue: record.testValue,
  result: record.enteredResult ?? record.result,
  tester: record.testerName,
  failureReason: record.failureReason ?? '',
  improvementActions: record.improvementActions ?? '',
});

async function findRecord(base: QcRecordView): Promise<QcRecordView | null> {
  const page = await fetchQcRecordPage({ sn: base.analyzerSn, page: 1, size: 100 });
  return page.records.find((record) => record.id === base.id) ?? null;
}

/** A correction of one record: judged again by the server (the failure texts required when it fails). */
function CorrectionDialog({
  record,
  onClose,
  onSaved,
}: {
  record: QcRecordView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findRecord, correctionValuesOf);
  return (
    <DialogForm<QcRecordView, CorrectionValues>
      edit={edit}
      title={t('qcRuns.correctTitle', { sn: record.analyzerSn, level: record.level })}
      width={560}
      dateFormatter={false}
      initialValues={correctionValuesOf(record)}
      onClose={onClose}
      save={(values, base) =>
        updateQcRecord({
          id: (base ?? record).id,
          version: (base ?? record).version,
          testedAt: fromPicker(values.testedAt),
          testValue: values.testValue as number,
          result: values.result,
          tester: values.tester.trim(),
          failureReason: values.failureReason?.trim() || null,
          improvementActions: values.improvementActions?.trim() || null,
        })
      }
      onSaved={onSaved}
    >
      <WhenAndWhoFields />
      <Col xs={24} sm={12}>
        <Form.Item
          name="testValue"
          label={t('qcRuns.testValue')}
          rules={[{ required: true, message: t('qcRuns.entry.valueRequired') }]}
        >
          <InputNumber
            min={0}
            max={1000}
            step={0.1}
            style={{ width: '100%' }}
            data-testid="qc-correct-value"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="result" label={t('qcRuns.enteredResult')}>
          <Select
            options={[
              { value: 'pass', label: t('qcRuns.result.pass') },
              { value: 'fail', label: t('qcRuns.result.fail') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="failureReason" label={t('qcRuns.failureReason')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="improvementActions" label={t('qcRuns.improvementActions')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/**
 * `/quality/record` (质控记录): the control runs of the caller's departments with their evaluation —
 * search, filters, Excel, print; entering a run (several levels at once, judged as typed), correcting
 * and deleting (with a reason) a record, and the analyzer's lockout drawer.
 */
export default function QcRecordPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(Q.records.edit);
  const canSeeLock = usePermission(Q.analyzers.list);
  const reload = useListReload(QC_RECORDS);
  const [entering, setEntering] = useState(false);
  const [correcting, setCorrecting] = useState<QcRecordView | null>(null);
  const [lockOf, setLockOf] = useState<number | null>(null);
  const none = t('common.none');

  const remove = async (record: QcRecordView) => {
    const reason = await askReason({
      title: t('qcRuns.deleteTitle'),
      content: t('qcRuns.deleteQuestion', {
        sn: record.analyzerSn,
        level: record.level,
        time: dateTimeInZone(record.testedAt),
      }),
      label: t('qcRuns.deleteReason'),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      check: (value) => (value ? null : t('qcRuns.deleteReasonRequired')),
    });
    if (reason === null) return;
    try {
      await deleteQcRecord(record.id, record.version, reason);
      toastSuccess(t('common.deleted'));
      reload();
    } catch (error) {
      showError(error);
    }
  };

  const columns: ProColumns<QcRecordView>[] = [
    {
      title: t('qcRuns.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('qcRuns.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('qcRuns.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('qcRuns.dateRange'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
    {
      title: t('qcRuns.resultColumn'),
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: { pass: { text: t('qcRuns.result.pass') }, fail: { text: t('qcRuns.result.fail') } },
    },
    {
      title: t('qcRuns.level'),
      dataIndex: 'level',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        [0, 1, 2].map((level) => [level, { text: t('qcRuns.levelName', { level }) }]),
      ),
    },
    {
      title: t('qcRuns.testedAt'),
      dataIndex: 'testedAt',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.testedAt)}</span>,
    },
    {
      title: t('qcRuns.sn'),
      dataIndex: 'analyzerSn',
      search: false,
      width: 130,
      render: (_, row) =>
        canSeeLock ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setLockOf(row.analyzerId)}>
            {row.analyzerSn}
          </Button>
        ) : (
          row.analyzerSn
        ),
    },
    { title: t('qcRuns.department'), dataIndex: 'departmentName', search: false, width: 110 },
    {
      title: t('qcRuns.level'),
      dataIndex: 'levelName',
      search: false,
      width: 80,
      render: (_, row) => t('qcRuns.levelName', { level: row.level }),
    },
    {
      title: t('qcRuns.testValue'),
      dataIndex: 'testValue',
      search: false,
      width: 90,
      render: (_, row) => <Typography.Text strong>{valueText(row.testValue, none)}</Typography.Text>,
    },
    {
      title: t('qcRuns.targetSd'),
      dataIndex: 'target',
      search: false,
      width: 110,
      render: (_, row) => `${valueText(row.target, none)} ± ${valueText(row.sd, none)}`,
    },
    {
      title: t('qcRuns.range'),
      dataIndex: 'rangeLow',
      search: false,
      width: 110,
      render: (_, row) => rangeText(row.rangeLow, row.rangeHigh, none),
    },
    {
      title: t('qcRuns.z'),
      dataIndex: 'z',
      search: false,
      width: 70,
      render: (_, row) => (row.z === null ? none : row.z.toFixed(2)),
    },
    {
      title: t('qcRuns.violations'),
      dataIndex: 'violations',
      search: false,
      width: 130,
      render: (_, row) => <ViolationTags rules={row.violations} />,
    },
    {
      title: t('qcRuns.resultColumn'),
      dataIndex: 'result',
      search: false,
      width: 90,
      render: (_, row) => <ResultTag result={row.result} />,
    },
    { title: t('qcRuns.controlLot'), dataIndex: 'controlLot', search: false, width: 120 },
    { title: t('qcRuns.stripLot'), dataIndex: 'stripLot', search: false, width: 120 },
    { title: t('qcRuns.tester'), dataIndex: 'testerName', search: false, width: 100 },
    {
      title: t('qcRuns.failureReason'),
      dataIndex: 'failureReason',
      search: false,
      width: 180,
      render: (_, row) => row.failureReason || '',
    },
    {
      title: t('qcRuns.improvementActions'),
      dataIndex: 'improvementActions',
      search: false,
      width: 180,
      render: (_, row) => row.improvementActions || '',
    },
    {
      title: t('qcRuns.source'),
      dataIndex: 'source',
      search: false,
      width: 90,
      render: (_, row) => t(`qcRuns.sourceName.${row.source}`),
    },
  ];

  return (
    <PageWrapper title={t('qcRuns.title')} description={t('qcRuns.intro')} testId="qc-record-page">
      <ListPage<QcRecordView, QcRecordFilter>
        name={QC_RECORDS}
        columnsKey="gc-columns-qc-records"
        columns={columns}
        hiddenColumns={['controlLot', 'stripLot', 'improvementActions', 'source']}
        request={fetchQcRecordPage}
        filterOf={(values) => ({
          queryCondition: text(values.queryCondition),
          departmentCode: text(values.departmentCode),
          beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
          endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
          status: (values.status as 'pass' | 'fail' | undefined) || undefined,
          level: values.level === undefined || values.level === '' ? undefined : Number(values.level),
        })}
        texts={{ empty: t('qcRuns.empty'), loadFailed: t('qcRuns.loadFailed') }}
        rowActions={
          canEdit
            ? {
                edit: (row) => setCorrecting(row),
                extra: (row) => (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => void remove(row)}
                    data-testid="qc-delete"
                  >
                    {t('common.delete')}
                  </Button>
                ),
              }
            : undefined
        }
        create={
          canEdit
            ? { testId: 'qc-run-create', label: t('qcRuns.create'), onClick: () => setEntering(true) }
            : undefined
        }
        excel={{
          fileName: t('qcRuns.exportFileName'),
          sheetName: t('qcRuns.title'),
          columns: [
            { title: t('qcRuns.testedAt'), dataIndex: 'testedAt', dateFormat: 'dateTime' },
            { title: t('qcRuns.sn'), dataIndex: 'analyzerSn' },
            { title: t('qcRuns.model'), dataIndex: 'analyzerModel' },
            { title: t('qcRuns.department'), dataIndex: 'departmentName' },
            { title: t('qcRuns.item'), dataIndex: 'item' },
            { title: t('qcRuns.level'), dataIndex: 'level' },
            { title: t('qcRuns.testValue'), dataIndex: 'testValue' },
            { title: t('qcRuns.target'), dataIndex: 'target' },
            { title: 'SD', dataIndex: 'sd' },
            { title: t('qcRuns.rangeLow'), dataIndex: 'rangeLow' },
            { title: t('qcRuns.rangeHigh'), dataIndex: 'rangeHigh' },
            { title: t('qcRuns.z'), dataIndex: 'z' },
            {
              title: t('qcRuns.violations'),
              dataIndex: 'violations',
              render: (value) => (value as string[]).join(', '),
            },
            {
              title: t('qcRuns.resultColumn'),
              dataIndex: 'result',
              render: (value) => t(`qcRuns.result.${value as string}`),
            },
            { title: t('qcRuns.controlLot'), dataIndex: 'controlLot' },
            { title: t('qcRuns.stripLot'), dataIndex: 'stripLot' },
            { title: t('qcRuns.tester'), dataIndex: 'testerName' },
            { title: t('qcRuns.failureReason'), dataIndex: 'failureReason' },
            { title: t('qcRuns.improvementActions'), dataIndex: 'improvementActions' },
          ],
        }}
        print={{ title: t('qcRuns.title') }}
      />
      {entering ? (
        <QcRunDialog
          onClose={() => setEntering(false)}
          onSaved={() => {
            setEntering(false);
            reload();
          }}
        />
      ) : null}
      {correcting ? (
        <CorrectionDialog
          record={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            reload();
          }}
        />
      ) : null}
      <LockoutDrawer analyzerId={lockOf} onClose={() => setLockOf(null)} />
    </PageWrapper>
  );
}
