import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  formatGlucose,
  fromMmol,
  type GlucoseUnit,
  roundDecimal,
  toMmol,
  unitPrecision,
} from '@glucocare/domain/helpers';
import {
  type DaySpan,
  glucoseLimitSchema,
  glucoseRangeIssue,
  MINUTES_PER_DAY,
  PERIOD_LIMITS,
  type PeriodWindow,
  periodCoverage,
  periodWindowIssue,
  timeOfMinutes,
  windowSpans,
} from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Form, type FormInstance, Input, Table, Tooltip, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorText } from '../../../api/http';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { glucoseUnitOf, useSession } from '../../../app/session';
import { SortStatusFields } from '../../../components/dialog-form/DialogForm';
import { zodRule } from '../../../components/form-rules';
import { formatDateTime } from '../../../components/format';
import { type EditDialogDone, useEditDialog } from '../../../components/list-page/edit-dialog';
import {
  CreateButton,
  confirmDelete,
  RowEditDelete,
  RowStatusSwitch,
  useStatusToggle,
} from '../../../components/list-page/row-parts';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { msg } from '../../../i18n';
import './periods.css';

export const PERIOD_EDIT = PERMISSIONS.settings.periods.edit;

/** The end-time rule beyond its format: it must differ from the start. */
export const endAfterStartRule =
  () =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: string) => {
      const key = periodWindowIssue(String(getFieldValue('startTime') ?? ''), value ?? '');
      if (key) throw new Error(msg(key));
    },
  });

/** The tenant's glucose unit (§9: mg/dL or mmol/L); values are stored in mmol/L whatever it is. */
export function useGlucoseUnit(): GlucoseUnit {
  return glucoseUnitOf(useSession().units);
}

export function unitLabel(unit: GlucoseUnit): string {
  return unit === 'mgDl' ? 'mg/dL' : 'mmol/L';
}

/** A stored mmol/L value as the form shows it in `unit` (the unit's precision). */
export function toDisplay(mmol: number | null, unit: GlucoseUnit): number | null {
  return mmol === null ? null : roundDecimal(fromMmol(mmol, unit), unitPrecision(unit));
}

/**
 * A value typed in `unit` as stored: mmol/L at full precision (80 mg/dL → 4.444…, which shows as 80 again
 * and is the very number a reading entered as 80 mg/dL is stored as); mmol/L as typed.
 */
export function toStorage(display: number | null | undefined, unit: GlucoseUnit): number | null {
  return display === null || display === undefined ? null : toMmol(display, unit);
}

/** "4.4-7.0 mmol/L" or "79-126 mg/dL"; a dash when the period has no range. */
export function rangeText(min: number | null, max: number | null, unit: GlucoseUnit): string | null {
  if (min === null || max === null) return null;
  return `${formatGlucose(min, unit)}-${formatGlucose(max, unit)} ${unitLabel(unit)}`;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The rules of one bound of a normal range typed in the tenant's unit: the domain's limit (0.5-50
 * mmol/L, shown converted) on its own, then the range as a whole (both or neither, min < max).
 */
export function glucoseBoundRules(unit: GlucoseUnit, field: 'minValue' | 'maxValue', other: string): Rule[] {
  const limits = PERIOD_LIMITS.glucoseMmol;
  return [
    {
      validator: async (_rule, value: number | null) => {
        if (isBlank(value)) return;
        if (glucoseLimitSchema.safeParse(toStorage(value, unit)).success) return;
        throw new Error(
          msg('period.range.limits', {
            min: toDisplay(limits.min, unit) ?? limits.min,
            max: toDisplay(limits.max, unit) ?? limits.max,
          }),
        );
      },
    },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: number | null) => {
        const min = field === 'minValue' ? value : getFieldValue(other);
        const max = field === 'maxValue' ? value : getFieldValue(other);
        const issue = glucoseRangeIssue(min, max);
        if (issue && issue.field === field) throw new Error(msg(issue.key));
      },
    }),
  ];
}

/** `HH:mm` typed as text (so that the end of the day, 24:00, can be written). */
export function TimeInput(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  return (
    <Input
      id={props.id}
      value={props.value}
      onChange={(event) => props.onChange?.(event.target.value)}
      placeholder="HH:mm"
      maxLength={5}
      inputMode="numeric"
      autoComplete="off"
      style={{ width: '100%' }}
    />
  );
}

const PALETTE = ['#0e7c86', '#3b82c4', '#7a5cc2', '#c2587a', '#d9822b', '#5a9e3a', '#b8a02a', '#4b6b8a'];
const pct = (minutes: number) => `${(minutes / MINUTES_PER_DAY) * 100}%`;

