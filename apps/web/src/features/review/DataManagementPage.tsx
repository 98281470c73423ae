import { DeleteOutlined, DownloadOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, type ProFormInstance, ProTable } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue, reasonNotTested } from '@glucocare/domain/review';
import { Button, Checkbox, Segmented, Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isAbort, isApiError } from '../../api/http';
import {
  type DataFilter,
  fetchDataExport,
  fetchDataPage,
  fetchDataPivot,
  type PivotPeriod,
  type PivotRow,
  type ReviewRecord,
} from '../../api/review';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { formatDateTime } from '../../components/format';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang, msg } from '../../i18n';
import { CorrectionModal, DeleteModal } from './CorrectionModal';
import { DoctorSelect } from './DoctorSelect';
import { PrintPreview, type PrintRequest } from './PrintPreview';
import {
  ClassificationTag,
  FilterProblemNotice,
  ItemTabs,
  PatientCell,
  ReadingValue,
  StatusTag,
} from './ReadingParts';
import {
  dataFilterOf,
  exportFileName,
  type FilterProblem,
  queryRangeRule,
  type ReviewSearchParams,
  thisMonth,
  valueBoundRule,
} from './review-filters';
import { classificationOptions, sourceLabel, statusOptions } from './review-options';
import { useDoctorOptions } from './use-doctor-options';
import { useItemUnit } from './use-item-unit';
import './review.css';

type View = 'list' | 'pivot';
type Row = ReviewRecord | PivotRow;
const isPivotRow = (row: Row): row is PivotRow => 'cells' in row;
const rowKey = (row: Row) => (isPivotRow(row) ? `${row.patientId}-${row.date}` : String(row.id));

/** The Excel columns of the readings (values as numbers in the display unit). */
function exportColumns(t: TFunction, unit: DisplayUnit): ExcelColumn<ReviewRecord>[] {
  return [
    { title: t('review.fields.testTime'), dataIndex: 'testTime', dateFormat: 'dateTime' },
    { title: t('review.fields.patient'), dataIndex: 'patientName' },
    { title: t('review.fields.bed'), dataIndex: 'bed' },
    { title: t('review.fields.inpatientNumber'), dataIndex: 'inpatientNumber' },
    { title: t('review.fields.department'), dataIndex: 'departmentName' },
    { title: t('review.fields.doctor'), dataIndex: 'doctorName' },
    { title: t('review.fields.period'), dataIndex: 'periodName' },
    {
      title: `${t('review.fields.value')} (${unit.name})`,
      dataIndex: 'testValue',
      render: (_, row) =>
        row.testValue === null ? null : Number(formatReadingValue(row.item, row.testValue, unit.code, row)),
    },
    {
      title: t('review.fields.classification'),
      dataIndex: 'determineType',
      render: (value) => (value ? t(`review.classes.${String(value)}`) : null),
    },
    {
      title: t('review.fields.untestedReason'),
      dataIndex: 'untestedReasonName',
      render: (_, row) => (row.rejectReason ? '' : reasonNotTested(row)),
    },
    {
      title: t('review.fields.rejectReason'),
      dataIndex: 'rejectReasonName',
      render: (_, row) => (row.rejectReason ? reasonNotTested(row) : ''),
    },
    { title: t('review.fields.tester'), dataIndex: 'testUser' },
    { title: t('review.fields.source'), dataIndex: 'source', render: (_, row) => sourceLabel(t, row.source) },
    {
      title: t('review.fields.status'),
      dataIndex: 'status',
      render: (_, row) => t(`review.status.${row.deletedAt ? 'deleted' : row.status}`),
    },
    { title: t('review.fields.approvedBy'), dataIndex: 'approvedBy' },
    { title: t('review.fields.approvedAt'), dataIndex: 'approvedAt', dateFormat: 'dateTime' },
    { title: t('review.fields.note'), dataIndex: 'note' },
    { title: t('review.fields.deleteReason'), dataIndex: 'deleteReason' },
  ];
}

/**
 * `/measurement/data`: hospital-wide glucose, ketone and uric-acid data of the caller's departments
 * (spec §2 "Data management"): query (start and end required), list and pivot by period, correction
 * and deletion with a reason, Excel export and print.
 */
