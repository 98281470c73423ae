import {
  AppstoreOutlined,
  LineChartOutlined,
  PlusOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { READING_DAYS_DEFAULT } from '@glucocare/domain/measurements';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Segmented, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import {
  fetchEntryOptions,
  fetchReadingPivot,
  type PivotPeriod,
  type Reading,
  type ReadingSort,
} from '../../api/measurements';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { useListReload } from '../../components/list-page/ListPage';
import { TestTrendChart } from '../analysis/TestTrendChart';
import { CriticalEntryDialog } from '../critical/CriticalEntryDialog';
import { asksToNotify } from '../critical/critical';
import { DayRangeToolbar } from './DayRangeToolbar';
import { ReadingDetail, ReadingStatusModal } from './ReadingDetail';
import { ReadingForm, type ReadingPreset } from './ReadingForm';
import { ReadingGrid } from './ReadingGrid';
import { ReadingList, readingListName } from './ReadingList';
import { lastDays, presetTime } from './reading-format';
import './measurements.css';

export interface MeasurementTabProps {
  patientId: number;
  item: 'GLU' | 'KET' | 'UA';
}

/** Query keys of this area: every write invalidates `measurementKeys.all`. */
export const measurementKeys = {
  all: ['measurements'] as const,
  options: (patientId: number, item: string, lang: string) =>
    ['measurements', 'options', patientId, item, lang] as const,
  pivot: (patientId: number, item: string, begin: string, end: string, lang: string) =>
    ['measurements', 'pivot', patientId, item, begin, end, lang] as const,
};

const SORTS: ReadingSort[] = ['last', 'earliest', 'allDesc', 'allAsc'];

/** A patient's readings of one item: the day × period grid, the list, entry, correction, deletion. */
export function MeasurementTab({ patientId, item }: MeasurementTabProps) {
  const { t, i18n } = useTranslation();
  // names (periods, reasons) come from the server in the request language
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.measurementEntry.edit);
  const canNotify = usePermission(PERMISSIONS.criticalValues.handle);
  // critical readings saved and not yet asked about, oldest first ("save and add another" may add several)
  const [toNotify, setToNotify] = useState<number[]>([]);
  const notified = useCallback(() => setToNotify((list) => list.slice(1)), []);
  const [view, setView] = useState<'grid' | 'list' | 'chart'>('grid');
  const [days, setDays] = useState<number | null>(READING_DAYS_DEFAULT);
  const [range, setRange] = useState<[string, string] | null>(null);
  const [sort, setSort] = useState<ReadingSort>('last');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [form, setForm] = useState<{ reading: Reading | null; preset?: ReadingPreset } | null>(null);
  const [detail, setDetail] = useState<Reading | null>(null);
  const [statusChange, setStatusChange] = useState<{ reading: Reading; restore: boolean } | null>(null);
  const reloadList = useListReload(readingListName(patientId, item));
  const now = new Date();

  const optionsQuery = useQuery({
    queryKey: measurementKeys.options(patientId, item, lang),
    queryFn: ({ signal }) => fetchEntryOptions(patientId, item, signal),
    meta: { silent: true },
  });
  const options = optionsQuery.data;
  const [beginDate, endDate] = useMemo(
    () =>
      range ?? (options ? lastDays(days ?? READING_DAYS_DEFAULT, new Date(), options.timeZone) : ['', '']),
    [range, days, options],
  );
  const pivotQuery = useQuery({
    queryKey: measurementKeys.pivot(patientId, item, beginDate, endDate, lang),
    queryFn: ({ signal }) => fetchReadingPivot(patientId, { category: item, beginDate, endDate }, signal),
    enabled: !!options && view === 'grid',
    meta: { silent: true },
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: measurementKeys.all });
    // the patient header, bed cards and critical values show the latest readings too
    void queryClient.invalidateQueries({ queryKey: ['patients'] });
    void queryClient.invalidateQueries({ queryKey: ['critical'] });
    reloadList();
  };

  if (optionsQuery.isPending)
    return <Skeleton active paragraph={{ rows: 6 }} data-testid="measurement-loading" />;
  if (optionsQuery.isError || !options) {
    return (
      <Result
        status="warning"
        title={t('measurements.loadFailed')}
        subTitle={errorText(optionsQuery.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => optionsQuery.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const itemName = t(`measurements.item.${item}`);
  const openAdd = (date?: string, period?: PivotPeriod) => {
    if (!date || !period) {
      setForm({ reading: null });
      return;
    }
    setForm({
      reading: null,
      preset: {
        period: period.startTime ? period.code : null,
        testTime: presetTime(date, period, new Date(), options.timeZone),
      },
    });
  };

  return (
    <div className="gc-measurement-tab" data-testid={`measurement-tab-${item}`}>
      <div className="gc-measurement-toolbar">
        <Space wrap size={[8, 8]}>
          <DayRangeToolbar
            days={days}
            range={range}
            beginDate={beginDate}
            endDate={endDate}
            timeZone={options.timeZone}
            mobile={mobile}
            onDays={(n) => {
              setDays(n);
              setRange(null);
            }}
            onRange={setRange}
            testIds={{ days: 'reading-days', range: 'reading-range' }}
          />
        </Space>
        <Space wrap size={[8, 8]}>
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'grid' | 'list' | 'chart')}
            data-testid="reading-view"
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('measurements.toolbar.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: t('measurements.toolbar.list') },
              // ketone and uric acid: their trend (glucose has the analysis tab)
              ...(item === 'GLU'
                ? []
                : [{ value: 'chart', icon: <LineChartOutlined />, label: t('analysis.testTrend.view') }]),
            ]}
          />
          {view === 'list' ? (
            <>
              <Select
                value={sort}
                onChange={setSort}
                style={{ width: 150 }}
                aria-label={t('measurements.toolbar.sort')}
                data-testid="reading-sort"
                options={SORTS.map((s) => ({ value: s, label: t(`measurements.sort.${s}`) }))}
              />
              <Space size={4}>
                <Switch
                  size="small"
                  checked={includeDeleted}
                  onChange={setIncludeDeleted}
                  data-testid="reading-deleted"
                />
                <Typography.Text>{t('measurements.toolbar.showDeleted')}</Typography.Text>
              </Space>
            </>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            aria-label={t('measurements.toolbar.refresh')}
          />
          {canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openAdd()}
              data-testid="reading-add"
            >
              {t('measurements.toolbar.add', { item: itemName })}
            </Button>
          ) : null}
        </Space>
      </div>
      {!options.inHospital ? (
        <Alert type="info" showIcon className="gc-form-alert" message={t('measurements.discharged')} />
      ) : null}
      {view === 'chart' && item !== 'GLU' ? (
        <TestTrendChart
          patientId={patientId}
          item={item}
          beginDate={beginDate}
          endDate={endDate}
          unit={options.unit}
        />
      ) : view === 'grid' ? (
        pivotQuery.isError ? (
          <Alert
            type="error"
            showIcon
            message={errorText(pivotQuery.error)}
            action={<Button onClick={() => pivotQuery.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <ReadingGrid
            item={item}
            pivot={pivotQuery.data}
            options={options}
            loading={pivotQuery.isFetching}
            canAdd={canEdit}
            now={now}
            onOpen={setDetail}
            onAdd={openAdd}
          />
        )
      ) : (
        <ReadingList
          patientId={patientId}
          item={item}
          options={options}
          beginDate={beginDate}
          endDate={endDate}
          sort={sort}
          includeDeleted={includeDeleted}
          canEdit={canEdit}
          mobile={mobile}
          onOpen={setDetail}
          onEdit={(reading) => setForm({ reading })}
          onDelete={(reading) => setStatusChange({ reading, restore: false })}
          onRestore={(reading) => setStatusChange({ reading, restore: true })}
        />
      )}
      <ReadingDetail
        reading={detail}
        item={item}
        options={options}
        canEdit={canEdit}
        onClose={() => setDetail(null)}
        onEdit={(reading) => {
          setDetail(null);
          setForm({ reading });
        }}
        onDelete={(reading) => {
          setDetail(null);
          setStatusChange({ reading, restore: false });
        }}
      />
      {form ? (
        <ReadingForm
          open
          patientId={patientId}
          item={item}
          options={options}
          reading={form.reading}
          preset={form.preset}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            refresh();
            if (canNotify && asksToNotify(saved, new Date())) {
              setToNotify((list) => (list.includes(saved.id) ? list : [...list, saved.id]));
            }
          }}
        />
      ) : null}
      {toNotify[0] !== undefined ? (
        <CriticalEntryDialog key={toNotify[0]} measurementId={toNotify[0]} onDone={notified} />
      ) : null}
      <ReadingStatusModal
        reading={statusChange?.reading ?? null}
        restore={statusChange?.restore}
        onClose={() => setStatusChange(null)}
        onDone={refresh}
      />
    </div>
  );
}
