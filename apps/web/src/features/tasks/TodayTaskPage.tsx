import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { formatReadingValue } from '@glucocare/domain/review';
import type { TaskState } from '@glucocare/domain/tasks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Input, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/http';
import { fetchTodayTaskCounts, fetchTodayTasks, type TodayTask, type TodayTaskFilter } from '../../api/tasks';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { useItemUnit } from '../review/use-item-unit';
import { PumpReminderList } from './PumpReminderList';
import {
  stateHint,
  TASK_REFRESH_MS,
  TASK_STATE_COLORS,
  TASK_TABS,
  type TaskTab,
  taskKey,
  taskLink,
  windowText,
} from './tasks';
import '../critical/critical.css';
import { secondsInZone } from '../../components/format';
import { openColumn, TaskPatientCell, TaskTable } from './task-cells';

const TAB_BADGE_COLORS: Record<TaskTab, string> = {
  all: '#8c8c8c',
  overdue: '#f5222d',
  due: '#fa8c16',
  upcoming: '#1677ff',
  untested: '#722ed1',
  done: '#52c41a',
};

/**
 * `/patient/task`: which patient is due which glucose measurement now, per the monitoring strategy's
 * periods — overdue and due first, with the counts of each state as tabs (a reading recorded as not
 * tested is its own state, "Not tested: <reason>", never done), and a tab of today's insulin pump
 * reminders (tube change due or overdue, low battery, low insulin); refreshes every minute.
 * A row opens the patient's glucose tab.
 */
