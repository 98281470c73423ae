import { CheckOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import {
  approveAllMatching,
  approveRecords,
  fetchPending,
  type PendingCounts,
  type PendingFilter,
  type ReviewRecord,
} from '../../api/review';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { confirmAction } from '../../components/confirm';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { formatDateTime } from '../../components/format';
import type { PageQuery } from '../../components/list-page/fetch-all';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang, msg } from '../../i18n';
import { QcHoldTag } from '../quality/runs-format';
import { ClassificationTag, FilterProblemNotice, ItemTabs, PatientCell, ReadingValue } from './ReadingParts';
import { pendingFilterOf, type ReviewSearchParams } from './review-filters';
import { classificationOptions, sourceLabel } from './review-options';
import { useItemUnit } from './use-item-unit';
import './review.css';

/** The pending list's name: its search form (`approvalSearch_…` fields) and its reload after approving. */
const APPROVAL_LIST = 'approval';

/**
 * `/measurement/approval`: readings waiting for a reviewer (spec §2 "Measurement record approval"),
 * per item, approved one at a time or in batch (§5 "Batch approval needs at least one record
 * selected"); approved readings leave the list.
 */
export default function ApprovalPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canApprove = usePermission(PERMISSIONS.approval.approve);
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const unit = useItemUnit(item);
  const [selected, setSelected] = useState<number[]>([]);
  const [counts, setCounts] = useState<PendingCounts | null>(null);
  const [busy, setBusy] = useState<'selected' | 'all' | number | null>(null);
  const reload = useListReload(APPROVAL_LIST);
  const none = t('common.none');

  const changeItem = (next: MeasurementItem) => {
    setItem(next);
    setSelected([]);
  };

  const approve = async (ids: number[], batch: boolean) => {
    if (!ids.length) {
      toastError(msg('review.approve.selectAtLeastOne'));
      return;
    }
    if (batch) {
      const confirmed = await confirmAction({
        content: t('review.approve.confirmSelected', { count: ids.length }),
        okText: t('review.approve.ok'),
      });
      if (!confirmed) return;
    }
    setBusy(batch ? 'selected' : ids[0]);
    try {
      const { result, message } = await approveRecords(ids);
      if (result.approved) toastSuccess(message);
      if (result.skipped.length) {
        toastError(
          t('review.approve.skipped', {
            count: result.skipped.length,
            reason: result.skipped[0].message,
          }),
        );
      }
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      reload();
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(null);
    }
  };

  const approveAll = async (filter: PendingFilter, total: number) => {
    const confirmed = await confirmAction({
      content: t('review.approve.confirmAll', { count: total, item: t(`review.items.${item}`) }),
      okText: t('review.approve.ok'),
    });
    if (!confirmed) return;
    setBusy('all');
    try {
      const { result, message } = await approveAllMatching(filter);
      toastSuccess(
        result.remaining
          ? `${message} ${t('review.approve.remaining', { count: result.remaining })}`
          : message,
      );
      setSelected([]);
      reload();
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(null);
    }
  };

  const approveButton = (row: ReviewRecord) => (
    <Button
      key="approve"
      type="link"
      size="small"
      icon={mobile ? <CheckOutlined /> : undefined}
      aria-label={t('review.approve.one')}
      loading={busy === row.id}
      // issue 19: a reading held by its meter's QC lockout is released on the analyzer first
      disabled={!!row.qcHold}
      data-testid="approve-one"
      onClick={() => void approve([row.id], false)}
    >
      {mobile ? null : t('review.approve.one')}
    </Button>
  );

  const searchColumns: ProColumns<ReviewRecord>[] = [
    {
      title: t('review.fields.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => (
        <DepartmentTreeSelect source="scope" placeholder={t('common.all')} data-testid="filter-department" />
      ),
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
      title: t('review.fields.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: {
        allowClear: true,
        style: { width: '100%' },
        classNames: { popup: { root: 'gc-range-popup' } },
      },
    },
    {
      title: t('review.fields.classification'),
      dataIndex: 'classification',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all'), options: classificationOptions(t) },
    },
  ];

  const valueTitle = `${t('review.fields.value')} (${unit.name})`;
  const tableColumns: ProColumns<ReviewRecord>[] = mobile
    ? [
        {
          title: `${t('review.fields.patient')} / ${t('review.fields.testTime')}`,
          dataIndex: 'patientName',
          search: false,
          render: (_, row) => <PatientCell reading={row} withTime />,
        },
        {
          title: valueTitle,
          dataIndex: 'testValue',
          search: false,
          render: (_, row) => (
            <Space direction="vertical" size={2}>
              <ReadingValue reading={row} unit={unit} />
              <ClassificationTag reading={row} />
              <QcHoldTag reason={row.qcHold} />
            </Space>
          ),
        },
        ...(canApprove
          ? [
              {
                title: '',
                key: 'option',
                valueType: 'option' as const,
                width: 44,
                render: (_: unknown, row: ReviewRecord) => [approveButton(row)],
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
          render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.testTime)}</span>,
        },
        {
          title: t('review.fields.patient'),
          dataIndex: 'patientName',
          search: false,
          width: 170,
          render: (_, row) => <PatientCell reading={row} />,
        },
        {
          title: t('review.fields.department'),
          dataIndex: 'departmentName',
          search: false,
          width: 120,
          render: (_, row) => row.departmentName ?? row.departmentCode,
        },
        {
          title: t('review.fields.period'),
          dataIndex: 'periodName',
          search: false,
          width: 100,
          render: (_, row) => row.periodName ?? none,
        },
        {
          title: valueTitle,
          dataIndex: 'testValue',
          search: false,
          width: 120,
          render: (_, row) => (
            <Space size={4} wrap>
              <ReadingValue reading={row} unit={unit} />
              <QcHoldTag reason={row.qcHold} />
            </Space>
          ),
        },
        {
          title: t('review.fields.classification'),
          dataIndex: 'determineType',
          search: false,
          width: 110,
          render: (_, row) => (row.determineType ? <ClassificationTag reading={row} /> : none),
        },
        {
          title: t('review.fields.tester'),
          dataIndex: 'testUser',
          search: false,
          width: 120,
          render: (_, row) => row.testUser ?? none,
        },
        {
          title: t('review.fields.source'),
          dataIndex: 'source',
          search: false,
          width: 90,
          render: (_, row) => sourceLabel(t, row.source),
        },
        {
          title: t('review.fields.note'),
          dataIndex: 'note',
          search: false,
          ellipsis: true,
          width: 160,
          render: (_, row) => row.note || none,
        },
        ...(canApprove
          ? [
              {
                title: t('common.actions'),
                key: 'option',
                valueType: 'option' as const,
                fixed: 'right' as const,
                width: lang === 'zh-CN' ? 80 : 100,
                render: (_: unknown, row: ReviewRecord) => [approveButton(row)],
              },
            ]
          : []),
      ];

  // the tabs' counts come with each page; rows approved elsewhere leave the selection with the list
  const request = async (query: PageQuery<PendingFilter>, signal?: AbortSignal) => {
    const page = await fetchPending(query, signal);
    setCounts(page.counts);
    const shown = new Set(page.records.map((row) => row.id));
    setSelected((current) => current.filter((id) => shown.has(id)));
    return page;
  };

  return (
    <PageWrapper
      title={t('review.approval.title')}
      description={t('review.approval.intro')}
      testId="approval-page"
    >
      <ItemTabs item={item} onChange={changeItem} counts={counts} />
      <ListPage<ReviewRecord, PendingFilter>
        name={APPROVAL_LIST}
        columnsKey="gc-columns-approval"
        hiddenColumns={['source', 'note']}
        columns={[...searchColumns, ...tableColumns]}
        request={request}
        filterOf={(values) => {
          const { filter, problem } = pendingFilterOf(values as ReviewSearchParams, item);
          return problem ? null : filter;
        }}
        notice={(values) => (
          <FilterProblemNotice problem={pendingFilterOf(values as ReviewSearchParams, item).problem} />
        )}
        texts={{ empty: t('review.approval.empty'), loadFailed: t('review.loadFailed') }}
        selection={
          canApprove
            ? {
                keys: selected.map(String),
                onChange: (keys) => setSelected(keys.map(Number)),
                selectable: (row) => !row.qcHold,
              }
            : undefined
        }
        fitsPhone
        toolbar={({ total, filter }) =>
          canApprove ? (
            <Space wrap>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={busy === 'selected'}
                data-testid="approve-selected"
                onClick={() => void approve(selected, true)}
              >
                {selected.length
                  ? t('review.approve.selectedCount', { count: selected.length })
                  : t('review.approve.selected')}
              </Button>
              <Button
                icon={<SafetyCertificateOutlined />}
                loading={busy === 'all'}
                disabled={total === 0 || !filter}
                data-testid="approve-all"
                onClick={() => filter && void approveAll(filter, total)}
              >
                {t('review.approve.all', { count: total })}
              </Button>
            </Space>
          ) : null
        }
      />
    </PageWrapper>
  );
}
