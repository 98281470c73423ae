import { RightOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { AUDIT_ENTITY_KINDS, auditEntityName } from '@glucocare/domain/admin';
import { Alert, Button, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilter, type AuditRecord, fetchAuditPage } from '../../api/admin';
import { useDevice } from '../../app/preferences';
import type { ExcelColumn } from '../../components/excel';
import { formatDateTime, hospitalNow } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang, msg } from '../../i18n';
import { AuditDetail } from './AuditDetail';
import {
  AUDIT_ACTION_COLORS,
  AUDIT_ACTIONS,
  type AuditFilterProblem,
  type AuditSearchParams,
  auditActionKey,
  auditFilterOf,
  compactJson,
  defaultAuditRange,
  labelOr,
  lastMonthRange,
  PATIENT_ID_PATTERN,
} from './audit';

/** "Begin must not be after end", checked in the form before anything is sent (both languages). */
function dateOrderRule(): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!Array.isArray(value)) return;
      const [begin, end] = value as (Dayjs | string | null | undefined)[];
      if (auditFilterOf({ range: [begin, end] }).problem === 'dateOrder')
        throw new Error(msg('query.dateOrder'));
    },
  };
}

/** `/system/audit`: who did what and when, with the values before and after (GET /v1/audit/page). */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const exists = (key: string) => i18n.exists(key);
  const actionLabel = (action: string) => labelOr(t, exists, auditActionKey(action), action);
  const entityLabel = (entity: string) => auditEntityName(entity, lang);
  const none = t('common.none');

  const [detail, setDetail] = useState<AuditRecord | null>(null);

  const actionTag = (row: AuditRecord) => (
    <Tag color={AUDIT_ACTION_COLORS[row.action] ?? 'default'} data-action={row.action}>
      {actionLabel(row.action)}
    </Tag>
  );
  const detailButton = (row: AuditRecord, iconOnly = false) => (
    <Button
      key="detail"
      type="link"
      size="small"
      data-testid="audit-row-detail"
      aria-label={t('audit.details')}
      icon={iconOnly ? <RightOutlined /> : undefined}
      onClick={(event) => {
        event.stopPropagation();
        setDetail(row);
      }}
    >
      {iconOnly ? null : t('audit.details')}
    </Button>
  );

  const exportColumns: ExcelColumn<AuditRecord>[] = [
    { title: t('audit.at'), dataIndex: 'at', dateFormat: 'dateTime' },
    { title: t('audit.actorName'), dataIndex: 'actorName' },
    { title: t('audit.action'), dataIndex: 'action', render: (value) => actionLabel(String(value ?? '')) },
    { title: t('audit.entity'), dataIndex: 'entityName' },
    { title: t('audit.record'), dataIndex: 'label' },
    { title: t('audit.entityId'), dataIndex: 'entityId' },
    { title: t('audit.patientId'), dataIndex: 'patientId' },
    { title: t('audit.reason'), dataIndex: 'reasonText' },
    { title: t('audit.ip'), dataIndex: 'ip' },
    { title: t('audit.requestId'), dataIndex: 'requestId' },
    { title: t('audit.before'), dataIndex: 'before', width: 60, render: (value) => compactJson(value) },
    { title: t('audit.after'), dataIndex: 'after', width: 60, render: (value) => compactJson(value) },
  ];

  const searchColumns: ProColumns<AuditRecord>[] = [
    {
      title: t('audit.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      initialValue: defaultAuditRange(),
      formItemProps: { rules: [dateOrderRule()] },
      fieldProps: {
        allowClear: true,
        style: { width: '100%' },
        classNames: { popup: { root: 'gc-range-popup' } },
        // phones: no preset list beside the calendar (it would not fit)
        presets: mobile
          ? undefined
          : [
              {
                label: t('audit.presets.today'),
                value: [hospitalNow().startOf('day'), hospitalNow().endOf('day')],
              },
              { label: t('audit.presets.last7'), value: defaultAuditRange() },
              {
                label: t('audit.presets.last30'),
                value: [hospitalNow().subtract(29, 'day').startOf('day'), hospitalNow().endOf('day')],
              },
              { label: t('audit.presets.lastMonth'), value: lastMonthRange() },
            ],
      },
    },
    {
      title: t('audit.actorName'),
      dataIndex: 'actorName',
      hideInTable: true,
      fieldProps: { placeholder: t('audit.actorNamePlaceholder'), maxLength: 32 },
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), showSearch: true, optionFilterProp: 'label' },
      valueEnum: Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, { text: actionLabel(action) }])),
    },
    {
      title: t('audit.entity'),
      dataIndex: 'entity',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all'), showSearch: true, optionFilterProp: 'label' },
      valueEnum: Object.fromEntries(
        AUDIT_ENTITY_KINDS.map((entity) => [entity, { text: entityLabel(entity) }]),
      ),
    },
    {
      title: t('audit.patientId'),
      dataIndex: 'patientId',
      hideInTable: true,
      fieldProps: { placeholder: t('audit.patientIdPlaceholder'), maxLength: 15, inputMode: 'numeric' },
      formItemProps: {
        rules: [{ pattern: PATIENT_ID_PATTERN, message: t('audit.patientIdInvalid') }],
      },
    },
  ];

  const tableColumns: ProColumns<AuditRecord>[] = mobile
    ? [
        {
          title: `${t('audit.at')} / ${t('audit.actorName')}`,
          dataIndex: 'at',
          search: false,
          render: (_, row) => (
            <div>
              <div className="gc-nowrap">{formatDateTime(row.at)}</div>
              <div className="gc-secondary">{row.actorName || none}</div>
            </div>
          ),
        },
        {
          title: `${t('audit.action')} / ${t('audit.entity')}`,
          dataIndex: 'action',
          search: false,
          render: (_, row) => (
            <div>
              {actionTag(row)}
              <div className="gc-secondary" data-entity={row.entity}>
                {row.entityName}
                {row.label ? `: ${row.label}` : row.entityId ? ` #${row.entityId}` : ''}
              </div>
            </div>
          ),
        },
        {
          // the whole row opens the details too; an icon keeps the column narrow
          title: '',
          key: 'option',
          valueType: 'option',
          width: 40,
          align: 'center',
          render: (_, row) => [detailButton(row, true)],
        },
      ]
    : [
        {
          title: t('audit.at'),
          dataIndex: 'at',
          search: false,
          width: 170,
          render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.at)}</span>,
        },
        {
          title: t('audit.actorName'),
          dataIndex: 'actorName',
          search: false,
          width: 130,
          render: (_, row) => row.actorName || none,
        },
        {
          title: t('audit.action'),
          dataIndex: 'action',
          search: false,
          width: 170,
          render: (_, row) => actionTag(row),
        },
        {
          title: t('audit.entity'),
          dataIndex: 'entity',
          search: false,
          width: 150,
          render: (_, row) => <span data-entity={row.entity}>{row.entityName || none}</span>,
        },
        {
          title: t('audit.record'),
          dataIndex: 'label',
          search: false,
          width: 220,
          ellipsis: true,
          render: (_, row) => (
            <span data-testid="audit-record">
              {row.label ?? (row.entityId ? `#${row.entityId}` : none)}
              {row.label && row.entityId ? <span className="gc-secondary"> #{row.entityId}</span> : null}
            </span>
          ),
        },
        {
          title: t('audit.patientId'),
          dataIndex: 'patientId',
          search: false,
          width: 100,
          render: (_, row) => row.patientId ?? none,
        },
        {
          title: t('audit.reason'),
          dataIndex: 'reason',
          search: false,
          ellipsis: true,
          width: 220,
          render: (_, row) => row.reasonText || row.reason || none,
        },
        {
          title: t('audit.ip'),
          dataIndex: 'ip',
          search: false,
          width: 140,
          render: (_, row) => row.ip || none,
        },
        {
          title: t('common.actions'),
          key: 'option',
          valueType: 'option',
          fixed: 'right',
          width: lang === 'zh-CN' ? 80 : 90,
          render: (_, row) => [detailButton(row)],
        },
      ];

  const problemNotice = (problem: AuditFilterProblem | null) =>
    problem ? (
      <Alert
        type="warning"
        showIcon
        className="gc-form-alert"
        data-testid="audit-filter-problem"
        message={problem === 'dateOrder' ? msg('query.dateOrder') : t('audit.patientIdInvalid')}
      />
    ) : null;

  return (
    <PageWrapper title={t('audit.title')} description={t('audit.intro')} testId="audit-page">
      <ListPage<AuditRecord, AuditFilter>
        name="audit"
        columnsKey="gc-columns-audit"
        columns={[...searchColumns, ...tableColumns]}
        hiddenColumns={['patientId']}
        request={fetchAuditPage}
        // nothing is sent for a search the server would refuse; the notice says why
        filterOf={(values) => {
          const { filter, problem } = auditFilterOf(values as AuditSearchParams);
          return problem ? null : filter;
        }}
        notice={(values) => problemNotice(auditFilterOf(values as AuditSearchParams).problem)}
        onRowClick={setDetail}
        texts={{ empty: t('audit.empty'), loadFailed: t('audit.loadFailed') }}
        excel={{ fileName: t('audit.exportFileName'), sheetName: t('audit.title'), columns: exportColumns }}
      />
      <AuditDetail record={detail} mobile={mobile} onClose={() => setDetail(null)} />
    </PageWrapper>
  );
}
