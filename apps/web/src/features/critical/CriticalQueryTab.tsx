import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, type ProFormInstance, ProTable } from '@ant-design/pro-components';
import { MEASUREMENT_ITEMS, type MeasurementItem } from '@glucocare/domain/clinical';
import { CRITICAL_STATUSES } from '@glucocare/domain/critical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue, REVIEW_QUERY_MAX_DAYS } from '@glucocare/domain/review';
import { Alert, Button, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CriticalEvent, type CriticalQueryFilter, fetchCriticalPage } from '../../api/critical';
import { errorText, isAbort } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { formatDateTime } from '../../components/format';
import { fetchAllPages } from '../../components/list-page/fetch-all';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { LoadError, TableEmpty } from '../../components/PageWrapper';
import { currentLang, msg } from '../../i18n';
import { FILTER_PROBLEM_MESSAGES, queryRangeRule, valueBoundRule } from '../review/review-filters';
import { useDoctorOptions } from '../review/use-doctor-options';
import { criticalColor } from './CriticalCard';
import {
  type CriticalFilterProblem,
  type CriticalSearchParams,
  criticalExportName,
  criticalFilterOf,
  formatDuration,
  lastWeek,
} from './critical';

type Row = CriticalEvent;

/** A cell of two lines: the main text, and a quieter one under it. */
function twoLines(main: ReactNode, secondary: ReactNode) {
  return (
    <div>
      <div>{main}</div>
      <div className="gc-secondary">{secondary}</div>
    </div>
  );
}

/** The words of a filter problem ("Query error ..." from the server catalogue, or the page's own). */
function problemText(problem: CriticalFilterProblem, t: TFunction): string {
  if (problem === 'valueNeedsItem') return t('critical.query.valueNeedsItem');
  return msg(FILTER_PROBLEM_MESSAGES[problem], { max: REVIEW_QUERY_MAX_DAYS });
}

function exportColumns(t: TFunction, units: Record<MeasurementItem, DisplayUnit>): ExcelColumn<Row>[] {
  return [
    { title: t('critical.fields.measuredAt'), dataIndex: 'measuredAt', dateFormat: 'dateTime' },
    { title: t('critical.fields.patient'), dataIndex: 'patientName' },
    { title: t('critical.fields.bed'), dataIndex: 'bed' },
    { title: t('critical.fields.inpatientNumber'), dataIndex: 'inpatientNumber' },
    { title: t('critical.fields.department'), dataIndex: 'departmentName' },
    { title: t('critical.fields.doctor'), dataIndex: 'doctorName' },
    { title: t('critical.fields.item'), dataIndex: 'item', render: (value) => t(`critical.items.${value}`) },
    { title: t('critical.fields.period'), dataIndex: 'periodName' },
    {
      title: t('critical.fields.value'),
      dataIndex: 'value',
      render: (_value, row) => formatReadingValue(row.item, row.value, units[row.item].code),
    },
    { title: t('critical.fields.unit'), dataIndex: 'item', render: (_value, row) => units[row.item].name },
    {
      title: t('critical.fields.classification'),
      dataIndex: 'classification',
      render: (value) => t(`critical.classes.${value}`, { defaultValue: String(value) }),
    },
    {
      title: t('critical.fields.status'),
      dataIndex: 'status',
      render: (value) => t(`critical.status.${value}`),
    },
    { title: t('critical.fields.notifiedPerson'), dataIndex: 'notifiedPerson' },
    { title: t('critical.fields.action'), dataIndex: 'action', width: 50 },
    { title: t('critical.fields.handledBy'), dataIndex: 'handledBy' },
    { title: t('critical.fields.handledAt'), dataIndex: 'handledAt', dateFormat: 'dateTime' },
    { title: t('critical.fields.minutesToHandle'), dataIndex: 'minutesToHandle' },
  ];
}