export interface TimelineEntry extends PeriodWindow {
  name: string;
  /** drawn stronger than the rest (the period being edited) */
  highlight?: boolean;
}

/**
 * A 24-hour bar with each period's window (two pieces when it wraps past midnight), gaps hatched and
 * overlaps outlined in red, so an uncovered or doubly covered stretch of the day stands out.
 */
export function DayTimeline({
  entries,
  testId = 'day-timeline',
}: {
  entries: TimelineEntry[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const coverage = periodCoverage(entries);
  const anyHighlight = entries.some((entry) => entry.highlight);
  return (
    <div
      className="gc-timeline"
      data-testid={testId}
      role="img"
      aria-label={t('periodSettings.timeline.label')}
    >
      <div className="gc-timeline-bar">
        {coverage.gaps.map((gap) => (
          <Tooltip key={`gap-${gap.start}`} title={t('periodSettings.timeline.gapAt', spanText(gap))}>
            <span
              className="gc-timeline-gap"
              data-testid="timeline-gap"
              style={{ left: pct(gap.start), width: pct(gap.end - gap.start) }}
            />
          </Tooltip>
        ))}
        {entries.flatMap((entry, index) =>
          windowSpans(entry).map((span) => (
            <Tooltip
              key={`${entry.code}-${span.start}`}
              title={`${entry.name} ${entry.startTime}-${entry.endTime}`}
            >
              <span
                className="gc-timeline-window"
                style={{
                  left: pct(span.start),
                  width: pct(span.end - span.start),
                  background: PALETTE[index % PALETTE.length],
                  opacity: anyHighlight && !entry.highlight ? 0.35 : 1,
                }}
              >
                <span className="gc-timeline-name">{entry.name}</span>
              </span>
            </Tooltip>
          )),
        )}
        {coverage.overlaps.map((overlap) => (
          <span
            key={`overlap-${overlap.start}`}
            className="gc-timeline-overlap"
            data-testid="timeline-overlap"
            style={{ left: pct(overlap.start), width: pct(overlap.end - overlap.start) }}
          />
        ))}
      </div>
      <div className="gc-timeline-ticks" aria-hidden>
        {[0, 6, 12, 18, 24].map((hour) => (
          <span key={hour} style={{ left: pct(hour * 60) }}>
            {`${String(hour).padStart(2, '0')}:00`}
          </span>
        ))}
      </div>
    </div>
  );
}

function spanText(span: DaySpan) {
  return { start: timeOfMinutes(span.start), end: timeOfMinutes(span.end) };
}

/**
 * Warnings (never errors) about the gaps and overlaps of a set of windows: a reading without a period
 * gets none in a gap, and the first by sort order in an overlap.
 */
export function CoverageWarnings({
  entries,
  testId = 'coverage-warnings',
}: {
  entries: TimelineEntry[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { gaps, overlaps } = periodCoverage(entries);
  if (gaps.length === 0 && overlaps.length === 0) return null;
  const names = new Map(entries.map((entry) => [entry.code, entry.name]));
  const lines = [
    ...gaps.map((gap) => t('periodSettings.timeline.gapAt', spanText(gap))),
    ...overlaps.map((overlap) =>
      t('periodSettings.timeline.overlapAt', {
        ...spanText(overlap),
        names: overlap.codes.map((code) => names.get(code) ?? code).join(t('periodSettings.timeline.and')),
      }),
    ),
  ];
  return (
    <Alert
      type="warning"
      showIcon
      className="gc-timeline-warnings"
      data-testid={testId}
      message={t('periodSettings.timeline.warningTitle')}
      description={
        <ul className="gc-timeline-warning-list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    />
  );
}

/** What the glucose and insulin period tabs have in common: a row of either list. */
export interface PeriodRow extends PeriodWindow {
  id: number;
  name: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  isActive: boolean;
  version: number;
  updatedAt: string;
}

/** The enabled periods as timeline entries. */
export const activeWindows = (periods: PeriodRow[]): TimelineEntry[] =>
  periods.filter((period) => period.isActive);

/** One kind of period, loaded afresh on each visit (failures shown in the tab), and its reload. */
export function usePeriodList<T>(queryKey: readonly string[], fetch: (signal?: AbortSignal) => Promise<T[]>) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return { query, periods: query.data ?? [], refresh };
}

/**
 * The day as the form would leave it: the other enabled periods, and the one being edited
 * (highlighted) unless it is switched off.
 */
export function usePeriodPreview(
  form: FormInstance,
  periods: PeriodRow[],
  editingId?: number,
): TimelineEntry[] {
  const { t } = useTranslation();
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const code = Form.useWatch('code', form);
  const isActive = Form.useWatch('isActive', form);
  const others = activeWindows(periods.filter((period) => period.id !== editingId));
  if (isActive === false) return others;
  return [
    ...others,
    {
      code: code || '∗',
      name: t('periodSettings.thisPeriod'),
      startTime: startTime ?? '',
      endTime: endTime ?? '',
      highlight: true,
    },
  ];
}

type PeriodFieldSchemas = Record<'code' | 'nameZh' | 'nameEn' | 'startTime' | 'endTime', z.ZodType>;

/**
 * The fields of a period form: code and names, the window (`windowSm` columns each from tablet
 * width), then `children` (the glucose range), the day preview, and sort and status.
 */
export function PeriodFormFields({
  fields,
  codeExtra,
  windowSm,
  preview,
  children,
}: {
  fields: PeriodFieldSchemas;
  codeExtra?: string;
  windowSm?: number;
  preview: TimelineEntry[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={24} sm={8}>
        <Form.Item
          name="code"
          label={t('periodSettings.code')}
          rules={[zodRule(fields.code)]}
          required
          extra={codeExtra}
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="nameZh" label={t('periodSettings.nameZh')} rules={[zodRule(fields.nameZh)]} required>
          <Input maxLength={12} showCount autoComplete="off" lang="zh-CN" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="nameEn" label={t('periodSettings.nameEn')} rules={[zodRule(fields.nameEn)]} required>
          <Input maxLength={PERIOD_LIMITS.nameEn.max} autoComplete="off" lang="en" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={windowSm}>
        <Form.Item
          name="startTime"
          label={t('periodSettings.startTime')}
          rules={[zodRule(fields.startTime)]}
          required
        >
          <TimeInput />
        </Form.Item>
      </Col>
      <Col xs={12} sm={windowSm}>
        <Form.Item
          name="endTime"
          label={t('periodSettings.endTime')}
          rules={[zodRule(fields.endTime), endAfterStartRule()]}
          dependencies={['startTime']}
          required
        >
          <TimeInput />
        </Form.Item>
      </Col>
      {children}
      <Col xs={24}>
        <Form.Item label={t('periodSettings.timeline.title')}>
          <DayTimeline entries={preview} testId="form-timeline" />
          <CoverageWarnings entries={preview} testId="form-coverage-warnings" />
        </Form.Item>
      </Col>
      <SortStatusFields />
    </>
  );
}

/** The name of a period in the request language, the other language under it; muted when stopped. */
function PeriodName({ row }: { row: PeriodRow }) {
  return (
    <div className={row.isActive ? undefined : 'gc-muted'}>
      <div>{row.name}</div>
      <div className="gc-secondary">{row.name === row.nameZh ? row.nameEn : row.nameZh}</div>
    </div>
  );
}

/**
 * The columns of a period table. On a phone: the name with `detail` under it, and the status with
 * the row's `actions`; else code, name, window, `extra` columns, sort, status, updated and actions.
 */
export function periodColumns<T extends PeriodRow>(options: {
  t: TFunction;
  mobile: boolean;
  canEdit: boolean;
  status: { busy: number | null; toggle: (row: T, isActive: boolean) => Promise<void> };
  actions: (row: T) => ReactNode;
  detail: (row: T) => ReactNode;
  extra?: ColumnsType<T>;
  widths: { mobileStatus: number; actions: number };
}): ColumnsType<T> {
  const { t, mobile, canEdit, status, actions, detail, extra = [], widths } = options;
  const statusCell = (row: T) => (
    <RowStatusSwitch
      checked={row.isActive}
      loading={status.busy === row.id}
      disabled={!canEdit}
      onChange={(checked) => void status.toggle(row, checked)}
    />
  );
  if (mobile)
    return [
      {
        title: t('periodSettings.name'),
        key: 'name',
        render: (_, row) => (
          <div>
            <PeriodName row={row} />
            <div className="gc-secondary">{detail(row)}</div>
          </div>
        ),
      },
      {
        title: t('common.status'),
        key: 'status',
        width: widths.mobileStatus,
        render: (_, row) => (
          <div className="gc-stack">
            {statusCell(row)}
            {actions(row)}
          </div>
        ),
      },
    ];
  return [
    {
      title: t('periodSettings.code'),
      dataIndex: 'code',
      width: 140,
      render: (value: string) => <code>{value}</code>,
    },
    {
      title: t('periodSettings.name'),
      key: 'name',
      width: 180,
      render: (_, row) => <PeriodName row={row} />,
    },
    {
      title: t('periodSettings.window'),
      key: 'window',
      width: 130,
      render: (_, row) => (
        <span className="gc-nowrap">
          {row.startTime}-{row.endTime}
        </span>
      ),
    },
    ...extra,
    { title: t('common.sort'), dataIndex: 'sort', width: 90 },
    { title: t('common.status'), key: 'status', width: 110, render: (_, row) => statusCell(row) },
    {
      title: t('common.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (value: string) => <span className="gc-nowrap">{formatDateTime(value)}</span>,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: widths.actions,
            render: (_: unknown, row: T) => actions(row),
          },
        ]
      : []),
  ];
}

/** The fields every period form edits (a glucose period adds its normal range). */
export interface PeriodValues {
  code: string;
  nameZh: string;
  nameEn: string;
  startTime: string;
  endTime: string;
  sort?: number | null;
  isActive: boolean;
}

/** A period's common fields as its form holds them. */
export function periodValuesOf(period: PeriodRow): PeriodValues {
  return {
    code: period.code,
    nameZh: period.nameZh,
    nameEn: period.nameEn,
    startTime: period.startTime,
    endTime: period.endTime,
    sort: period.sort,
    isActive: period.isActive,
  };
}

/** The form's common fields as the API takes them (texts trimmed, no sort is 0). */
export function periodInputOf(values: PeriodValues) {
  return {
    code: values.code.trim(),
    nameZh: values.nameZh.trim(),
    nameEn: values.nameEn.trim(),
    startTime: values.startTime.trim(),
    endTime: values.endTime.trim(),
    sort: values.sort ?? 0,
    isActive: !!values.isActive,
  };
}

/**
 * A period tab (glucose, insulin): the load failure, then a card with the enabled periods over the
 * day, their gaps and overlaps, the table and `note`; "New" and the row actions (edit, and delete
 * where `remove` is given) for those who may edit, and the page's create / edit dialog. Texts and
 * test ids come from `kind` (`periodSettings.glucose.*`, `glucose-period-table` …).
 */
export function PeriodTab<T extends PeriodRow>({
  kind,
  queryKey,
  fetch,
  changeStatus,
  remove,
  columns,
  note,
  form,
}: {
  kind: 'glucose' | 'insulin';
  queryKey: readonly string[];
  fetch: (signal?: AbortSignal) => Promise<T[]>;
  changeStatus: (row: T, isActive: boolean) => Promise<unknown>;
  remove?: { question: (row: T) => string; run: (row: T) => Promise<unknown> };
  /** the page's parts of {@link periodColumns} */
  columns: Pick<Parameters<typeof periodColumns<T>>[0], 'detail' | 'extra' | 'widths'>;
  note: string;
  /** the create (`record` null) or edit dialog, over the tab's `periods` */
  form: (record: T | null, periods: T[], done: EditDialogDone) => ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERIOD_EDIT);
  const { query, periods, refresh } = usePeriodList(queryKey, fetch);
  const dialog = useEditDialog<T>(refresh);
  const status = useStatusToggle<T>(changeStatus, refresh);
  const active = activeWindows(periods);
  const loadFailed = t(`periodSettings.${kind}.loadFailed`);

  const actions = (row: T) =>
    canEdit ? (
      <RowEditDelete
        onEdit={() => dialog.open(row)}
        onDelete={
          remove
            ? () =>
                void confirmDelete(remove.question(row), () => remove.run(row)).then((outcome) => {
                  if (outcome !== 'cancelled') refresh();
                })
            : undefined
        }
      />
    ) : null;
  const tableColumns = periodColumns<T>({ t, mobile, canEdit, status, actions, ...columns });

  return (
    <>
      {query.isError ? (
        <LoadError title={loadFailed} message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      <Card
        size="small"
        className="gc-panel-card"
        title={t('periodSettings.timeline.title')}
        extra={
          canEdit ? (
            <CreateButton testId={`${kind}-period-create`} onClick={() => dialog.open(null)}>
              {t(`periodSettings.${kind}.create`)}
            </CreateButton>
          ) : null
        }
      >
        {periods.length > 0 ? (
          <>
            <DayTimeline entries={active} />
            <CoverageWarnings entries={active} />
          </>
        ) : null}
        <Table<T>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={tableColumns}
          dataSource={periods}
          loading={query.isFetching}
          pagination={false}
          scroll={mobile ? undefined : { x: 'max-content' }}
          data-testid={`${kind}-period-table`}
          locale={{
            emptyText: <TableEmpty text={query.isError ? loadFailed : t(`periodSettings.${kind}.empty`)} />,
          }}
        />
        <Typography.Paragraph type="secondary" className="gc-form-note">
          {note}
        </Typography.Paragraph>
      </Card>
      {dialog.render((record, done) => form(record, periods, done))}
    </>
  );
}