export default function TodayTaskPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const mobile = useDevice() === 'mobile';
  const unit = useItemUnit('GLU');
  const [keyword, setKeyword] = useState('');
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  // the state tabs of the measuring tasks, and beside them today's insulin pump reminders (issue 16)
  const [tab, setTab] = useState<TaskTab | 'pump'>('all');
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const filter: TodayTaskFilter = {
    queryCondition: keyword.trim() || undefined,
    departmentCode: departmentCode ?? undefined,
  };
  const state: TaskState | undefined = tab === 'all' || tab === 'pump' ? undefined : tab;

  const counts = useQuery({
    queryKey: ['tasks', 'counts', filter],
    queryFn: ({ signal }) => fetchTodayTaskCounts(filter, signal),
    refetchInterval: TASK_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const list = useQuery({
    queryKey: ['tasks', 'list', filter, state, paging, lang],
    queryFn: ({ signal }) => fetchTodayTasks({ ...filter, state, ...paging }, signal),
    enabled: tab !== 'pump',
    refetchInterval: TASK_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  // times are read on the hospital's clock (the browser's until the counts have said which it is)
  const timeZone = counts.data?.timeZone;
  const client = useQueryClient();
  const refresh = () => {
    void counts.refetch();
    if (tab === 'pump') void client.invalidateQueries({ queryKey: ['tasks', 'pumpReminders'] });
    else void list.refetch();
  };

  const stateCell = (row: TodayTask) => (
    <div>
      <Tag color={TASK_STATE_COLORS[row.state]} data-testid="task-state" data-state={row.state}>
        {t(`tasks.states.${row.state}`)}
      </Tag>
      <div className="gc-secondary gc-nowrap">{stateHint(row, t, timeZone)}</div>
    </div>
  );
  const readingCell = (row: TodayTask) => {
    if (!row.reading) return <span className="gc-secondary">{t('common.none')}</span>;
    if (row.reading.testValue === null) {
      return (
        <span data-testid="task-untested">
          {t('tasks.hints.untested', {
            reason: row.reading.untestedReasonName ?? row.reading.untestedReason,
          })}
        </span>
      );
    }
    // glucose in the display unit chosen; ketone and uric acid (monitoring orders) in their own
    const item = row.item ?? 'GLU';
    const code = item === 'GLU' ? unit.code : row.reading.unit;
    return (
      <span style={{ color: row.reading.color ?? undefined, fontWeight: 600 }} className="gc-nowrap">
        {formatReadingValue(item, row.reading.testValue, code, row.reading)}{' '}
        {item === 'GLU' ? unit.name : code}
      </span>
    );
  };
  /** The task's name ("Fasting", "02:00", "Ketone · Fasting"), marked when a monitoring order plans it. */
  const taskName = (row: TodayTask) => (
    <span className="gc-nowrap" data-testid="task-name">
      {row.periodName}
      {row.orderId != null ? (
        <Tag className="gc-task-order" bordered={false} color="geekblue">
          {t('tasks.ordered')}
        </Tag>
      ) : null}
    </span>
  );
  const patientCell = (row: TodayTask) => <TaskPatientCell row={row} t={t} />;

  const columns: TableColumnsType<TodayTask> = mobile
    ? [
        { title: t('tasks.fields.patient'), key: 'patient', render: (_, row) => patientCell(row) },
        {
          title: t('tasks.fields.period'),
          key: 'period',
          render: (_, row) => (
            <div>
              <div>{taskName(row)}</div>
              {stateCell(row)}
            </div>
          ),
        },
        { key: 'go', width: 28, render: () => <RightOutlined className="gc-secondary" /> },
      ]
    : [
        { title: t('tasks.fields.patient'), key: 'patient', render: (_, row) => patientCell(row) },
        {
          title: t('tasks.fields.doctor'),
          dataIndex: 'doctorName',
          render: (value) => value ?? t('common.none'),
        },
        { title: t('tasks.fields.period'), key: 'periodName', render: (_, row) => taskName(row) },
        {
          title: t('tasks.fields.window'),
          key: 'window',
          render: (_, row) => <span className="gc-nowrap">{windowText(row, timeZone)}</span>,
        },
        { title: t('tasks.fields.state'), key: 'state', render: (_, row) => stateCell(row) },
        { title: t('tasks.fields.reading'), key: 'reading', render: (_, row) => readingCell(row) },
        openColumn<TodayTask>(t('common.actions'), t('tasks.open'), (row) => navigate(taskLink(row))),
      ];

  const countOf = (key: TaskTab) =>
    counts.data ? (key === 'all' ? counts.data.total : counts.data[key]) : undefined;
  const tabLabel = (key: TaskTab) => {
    const n = countOf(key);
    return (
      <span data-testid={`task-tab-${key}`}>
        {t(`tasks.states.${key}`)}{' '}
        {n === undefined ? null : (
          <Badge count={n} showZero overflowCount={999} color={TAB_BADGE_COLORS[key]} />
        )}
      </span>
    );
  };

  return (
    <PageWrapper
      title={t('tasks.title')}
      description={t('tasks.intro')}
      testId="task-page"
      extra={
        <span className="gc-secondary" data-testid="task-day">
          {counts.data ? t('tasks.day', { date: counts.data.date, count: counts.data.patients }) : null}
        </span>
      }
    >
      <div className="gc-crit-toolbar">
        <Input.Search
          className="gc-crit-search"
          allowClear
          maxLength={50}
          placeholder={t('tasks.keywordPlaceholder')}
          onSearch={(value) => {
            setKeyword(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="task-keyword"
        />
        <div className="gc-crit-department">
          <DepartmentTreeSelect
            source="scope"
            value={departmentCode}
            onChange={(value) => {
              setDepartmentCode(value === null ? null : String(value));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            placeholder={t('tasks.allDepartments')}
            data-testid="task-department"
          />
        </div>
        <Button
          icon={<ReloadOutlined />}
          onClick={refresh}
          loading={list.isFetching}
          data-testid="task-refresh"
        >
          {mobile ? null : t('tasks.refresh')}
        </Button>
        <span className="gc-crit-refreshed">
          {list.dataUpdatedAt ? t('tasks.refreshed', { time: secondsInZone(list.dataUpdatedAt) }) : null}
        </span>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as TaskTab | 'pump');
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        items={[
          ...TASK_TABS.map((key) => ({ key, label: tabLabel(key) })),
          {
            key: 'pump',
            label: (
              <span data-testid="task-tab-pump">
                {t('pumpReminders.tab')}{' '}
                {counts.data ? (
                  <Badge
                    count={counts.data.pumpReminders}
                    showZero
                    overflowCount={999}
                    color={counts.data.pumpRemindersOverdue ? TAB_BADGE_COLORS.overdue : '#d48806'}
                  />
                ) : null}
              </span>
            ),
          },
        ]}
      />
      {tab === 'pump' ? <PumpReminderList filter={filter} timeZone={timeZone} mobile={mobile} /> : null}
      {tab !== 'pump' && list.isError ? (
        <LoadError title={t('tasks.loadFailed')} message={errorText(list.error)} onRetry={refresh} />
      ) : null}
      {tab === 'pump' ? null : (
        <TaskTable<TodayTask>
          list={list}
          columns={columns}
          rowKey={taskKey}
          link={taskLink}
          paging={paging}
          onPaging={setPaging}
          emptyText={
            list.isError
              ? t('tasks.loadFailed')
              : tab === 'all'
                ? t('tasks.empty')
                : t('tasks.emptyState', { state: t(`tasks.states.${tab}`) })
          }
          mobile={mobile}
          testId="task-table"
        />
      )}
    </PageWrapper>
  );
}
