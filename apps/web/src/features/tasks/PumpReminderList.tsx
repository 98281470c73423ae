import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/http';
import { fetchPumpReminders, type PumpReminderTask } from '../../api/pump-reminders';
import type { TodayTaskFilter } from '../../api/tasks';
import { dateTimeInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { PUMP_REMINDER_COLORS, reminderDetail, reminderTitle } from './pump-reminders';
import { openColumn, TaskPatientCell, TaskTable } from './task-cells';
import { TASK_REFRESH_MS } from './tasks';

/** Where a pump reminder leads: the patient's insulin pump tab. */
export const pumpReminderLink = (row: Pick<PumpReminderTask, 'patientId'>) =>
  `/patient/detail?id=${row.patientId}&tab=pump`;

/**
 * Today's pump reminders of the task page's filter: overdue tube changes, low battery and insulin,
 * tube changes due later today; refreshes with the tasks. A row opens the patient's pump tab.
 */
export function PumpReminderList({
  filter,
  timeZone,
  mobile,
}: {
  filter: TodayTaskFilter;
  timeZone?: string;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const list = useQuery({
    queryKey: ['tasks', 'pumpReminders', filter, paging],
    queryFn: ({ signal }) => fetchPumpReminders({ ...filter, ...paging }, signal),
    refetchInterval: TASK_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });

  const patientCell = (row: PumpReminderTask) => <TaskPatientCell row={row} t={t} />;
  const reminderCell = (row: PumpReminderTask) => (
    <div>
      <Tag
        color={PUMP_REMINDER_COLORS[row.state]}
        data-testid="pump-reminder-kind"
        data-kind={row.kind}
        data-state={row.state}
      >
        {reminderTitle(t, row)}
      </Tag>
      <div className="gc-secondary">{reminderDetail(t, row, timeZone)}</div>
    </div>
  );
  const columns: TableColumnsType<PumpReminderTask> = mobile
    ? [
        { title: t('pumpReminders.fields.patient'), key: 'patient', render: (_, row) => patientCell(row) },
        { title: t('pumpReminders.fields.reminder'), key: 'reminder', render: (_, row) => reminderCell(row) },
        { key: 'go', width: 28, render: () => <RightOutlined className="gc-secondary" /> },
      ]
    : [
        { title: t('pumpReminders.fields.patient'), key: 'patient', render: (_, row) => patientCell(row) },
        {
          title: t('pumpReminders.fields.pump'),
          dataIndex: 'serialNumber',
          render: (value) => (
            <span className="gc-nowrap" data-testid="pump-reminder-serial">
              {value}
            </span>
          ),
        },
        { title: t('pumpReminders.fields.reminder'), key: 'reminder', render: (_, row) => reminderCell(row) },
        {
          title: t('pumpReminders.fields.since'),
          key: 'since',
          render: (_, row) => (
            <span className="gc-nowrap">
              {row.since ? dateTimeInZone(row.since, timeZone) : t('common.none')}
            </span>
          ),
        },
        openColumn<PumpReminderTask>(t('common.actions'), t('pumpReminders.open'), (row) =>
          navigate(pumpReminderLink(row)),
        ),
      ];

  return (
    <>
      <p className="gc-secondary" data-testid="pump-reminder-intro">
        {t('pumpReminders.intro')}
      </p>
      {list.isError ? (
        <LoadError
          title={t('pumpReminders.loadFailed')}
          message={errorText(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <TaskTable<PumpReminderTask>
        list={list}
        columns={columns}
        rowKey={(row) => `${row.bindingId}:${row.kind}`}
        link={pumpReminderLink}
        paging={paging}
        onPaging={setPaging}
        emptyText={list.isError ? t('pumpReminders.loadFailed') : t('pumpReminders.empty')}
        mobile={mobile}
        testId="pump-reminder-table"
      />
    </>
  );
}