export default function DataManagementPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.measurementData.edit);
  const canExport = usePermission(PERMISSIONS.measurementData.export);
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const [view, setView] = useState<View>('list');
  const unit = useItemUnit(item);
  const actionRef = useRef<ActionType>(null);
  const formRef = useRef<ProFormInstance | undefined>(undefined);
  const lastFilter = useRef<DataFilter | null>(null);
  const [periods, setPeriods] = useState<PivotPeriod[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState<PrintRequest | null>(null);
  const [correcting, setCorrecting] = useState<ReviewRecord | null>(null);
  const [deleting, setDeleting] = useState<ReviewRecord | null>(null);
  const reload = () => actionRef.current?.reload();
  const none = t('common.none');
  const itemName = t(`review.items.${item}`);

  const doctorOptions = useDoctorOptions().options;

  const runExport = async () => {
    const filter = lastFilter.current;
    if (!filter) return;
    setExporting(true);
    try {
      const { records } = await fetchDataExport(filter);
      await exportToExcel({
        fileName: exportFileName(itemName, filter),
        sheetName: itemName,
        columns: exportColumns(t, unit),
        rows: records,
      });
      toastSuccess(t('excel.exported', { count: records.length }));
    } catch (failure) {
      if (isAbort(failure)) return;
      // the server's own words when it refuses (too many rows: narrow the range); else §8's text
      toastError(isApiError(failure) && failure.status === 400 ? failure.message : t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const rowActions = (row: ReviewRecord) => {
    if (!canEdit || row.deletedAt) return [];
    return [
      <Tooltip key="edit" title={mobile ? t('review.correct.action') : undefined}>
        <Button
          type="link"
          size="small"
          icon={mobile ? <EditOutlined /> : undefined}
          aria-label={t('review.correct.action')}
          data-testid="correct-reading"
          onClick={() => setCorrecting(row)}
        >
          {mobile ? null : t('review.correct.action')}
        </Button>
      </Tooltip>,
      <Tooltip key="delete" title={mobile ? t('common.delete') : undefined}>
        <Button
          type="link"
          size="small"
          danger
          icon={mobile ? <DeleteOutlined /> : undefined}
          aria-label={t('common.delete')}
          data-testid="delete-reading"
          onClick={() => setDeleting(row)}
        >
          {mobile ? null : t('common.delete')}
        </Button>
      </Tooltip>,
    ];
  };

  const valueTitle = `${t('review.fields.value')} (${unit.name})`;
  const searchColumns: ProColumns<Row>[] = [
    {
      title: t('review.fields.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      initialValue: thisMonth(),
      formItemProps: {
        rules: [{ required: true, message: msg('review.query.dateRequired') }, queryRangeRule()],
      },
      fieldProps: {
        allowClear: false,
        style: { width: '100%' },
        classNames: { popup: { root: 'gc-range-popup' } },
        'data-testid': 'filter-range',
      },
    },
    {
      title: t('review.fields.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => (
        <DepartmentTreeSelect source="scope" placeholder={t('common.all')} data-testid="filter-department" />
      ),
    },
    {
      title: t('review.fields.doctor'),
      dataIndex: 'doctorCode',
      hideInTable: true,
      renderFormItem: () => <DoctorSelect />,
    },
    {
      title: t('review.fields.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: {
        placeholder: t('review.keywordPlaceholder'),
        maxLength: 50,
        'data-testid': 'filter-keyword',
      },
    },
    {
      title: t('review.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all'), options: statusOptions(t) },
    },
    {
      title: t('review.fields.classification'),
      dataIndex: 'classification',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all'), options: classificationOptions(t) },
    },
    {
      title: t('review.fields.minValue', { unit: unit.name }),
      dataIndex: 'minValue',
      hideInTable: true,
      fieldProps: { inputMode: 'decimal', maxLength: 10, 'data-testid': 'filter-min' },
      formItemProps: { rules: [valueBoundRule()] },
    },
    {
      title: t('review.fields.maxValue', { unit: unit.name }),
      dataIndex: 'maxValue',
      hideInTable: true,
      fieldProps: { inputMode: 'decimal', maxLength: 10, 'data-testid': 'filter-max' },
      formItemProps: { rules: [valueBoundRule()] },
    },
    {
      title: t('review.fields.includeDeleted'),
      dataIndex: 'includeDeleted',
      hideInTable: true,
      renderFormItem: () => (
        <Checkbox data-testid="filter-include-deleted">{t('review.includeDeleted')}</Checkbox>
      ),
      formItemProps: { valuePropName: 'checked' },
    },
  ];

  const listColumns: ProColumns<Row>[] = mobile
    ? [
        {
          title: `${t('review.fields.patient')} / ${t('review.fields.testTime')}`,
          dataIndex: 'patientName',
          search: false,
          render: (_, row) => (isPivotRow(row) ? null : <PatientCell reading={row} withTime />),
        },
        {
          title: valueTitle,
          dataIndex: 'testValue',
          search: false,
          render: (_, row) =>
            isPivotRow(row) ? null : (
              <Space direction="vertical" size={2}>
                <ReadingValue reading={row} unit={unit} />
                <StatusTag reading={row} />
              </Space>
            ),
        },
        ...(canEdit
          ? [
              {
                title: '',
                key: 'option',
                valueType: 'option' as const,
                width: 72,
                render: (_: unknown, row: Row) => (isPivotRow(row) ? [] : rowActions(row)),
              },
            ]
          : []),
      ]
    : [
        {
          title: t('review.fields.testTime'),
          dataIndex: 'testTime',
          search: false,
          width: 160,
          render: (_, row) =>
            isPivotRow(row) ? null : <span className="gc-nowrap">{formatDateTime(row.testTime)}</span>,
        },
        {
          title: t('review.fields.patient'),
          dataIndex: 'patientName',
          search: false,
          width: 170,
          render: (_, row) => (isPivotRow(row) ? null : <PatientCell reading={row} />),
        },
        {
          title: t('review.fields.department'),
          dataIndex: 'departmentName',
          search: false,
          width: 120,
          render: (_, row) => (isPivotRow(row) ? null : (row.departmentName ?? row.departmentCode)),
        },
        {
          title: t('review.fields.period'),
          dataIndex: 'periodName',
          search: false,
          width: 100,
          render: (_, row) => (isPivotRow(row) ? null : (row.periodName ?? none)),
        },
        {
          title: valueTitle,
          dataIndex: 'testValue',
          search: false,
          width: 120,
          render: (_, row) => (isPivotRow(row) ? null : <ReadingValue reading={row} unit={unit} />),
        },
        {
          title: t('review.fields.classification'),
          dataIndex: 'determineType',
          search: false,
          width: 110,
          render: (_, row) =>
            isPivotRow(row) ? null : row.determineType ? <ClassificationTag reading={row} /> : none,
        },
        {
          title: t('review.fields.status'),
          dataIndex: 'status',
          search: false,
          width: 100,
          render: (_, row) => (isPivotRow(row) ? null : <StatusTag reading={row} />),
        },
        {
          title: t('review.fields.doctor'),
          dataIndex: 'doctorName',
          search: false,
          width: 110,
          render: (_, row) => (isPivotRow(row) ? null : (row.doctorName ?? none)),
        },
        {
          title: t('review.fields.tester'),
          dataIndex: 'testUser',
          search: false,
          width: 110,
          render: (_, row) => (isPivotRow(row) ? null : (row.testUser ?? none)),
        },
        {
          title: t('review.fields.note'),
          dataIndex: 'note',
          search: false,
          ellipsis: true,
          width: 150,
          render: (_, row) => (isPivotRow(row) ? null : row.deletedAt ? row.deleteReason : row.note || none),
        },
        ...(canEdit
          ? [
              {
                title: t('common.actions'),
                key: 'option',
                valueType: 'option' as const,
                fixed: 'right' as const,
                width: lang === 'zh-CN' ? 110 : 130,
                render: (_: unknown, row: Row) => (isPivotRow(row) ? [] : rowActions(row)),
              },
            ]
          : []),
      ];

  const pivotColumns: ProColumns<Row>[] = [
    ...(mobile
      ? [
          {
            // phones: one narrow column for who and which day, the periods scroll beside it
            title: `${t('review.fields.patient')} / ${t('review.fields.date')}`,
            dataIndex: 'patientName',
            search: false,
            fixed: 'left' as const,
            width: 118,
            render: (_: unknown, row: Row) =>
              isPivotRow(row) ? (
                <div>
                  <div>{row.patientName}</div>
                  <div className="gc-secondary gc-nowrap">
                    {row.bed ? t('review.bedShort', { bed: row.bed }) : null}
                  </div>
                  <div className="gc-secondary gc-nowrap">{row.date}</div>
                </div>
              ) : null,
          },
        ]
      : [
          {
            title: t('review.fields.date'),
            dataIndex: 'date',
            search: false,
            fixed: 'left' as const,
            width: 110,
            render: (_: unknown, row: Row) =>
              isPivotRow(row) ? <span className="gc-nowrap">{row.date}</span> : null,
          },
          {
            title: t('review.fields.patient'),
            dataIndex: 'patientName',
            search: false,
            fixed: 'left' as const,
            width: 170,
            render: (_: unknown, row: Row) => (isPivotRow(row) ? <PatientCell reading={row} /> : null),
          },
        ]),
    ...periods.map(
      (period): ProColumns<Row> => ({
        title: period.name,
        key: `period-${period.code}`,
        search: false,
        width: mobile ? 72 : 96,
        align: 'center',
        render: (_, row) =>
          isPivotRow(row) ? (
            <div className="gc-review-cell" data-period={period.code}>
              {(row.cells[period.code] ?? []).map((reading) => (
                <Tooltip
                  key={reading.id}
                  title={`${formatDateTime(reading.testTime)}${reading.testUser ? ` · ${reading.testUser}` : ''}`}
                >
                  <span>
                    <ReadingValue reading={reading} unit={unit} />
                  </span>
                </Tooltip>
              ))}
            </div>
          ) : null,
      }),
    ),
  ];

  const viewSwitch = (
    <Segmented<View>
      value={view}
      onChange={(next) => setView(next)}
      data-testid="view-switch"
      options={[
        { value: 'list', label: t('review.view.list') },
        { value: 'pivot', label: t('review.view.pivot') },
      ]}
    />
  );

  const currentFilters = () => {
    const values = (formRef.current?.getFieldsValue?.() ?? {}) as ReviewSearchParams;
    return { values, filter: lastFilter.current };
  };

  return (
    <PageWrapper title={t('review.data.title')} description={t('review.data.intro')} testId="data-page">
      <ItemTabs item={item} onChange={setItem} extra={mobile ? undefined : viewSwitch} />
      {mobile ? <div className="gc-review-view-switch">{viewSwitch}</div> : null}
      <FilterProblemNotice problem={problem} />
      {error ? <LoadError title={t('review.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<
        Row,
        ReviewSearchParams & { item: MeasurementItem; view: View; lang: string; unitCode: string }
      >
        actionRef={actionRef}
        formRef={formRef}
        rowKey={rowKey}
        columns={[...searchColumns, ...(view === 'list' ? listColumns : pivotColumns)]}
        params={{ item, view, lang, unitCode: unit.code }}
        cardBordered
        form={{ name: 'dataSearch', ignoreRules: false }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: true,
          span: { xs: 24, sm: 24, md: 12, lg: 12, xl: 8, xxl: 8 },
        }}
        options={{
          reload: true,
          density: false,
          setting: mobile || view === 'pivot' ? false : { draggable: true },
        }}
        columnsState={{
          persistenceKey: 'gc-columns-data',
          persistenceType: 'localStorage',
          defaultValue: { testUser: { show: false }, note: { show: false } },
        }}
        size={mobile ? 'small' : undefined}
        scroll={mobile && view === 'list' ? undefined : { x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{ emptyText: <TableEmpty text={error ? t('review.loadFailed') : t('review.data.empty')} /> }}
        request={async (params) => {
          const { filter, problem: found } = dataFilterOf(params, params.item, params.unitCode);
          setProblem(found);
          if (found) {
            lastFilter.current = null;
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
          lastFilter.current = filter;
          const paging = { page: params.current ?? 1, size: params.pageSize ?? 20 };
          try {
            if (params.view === 'pivot') {
              const page = await fetchDataPivot({ ...filter, ...paging });
              setPeriods(page.periods);
              setError(null);
              setTotal(page.total);
              return { data: page.records, total: page.total, success: true };
            }
            const page = await fetchDataPage({ ...filter, ...paging });
            setError(null);
            setTotal(page.total);
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          canExport ? (
            <Button
              key="export"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!exporting && (total === 0 || !!problem)}
              data-testid="export-excel"
              onClick={() => void runExport()}
            >
              {exporting ? t('review.exporting') : t('excel.export')}
            </Button>
          ) : null,
          <Button
            key="print"
            icon={<PrinterOutlined />}
            disabled={total === 0 || !!problem}
            data-testid="print-open"
            onClick={() => {
              const { values, filter } = currentFilters();
              if (filter) setPrinting({ filter, values, view, item, doctorOptions });
            }}
          >
            {t('print.action')}
          </Button>,
        ]}
      />
      <PrintPreview request={printing} unit={unit} onClose={() => setPrinting(null)} />
      <CorrectionModal
        reading={correcting}
        unit={unit}
        onClose={() => setCorrecting(null)}
        onSaved={() => {
          setCorrecting(null);
          reload();
        }}
      />
      <DeleteModal
        reading={deleting}
        unit={unit}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
      />
    </PageWrapper>
  );
}
