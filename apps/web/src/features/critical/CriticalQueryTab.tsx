import type { ProColumns, ProFormInstance } from '@ant-design/pro-components';
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
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { formatDateTime } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { msg } from '../../i18n';
import { FILTER_PROBLEM_MESSAGES, queryRangeRule, valueBoundColumns } from '../review/review-filters';
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

/** The query list's name: its search form (`criticalSearch_…` fields) and its reload after a handling. */
export const CRITICAL_QUERY_LIST = 'critical';

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
  preset,
}: {
  units: Record<MeasurementItem, DisplayUnit>;
  canHandle: boolean;
  onHandle: (event: CriticalEvent) => void;
  /** a search to run at once (the "open from earlier days" link): status and range */
  preset?: { status?: 'open' | 'handled'; range: [Dayjs, Dayjs] } | null;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const formRef = useRef<ProFormInstance | undefined>(undefined);
  const [item, setItem] = useState<MeasurementItem | undefined>(undefined);
  const none = t('common.none');
  // the value range is typed in the display unit of the chosen item (glucose when none is chosen)
  const valueUnit = units[item ?? 'GLU'];

  useEffect(() => {
    if (!preset) return;
    formRef.current?.setFieldsValue({ range: preset.range, status: preset.status });
    formRef.current?.submit();
  }, [preset]);

  const { options: doctorOptions, loading: doctorsLoading } = useDoctorOptions();

  // the bounds are sent in the storage unit: read in the display unit of the item searched for
  const searchOf = (values: CriticalSearchParams) => {
    const category = values.category as MeasurementItem | undefined;
    return criticalFilterOf(values, units[category && category in units ? category : 'GLU'].code);
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
    ...valueBoundColumns<Row>(
      {
        min: t('critical.fields.minValue', { unit: valueUnit.name }),
        max: t('critical.fields.maxValue', { unit: valueUnit.name }),
      },
      'critical-',
    ),
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
      <ListPage<Row, CriticalQueryFilter>
        name={CRITICAL_QUERY_LIST}
        columnsKey="critical-query"
        columns={[...searchColumns, ...tableColumns]}
        request={fetchCriticalPage}
        filterOf={(values) => {
          const { filter, problem } = searchOf(values as CriticalSearchParams);
          return problem ? null : filter;
        }}
        notice={(values) => {
          const { problem } = searchOf(values as CriticalSearchParams);
          return problem ? (
            <Alert
              type="warning"
              showIcon
              className="gc-form-alert"
              message={problemText(problem, t)}
              data-testid="critical-filter-problem"
            />
          ) : null;
        }}
        texts={{ empty: t('critical.empty.query'), loadFailed: t('critical.loadFailed') }}
        excel={{
          fileName: (filter) => criticalExportName(t('critical.query.exportFileName'), filter),
          sheetName: t('critical.title'),
          columns: exportColumns(t, units),
        }}
        formRef={formRef}
        fitsPhone
        // the value range is typed in the unit of the chosen item: its labels follow the choice
        onSearchValuesChange={(changed) => {
          if ('category' in changed) setItem(changed.category as MeasurementItem | undefined);
        }}
      />
    </div>
  );
}