/** The query of critical values: date range (required), ward, item, value range, status, doctor, text. */
export function CriticalQueryTab({
  units,
  canHandle,
  onHandle,
  reloadSignal,
  preset,
}: {
  units: Record<MeasurementItem, DisplayUnit>;
  canHandle: boolean;
  onHandle: (event: CriticalEvent) => void;
  /** changes after a handling: the table reloads */
  reloadSignal: number;
  /** a search to run at once (the "open from earlier days" link): status and range */
  preset?: { status?: 'open' | 'handled'; range: [Dayjs, Dayjs] } | null;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const actionRef = useRef<ActionType>(null);
  const formRef = useRef<ProFormInstance | undefined>(undefined);
  const lastFilter = useRef<CriticalQueryFilter | null>(null);
  const [item, setItem] = useState<MeasurementItem | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<CriticalFilterProblem | null>(null);
  const [exporting, setExporting] = useState<{ loaded: number; total: number } | null>(null);
  const none = t('common.none');
  // the value range is typed in the display unit of the chosen item (glucose when none is chosen)
  const valueUnit = units[item ?? 'GLU'];

  useEffect(() => {
    if (!preset) return;
    formRef.current?.setFieldsValue({ range: preset.range, status: preset.status });
    formRef.current?.submit();
  }, [preset]);

  const { options: doctorOptions, loading: doctorsLoading } = useDoctorOptions();

  const runExport = async () => {
    const filter = lastFilter.current;
    if (!filter) return;
    setExporting({ loaded: 0, total });
    try {
      const rows = await fetchAllPages(fetchCriticalPage, filter, {
        onProgress: (loaded, all) => setExporting({ loaded, total: all }),
      });
      await exportToExcel({
        fileName: criticalExportName(t('critical.query.exportFileName'), filter),
        sheetName: t('critical.title'),
        columns: exportColumns(t, units),
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  const valueCell = (row: Row) => (
    <span style={{ color: criticalColor(row), fontWeight: 600 }} className="gc-nowrap">
      {formatReadingValue(row.item, row.value, units[row.item].code)} {units[row.item].name}
    </span>
  );
  const statusTag = (row: Row) => (
    <Tag color={row.status === 'open' ? 'red' : 'green'} data-testid="critical-row-status">
      {t(`critical.status.${row.status}`)}
    </Tag>
  );
  const handling = (row: Row) =>
    row.status === 'handled' ? (
      <div>
        <div className="gc-nowrap">
          {t('critical.handledIn', { duration: formatDuration(row.minutesToHandle, t) })}
        </div>
        <div className="gc-secondary">
          {row.handledBy} · {formatDateTime(row.handledAt)}
        </div>
      </div>
    ) : canHandle ? (
      <Button type="link" danger size="small" onClick={() => onHandle(row)} data-testid="critical-row-handle">
        {t('critical.handle.action')}
      </Button>
    ) : (
      none
    );

  const searchColumns: ProColumns<Row>[] = [
    {
      title: t('critical.fields.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      colSize: mobile ? 1 : 1.5,
      initialValue: lastWeek(),
      formItemProps: {
        rules: [{ required: true, message: msg('review.query.dateRequired') }, queryRangeRule()],
      },
      fieldProps: {
        allowClear: false,
        style: { width: '100%' },
        classNames: { popup: { root: 'gc-range-popup' } },
        'data-testid': 'critical-filter-range',
      },
    },
    {
      title: t('critical.fields.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => (
        <DepartmentTreeSelect
          source="scope"
          placeholder={t('common.all')}
          data-testid="critical-filter-department"
        />
      ),
    },
    {
      title: t('critical.fields.item'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: MEASUREMENT_ITEMS.map((value) => ({ value, label: t(`critical.items.${value}`) })),
        'data-testid': 'critical-filter-item',
      },
    },
    {
      title: t('critical.fields.minValue', { unit: valueUnit.name }),
      dataIndex: 'minValue',
      hideInTable: true,
      fieldProps: { inputMode: 'decimal', maxLength: 10, 'data-testid': 'critical-filter-min' },
      formItemProps: { rules: [valueBoundRule()] },
    },
    {
      title: t('critical.fields.maxValue', { unit: valueUnit.name }),
      dataIndex: 'maxValue',
      hideInTable: true,
      fieldProps: { inputMode: 'decimal', maxLength: 10, 'data-testid': 'critical-filter-max' },
      formItemProps: { rules: [valueBoundRule()] },
    },
    {
      title: t('critical.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      fieldProps: {
        placeholder: t('common.all'),
        options: CRITICAL_STATUSES.map((value) => ({ value, label: t(`critical.status.${value}`) })),
        'data-testid': 'critical-filter-status',
      },
    },
    {
      title: t('critical.fields.doctor'),
      dataIndex: 'doctorCode',
      hideInTable: true,
      renderFormItem: () => (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('common.all')}
          loading={doctorsLoading}
          options={doctorOptions}
        />
      ),
    },
    {
      title: t('critical.fields.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: {
        placeholder: t('critical.keywordPlaceholder'),
        maxLength: 50,
        'data-testid': 'critical-filter-keyword',
      },
    },
  ];

  const tableColumns: ProColumns<Row>[] = mobile
    ? [
        {
          title: `${t('critical.fields.patient')} / ${t('critical.fields.measuredAt')}`,
          dataIndex: 'patientName',
          search: false,
          render: (_, row) =>
            twoLines(
              <strong>{row.patientName}</strong>,
              `${row.bed ? `${t('critical.bedLabel', { bed: row.bed })} · ` : ''}${formatDateTime(row.measuredAt)}`,
            ),
        },
        {
          title: t('critical.fields.value'),
          dataIndex: 'value',
          search: false,
          render: (_, row) => (
            <div>
              {valueCell(row)}
              <div>{statusTag(row)}</div>
            </div>
          ),
        },
        {
          title: t('critical.fields.handling'),
          key: 'handling',
          search: false,
          render: (_, row) => handling(row),
        },
      ]
    : [
        {
          title: t('critical.fields.measuredAt'),
          dataIndex: 'measuredAt',
          search: false,
          width: 160,
          render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.measuredAt)}</span>,
        },
        {
          title: t('critical.fields.patient'),
          dataIndex: 'patientName',
          search: false,
          render: (_, row) =>
            twoLines(
              <>
                <strong>{row.patientName}</strong>
                {row.bed ? ` · ${t('critical.bedLabel', { bed: row.bed })}` : ''}
              </>,
              row.inpatientNumber ?? none,
            ),
        },
        {
          title: t('critical.fields.department'),
          dataIndex: 'departmentName',
          search: false,
          render: (_, row) => twoLines(row.departmentName, row.doctorName ?? none),
        },
        {
          title: t('critical.fields.item'),
          dataIndex: 'item',
          search: false,
          render: (_, row) => twoLines(t(`critical.items.${row.item}`), row.periodName ?? none),
        },
        {
          title: t('critical.fields.value'),
          dataIndex: 'value',
          search: false,
          render: (_, row) =>
            twoLines(
              valueCell(row),
              t(`critical.classes.${row.classification}`, { defaultValue: row.classification }),
            ),
        },
        {
          title: t('critical.fields.status'),
          dataIndex: 'status',
          search: false,
          render: (_, row) => statusTag(row),
        },
        {
          title: t('critical.fields.handling'),
          key: 'handling',
          search: false,
          render: (_, row) => handling(row),
        },
        {
          title: t('critical.fields.notifiedPerson'),
          dataIndex: 'notifiedPerson',
          search: false,
          ellipsis: true,
          render: (_, row) => row.notifiedPerson ?? none,
        },
        {
          title: t('critical.fields.action'),
          dataIndex: 'action',
          search: false,
          ellipsis: true,
          width: 220,
          render: (_, row) => row.action ?? none,
        },
      ];

  return (
    <div data-testid="critical-query">
      {problem ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={problemText(problem, t)}
          data-testid="critical-filter-problem"
        />
      ) : null}
      {error ? (
        <LoadError
          title={t('critical.loadFailed')}
          message={error}
          onRetry={() => actionRef.current?.reload()}
        />
      ) : null}
      <ProTable<Row, CriticalSearchParams & { lang: string; unit: string; reloadSignal: number }>
        actionRef={actionRef}
        formRef={formRef}
        rowKey="id"
        columns={[...searchColumns, ...tableColumns]}
        params={{ lang, unit: valueUnit.code, reloadSignal }}
        cardBordered
        form={{
          name: 'criticalSearch',
          // the value range is typed in the unit of the chosen item: its labels follow the choice
          onValuesChange: (changed: CriticalSearchParams) => {
            if ('category' in changed) setItem(changed.category as MeasurementItem | undefined);
          },
        }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: mobile,
          span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
        }}
        options={{ reload: true, density: false, setting: false }}
        size={mobile ? 'small' : undefined}
        scroll={mobile ? undefined : { x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{
          emptyText: <TableEmpty text={error ? t('critical.loadFailed') : t('critical.empty.query')} />,
        }}
        request={async (params) => {
          const category = params.category as MeasurementItem | undefined;
          const unitCode = units[category && category in units ? category : 'GLU'].code;
          const { filter, problem: found } = criticalFilterOf(params, unitCode);
          setProblem(found);
          if (found) {
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
          lastFilter.current = filter;
          try {
            const page = await fetchCriticalPage({
              ...filter,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
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
          <Button
            key="export"
            icon={<DownloadOutlined />}
            loading={!!exporting}
            disabled={!exporting && (total === 0 || !!problem)}
            data-testid="export-excel"
            onClick={() => void runExport()}
          >
            {exporting
              ? t('excel.exporting', { loaded: exporting.loaded, total: exporting.total })
              : t('excel.export')}
          </Button>,
        ]}
      />
    </div>
  );
}
