import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue, reasonNotTested } from '@glucocare/domain/review';
import { Button, Checkbox, Segmented, Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DataFilter,
  fetchDataExport,
  fetchDataPage,
  fetchDataPivot,
  type PivotPeriod,
  type PivotRow,
  type ReviewRecord,
} from '../../api/review';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { formatDateTime } from '../../components/format';
import type { PageQuery } from '../../components/list-page/fetch-all';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { msg } from '../../i18n';
import { CorrectionModal, DeleteModal } from './CorrectionModal';
import { DoctorSelect } from './DoctorSelect';
import { PrintPreview } from './PrintPreview';
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
  queryRangeRule,
  type ReviewSearchParams,
  thisMonth,
  valueBoundColumns,
} from './review-filters';
import { classificationOptions, sourceLabel, statusOptions } from './review-options';
import { useDoctorOptions } from './use-doctor-options';
import { useItemUnit } from './use-item-unit';
import './review.css';

type View = 'list' | 'pivot';
type Row = ReviewRecord | PivotRow;
const isPivotRow = (row: Row): row is PivotRow => 'cells' in row;
const rowKey = (row: Row) => (isPivotRow(row) ? `${row.patientId}-${row.date}` : String(row.id));

/** The list's name: its search form (`dataSearch_…` fields) and its reload after a correction. */
const DATA_LIST = 'data';

/** What the list asks for: the query, and which view answers it (its own route, its own rows). */
type DataQuery = DataFilter & { view: View };
/** A page of either view: the pivot's names its periods, one column each. */
type DataPage = { records: Row[]; total: number; periods?: PivotPeriod[] };

const queryOf = ({ view: _view, ...filter }: DataQuery): DataFilter => filter;

function fetchView({ view, ...query }: PageQuery<DataQuery>, signal?: AbortSignal): Promise<DataPage> {
  return view === 'pivot' ? fetchDataPivot(query, signal) : fetchDataPage(query, signal);
}

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
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.measurementData.edit);
  const canExport = usePermission(PERMISSIONS.measurementData.export);
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const [view, setView] = useState<View>('list');
  const unit = useItemUnit(item);
  const [correcting, setCorrecting] = useState<ReviewRecord | null>(null);
  const [deleting, setDeleting] = useState<ReviewRecord | null>(null);
  const reload = useListReload(DATA_LIST);
  const none = t('common.none');
  const itemName = t(`review.items.${item}`);

  const doctorOptions = useDoctorOptions().options;

  const rowActions = (row: ReviewRecord) => {
    if (row.deletedAt) return null;
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
    ...valueBoundColumns<Row>({
      min: t('review.fields.minValue', { unit: unit.name }),
      max: t('review.fields.maxValue', { unit: unit.name }),
    }),
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
      ];

  const pivotColumns = (periods: PivotPeriod[]): ProColumns<Row>[] => [
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

  return (
    <PageWrapper title={t('review.data.title')} description={t('review.data.intro')} testId="data-page">
      <ItemTabs item={item} onChange={setItem} extra={mobile ? undefined : viewSwitch} />
      {mobile ? <div className="gc-review-view-switch">{viewSwitch}</div> : null}
      <ListPage<Row, DataQuery, DataPage, ReviewRecord>
        name={DATA_LIST}
        columnsKey="gc-columns-data"
        hiddenColumns={['testUser', 'note']}
        columns={(last) => [
          ...searchColumns,
          ...(view === 'list' ? listColumns : pivotColumns(last?.periods ?? [])),
        ]}
        request={fetchView}
        filterOf={(values) => {
          const { filter, problem } = dataFilterOf(values as ReviewSearchParams, item, unit.code);
          return problem ? null : { ...filter, view };
        }}
        notice={(values) => (
          <FilterProblemNotice
            problem={dataFilterOf(values as ReviewSearchParams, item, unit.code).problem}
          />
        )}
        texts={{ empty: t('review.data.empty'), loadFailed: t('review.loadFailed') }}
        rowKey={rowKey}
        rowActions={
          canEdit && view === 'list'
            ? { extra: (row) => (isPivotRow(row) ? null : rowActions(row)) }
            : undefined
        }
        excel={
          canExport
            ? {
                fileName: (filter) => exportFileName(itemName, filter),
                sheetName: itemName,
                columns: exportColumns(t, unit),
                load: async (filter) => (await fetchDataExport(queryOf(filter))).records,
                stamped: false,
              }
            : undefined
        }
        print={{
          title: itemName,
          testId: 'print-open',
          preview: (request, close) => (
            <PrintPreview
              request={
                request && {
                  filter: queryOf(request.filter),
                  values: request.values as ReviewSearchParams,
                  view: request.filter.view,
                  item: request.filter.category,
                  doctorOptions,
                }
              }
              unit={unit}
              onClose={close}
            />
          ),
        }}
        searchCollapsed
        validateSearch
        // the periods are the response's: which of them shows is not a setting to remember
        columnSettings={view === 'list' ? undefined : false}
        fitsPhone={view === 'list'}
      />
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
