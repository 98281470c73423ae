import {
  AppstoreOutlined,
  CheckOutlined,
  PlusOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { insulinReasonSchema } from '@glucocare/domain/insulin';
import { READING_DAYS_DEFAULT } from '@glucocare/domain/measurements';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Modal,
  Result,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../api/http';
import {
  changeInsulinStatus,
  confirmInsulinRecords,
  fetchInsulinOptions,
  fetchInsulinPivot,
  type InsulinRecord,
} from '../../api/insulin';
import type { PivotPeriod } from '../../api/measurements';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { dateTimeInZone } from '../../components/format';
import { useListReload } from '../../components/list-page/ListPage';
import { askReason } from '../../components/reason-prompt';
import { currentLang } from '../../i18n';
import { DayRangeToolbar } from '../measurements/DayRangeToolbar';
import { instantAt, lastDays } from '../measurements/reading-format';
import { InsulinForm, type InsulinPreset } from './InsulinForm';
import { InsulinGrid } from './InsulinGrid';
import { InsulinList, InsulinStatusTag, insulinListName } from './InsulinList';
import { doseText, partsText } from './insulin-format';
import './insulin.css';

/** Query keys of this area: every write invalidates `insulinKeys.all`. */
export const insulinKeys = {
  all: ['insulin'] as const,
  options: (patientId: number, lang: string) => ['insulin', 'options', patientId, lang] as const,
  pivot: (patientId: number, begin: string, end: string, lang: string) =>
    ['insulin', 'pivot', patientId, begin, end, lang] as const,
};

/**
 * A patient's insulin records (issue 16): the day × insulin-period grid with the daily totals (basal,
 * bolus, correction, TDD and IU/kg), the list; entry, correction and delete/restore with a reason, and
 * confirmation (one record, or the ticked ones) by a nurse.
 */
export function InsulinTab({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.insulinRecords.edit);
  const canConfirm = usePermission(PERMISSIONS.insulinRecords.confirm);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [days, setDays] = useState<number>(READING_DAYS_DEFAULT);
  const [range, setRange] = useState<[string, string] | null>(null);
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<{ record: InsulinRecord | null; preset?: InsulinPreset } | null>(null);
  const [detail, setDetail] = useState<InsulinRecord | null>(null);
  const reloadList = useListReload(insulinListName(patientId));

  const optionsQuery = useQuery({
    queryKey: insulinKeys.options(patientId, lang),
    queryFn: ({ signal }) => fetchInsulinOptions(patientId, signal),
    meta: { silent: true },
  });
  const options = optionsQuery.data;
  const [beginDate, endDate] = useMemo(
    () => range ?? (options ? lastDays(days, new Date(), options.timeZone) : ['', '']),
    [range, days, options],
  );
  const pivotQuery = useQuery({
    queryKey: insulinKeys.pivot(patientId, beginDate, endDate, lang),
    queryFn: ({ signal }) => fetchInsulinPivot(patientId, { beginDate, endDate }, signal),
    enabled: !!options && view === 'grid',
    meta: { silent: true },
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: insulinKeys.all });
    reloadList();
  };

  if (optionsQuery.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (optionsQuery.isError || !options) {
    return (
      <Result
        status="warning"
        title={t('insulin.loadFailed')}
        subTitle={errorText(optionsQuery.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => optionsQuery.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const confirm = async (records: { id: number }[]) => {
    if (!records.length) return;
    try {
      const done = await confirmInsulinRecords(records.map((r) => r.id));
      toastSuccess(t('insulin.confirmedMany', { count: done.length }));
      setSelected([]);
      setDetail(null);
      refresh();
    } catch (error) {
      showError(error);
    }
  };
  const changeStatus = async (record: InsulinRecord, restore: boolean) => {
    const reason = await askReason({
      title: restore ? t('insulin.action.restoreTitle') : t('insulin.action.deleteTitle'),
      content: t('insulin.action.reasonQuestion', {
        time: dateTimeInZone(record.givenAt, options.timeZone),
        drug: record.drugName,
        dose: doseText(record.dose),
      }),
      label: t('insulin.field.reason'),
      okText: restore ? t('insulin.action.restore') : t('common.delete'),
      cancelText: t('common.cancel'),
      check: (text) => localizedIssues(insulinReasonSchema, text, currentLang())[0]?.message ?? null,
    });
    if (reason === null) return;
    try {
      await changeInsulinStatus({ recordId: record.id, isActive: restore, reason, version: record.version });
      toastSuccess(restore ? t('insulin.restored') : t('common.deleted'));
      setDetail(null);
      refresh();
    } catch (error) {
      showError(error);
    }
  };
  const openAdd = (date?: string, period?: PivotPeriod) => {
    if (!date || !period?.startTime) {
      setForm({ record: null });
      return;
    }
    // the period's start on that day, or now when that lies ahead
    const start = instantAt(date, period.startTime, options.timeZone);
    setForm({
      record: null,
      preset: { period: period.code, givenAt: start > new Date() ? new Date() : start },
    });
  };
  const names = {
    basal: t('insulin.short.basal'),
    bolus: t('insulin.short.bolus'),
    correction: t('insulin.short.correction'),
  };

  return (
    <div className="gc-measurement-tab" data-testid="insulin-tab">
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
            testIds={{ days: 'insulin-days' }}
          />
        </Space>
        <Space wrap size={[8, 8]}>
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'grid' | 'list')}
            data-testid="insulin-view"
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('measurements.toolbar.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: t('measurements.toolbar.list') },
            ]}
          />
          {view === 'list' ? (
            <Space size={4}>
              <Switch
                size="small"
                checked={includeDeleted}
                onChange={setIncludeDeleted}
                data-testid="insulin-deleted"
              />
              <Typography.Text>{t('measurements.toolbar.showDeleted')}</Typography.Text>
            </Space>
          ) : null}
          {view === 'list' && canConfirm ? (
            <Button
              icon={<CheckOutlined />}
              disabled={!selected.length}
              onClick={() => void confirm(selected.map((id) => ({ id: Number(id) })))}
              data-testid="insulin-confirm-selected"
            >
              {t('insulin.action.confirmSelected', { count: selected.length })}
            </Button>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            aria-label={t('measurements.toolbar.refresh')}
          />
          {canEdit && options.inHospital ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openAdd()}
              data-testid="insulin-add"
            >
              {t('insulin.action.add')}
            </Button>
          ) : null}
        </Space>
      </div>
      {options.weightKg === null ? (
        <Alert type="info" showIcon className="gc-form-alert" message={t('insulin.totals.noWeight')} />
      ) : null}
      {view === 'grid' ? (
        pivotQuery.isError ? (
          <Alert
            type="error"
            showIcon
            message={errorText(pivotQuery.error)}
            action={<Button onClick={() => pivotQuery.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <InsulinGrid
            pivot={pivotQuery.data}
            options={options}
            loading={pivotQuery.isFetching}
            canAdd={canEdit}
            onOpen={setDetail}
            onAdd={openAdd}
          />
        )
      ) : (
        <InsulinList
          patientId={patientId}
          options={options}
          beginDate={beginDate}
          endDate={endDate}
          includeDeleted={includeDeleted}
          canEdit={canEdit}
          canConfirm={canConfirm}
          mobile={mobile}
          selected={selected}
          onSelect={setSelected}
          onOpen={setDetail}
          onEdit={(record) => setForm({ record })}
          onDelete={(record) => void changeStatus(record, false)}
          onRestore={(record) => void changeStatus(record, true)}
          onConfirm={(records) => void confirm(records)}
        />
      )}
      <Modal
        open={!!detail}
        title={t('insulin.detail.title')}
        onCancel={() => setDetail(null)}
        destroyOnHidden
        data-testid="insulin-detail"
        footer={
          detail && !detail.deletedAt && detail.status === 'unconfirmed' ? (
            <Space wrap>
              {canEdit ? (
                <Button
                  danger
                  onClick={() => void changeStatus(detail, false)}
                  data-testid="insulin-detail-delete"
                >
                  {t('common.delete')}
                </Button>
              ) : null}
              {canEdit ? (
                <Button
                  onClick={() => {
                    setForm({ record: detail });
                    setDetail(null);
                  }}
                  data-testid="insulin-detail-edit"
                >
                  {t('common.edit')}
                </Button>
              ) : null}
              {canConfirm ? (
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  onClick={() => void confirm([detail])}
                  data-testid="insulin-detail-confirm"
                >
                  {t('insulin.action.confirm')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {detail ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('insulin.field.givenAt')}>
              {dateTimeInZone(detail.givenAt, options.timeZone)} · {detail.periodName}
            </Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.drug')}>{detail.drugName}</Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.dose')}>{doseText(detail.dose)}</Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.parts')}>
              {partsText(detail, names) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.doctor')}>{detail.doctorName}</Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.nurse')}>{detail.nurseName}</Descriptions.Item>
            <Descriptions.Item label={t('insulin.field.status')}>
              <InsulinStatusTag record={detail} timeZone={options.timeZone} />
              {detail.confirmedAt
                ? ` ${detail.confirmedBy ?? ''} · ${dateTimeInZone(detail.confirmedAt, options.timeZone)}`
                : null}
            </Descriptions.Item>
            {detail.note ? (
              <Descriptions.Item label={t('insulin.field.note')}>{detail.note}</Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : null}
      </Modal>
      {form ? (
        <InsulinForm
          patientId={patientId}
          options={options}
          record={form.record}
          preset={form.preset}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
