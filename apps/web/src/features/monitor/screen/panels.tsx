import { DISTRIBUTION_BANDS, type DistributionBand } from '@glucocare/domain/monitor';
import type { ScreenCritical, ScreenReading, WardSummary } from '@glucocare/domain/responses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedList, Panel, Tile } from './Panel';
import { useRowsThatFit } from './paging-hooks';
import {
  bandRange,
  CLASS_COLORS,
  calendarDay,
  classColor,
  clockMinutes,
  countText,
  isCritical,
  rateText,
  readingValueText,
  shareText,
  unitName,
} from './screen-format';
import type { ScreenView } from './view';

/** A reading's value in its class colour, with its unit (critical values bold). */
export function ValueCell({ reading, glucoseUnit }: { reading: ScreenReading; glucoseUnit: string }) {
  return (
    <span className="bigscreen-value" style={{ color: classColor(reading.classification) }}>
      <b className={isCritical(reading.classification) ? 'bigscreen-critical' : undefined}>
        {readingValueText(reading, glucoseUnit)}
      </b>
      <small>{unitName(reading.item, glucoseUnit)}</small>
    </span>
  );
}

/** "HH:mm" today, "MM-DD HH:mm" before (the recent window reaches up to 72 hours back). */
export function whenText(at: string, today: string, timeZone: string): string {
  const day = calendarDay(at, timeZone);
  return day === today ? clockMinutes(at, timeZone) : `${day.slice(5)} ${clockMinutes(at, timeZone)}`;
}

export function OverviewPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const { overview, lang } = view;
  const today = overview.todaySummary;
  const strip: [string, number, string][] = [
    ['normal', today.normal, CLASS_COLORS.normal!],
    ['low', today.low, CLASS_COLORS.low!],
    ['high', today.high, CLASS_COLORS.high!],
    ['critical', today.criticalLow + today.criticalHigh, CLASS_COLORS.criticalHigh!],
  ];
  return (
    <Panel panel="overview" title={t('monitor.screen.panel.overview')}>
      <div className="bigscreen-tiles">
        <Tile
          testId="screen-in-hospital"
          label={t('monitor.screen.figure.inHospital')}
          value={countText(overview.inHospital, lang)}
        />
        <Tile
          label={t('monitor.screen.figure.admittedToday')}
          value={countText(overview.admittedToday, lang)}
        />
        <Tile
          label={t('monitor.screen.figure.measuredPatients')}
          value={countText(overview.measurePersonCount, lang)}
        />
        <Tile
          testId="screen-readings-today"
          label={t('monitor.screen.figure.readingsToday')}
          value={countText(overview.measureCount, lang)}
        />
        <Tile
          label={t('monitor.screen.figure.abnormalRate')}
          value={rateText(today.abnormalRate)}
          tone={CLASS_COLORS.high}
        />
        <Tile
          label={t('monitor.screen.figure.criticalRate')}
          value={rateText(today.criticalRate)}
          tone={CLASS_COLORS.criticalHigh}
        />
      </div>
      <div className="bigscreen-strip">
        {strip.map(([key, count, color]) => (
          <span key={key}>
            <i style={{ background: color }} />
            {t(`monitor.screen.class.${key}`)} <b>{countText(count, lang)}</b>
          </span>
        ))}
      </div>
    </Panel>
  );
}

/**
 * Each ward's day. `ranked` (the operations variant's department ranking): wards by abnormal rate,
 * highest first, then by readings (more first); wards without readings today last.
 */
export function DepartmentsPanel({ view, ranked = false }: { view: ScreenView; ranked?: boolean }) {
  const { t } = useTranslation();
  const rows = ranked
    ? rankWards(view.overview.todayDepartmentSummary)
    : view.overview.todayDepartmentSummary;
  const columns: Column<WardSummary>[] = [
    ...(ranked
      ? [{ key: 'rank', title: '#', width: '56px', render: (row: WardSummary) => rows.indexOf(row) + 1 }]
      : []),
    {
      key: 'ward',
      title: t('monitor.screen.column.ward'),
      width: '2.4fr',
      render: (row) => row.departmentName,
    },
    {
      key: 'inHospital',
      title: t('monitor.screen.column.inHospital'),
      width: '1fr',
      align: 'end',
      render: (row) => countText(row.inHospital, view.lang),
    },
    // patients measured: where the panel is wide enough (two-column layouts)
    ...(view.wide
      ? [
          {
            key: 'measured',
            title: t('monitor.screen.column.measured'),
            width: '1fr',
            align: 'end' as const,
            render: (row: WardSummary) => countText(row.measuredPatients, view.lang),
          },
        ]
      : []),
    {
      key: 'tests',
      title: t('monitor.screen.column.tests'),
      width: '1fr',
      align: 'end',
      render: (row) => countText(row.tests, view.lang),
    },
    {
      key: 'abnormal',
      title: t('monitor.screen.column.abnormalRate'),
      width: '1.2fr',
      align: 'end',
      render: (row) => <span style={{ color: CLASS_COLORS.high }}>{rateText(row.abnormalRate)}</span>,
    },
    {
      key: 'critical',
      title: t('monitor.screen.column.criticalRate'),
      width: '1.2fr',
      align: 'end',
      render: (row) => <span style={{ color: CLASS_COLORS.criticalHigh }}>{rateText(row.criticalRate)}</span>,
    },
  ];
  return (
    <PagedList
      panel={ranked ? 'ranking' : 'departments'}
      title={t(ranked ? 'monitor.screen.panel.ranking' : 'monitor.screen.panel.departments')}
      rows={rows}
      columns={columns}
      rowKey={(row) => row.departmentCode}
      empty={t('monitor.screen.empty.departments')}
      rowHeight={view.rowHeight}
      rotateSeconds={view.config.rotateSeconds}
    />
  );
}

/** The department ranking's order (see {@link DepartmentsPanel}). */
export function rankWards(wards: readonly WardSummary[]): WardSummary[] {
  return [...wards].sort((a, b) => {
    if (a.abnormalRate === null || b.abnormalRate === null) {
      return a.abnormalRate === b.abnormalRate ? 0 : a.abnormalRate === null ? 1 : -1;
    }
    return b.abnormalRate - a.abnormalRate || b.tests - a.tests;
  });
}

function readingColumns(view: ScreenView, t: (key: string) => string): Column<ScreenReading>[] {
  const { config, overview } = view;
  return [
    {
      key: 'time',
      title: t('monitor.screen.column.time'),
      width: '0.9fr',
      render: (row) => whenText(row.testTime, overview.day, config.timeZone),
    },
    {
      key: 'ward',
      title: t('monitor.screen.column.ward'),
      width: '1.9fr',
      render: (row) => row.departmentName,
    },
    { key: 'bed', title: t('monitor.screen.column.bed'), width: '0.6fr', render: (row) => row.bed ?? '—' },
    { key: 'name', title: t('monitor.screen.column.name'), width: '0.9fr', render: (row) => row.name },
    {
      key: 'value',
      title: t('monitor.screen.column.value'),
      width: '1.5fr',
      align: 'end',
      render: (row) => <ValueCell reading={row} glucoseUnit={config.glucoseUnit} />,
    },
  ];
}

export function RecentPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const columns = readingColumns(view, t);
  // the period (or the item, for ketone and uric acid) where the panel is wide enough
  if (view.wide) {
    columns.splice(4, 0, {
      key: 'period',
      title: t('monitor.screen.column.period'),
      width: '1.2fr',
      render: (row) => (row.item === 'GLU' ? (row.periodName ?? '') : t(`monitor.screen.item.${row.item}`)),
    });
  }
  return (
    <PagedList
      panel="recent"
      title={t('monitor.screen.panel.recent', { hours: view.config.recentHours })}
      rows={view.recent?.records ?? []}
      columns={columns}
      rowKey={(row) => row.id}
      empty={t('monitor.screen.empty.recent', { hours: view.config.recentHours })}
      rowHeight={view.rowHeight}
      rotateSeconds={view.config.rotateSeconds}
    />
  );
}

export function CriticalPanel({ view, rows }: { view: ScreenView; rows?: readonly ScreenCritical[] }) {
  const { t } = useTranslation();
  const columns: Column<ScreenCritical>[] = [
    ...(readingColumns(view, t) as Column<ScreenCritical>[]),
    {
      key: 'state',
      title: t('monitor.screen.column.state'),
      width: '1.2fr',
      align: 'end',
      render: (row) => (
        <span className={`bigscreen-state bigscreen-state-${row.state}`}>
          {t(`monitor.screen.state.${row.state}`)}
        </span>
      ),
    },
  ];
  return (
    <PagedList
      panel="critical"
      title={t('monitor.screen.panel.critical', { hours: view.config.recentHours })}
      rows={rows ?? view.crisis?.records ?? []}
      columns={columns}
      rowKey={(row) => row.criticalId}
      empty={t('monitor.screen.empty.critical', { hours: view.config.recentHours })}
      rowHeight={view.rowHeight}
      rotateSeconds={view.config.rotateSeconds}
    />
  );
}

type AbnormalRow = NonNullable<ScreenView['distribution']>['abnormal'][number];

export function AbnormalPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const columns: Column<AbnormalRow>[] = [
    {
      key: 'ward',
      title: t('monitor.screen.column.ward'),
      width: '1.9fr',
      render: (row) => row.departmentName,
    },
    { key: 'bed', title: t('monitor.screen.column.bed'), width: '0.6fr', render: (row) => row.bed ?? '—' },
    { key: 'name', title: t('monitor.screen.column.name'), width: '0.9fr', render: (row) => row.name },
    {
      key: 'value',
      title: t('monitor.screen.column.value'),
      width: '1.5fr',
      align: 'end',
      render: (row) => <ValueCell reading={row} glucoseUnit={view.config.glucoseUnit} />,
    },
    {
      key: 'high',
      title: t('monitor.screen.column.highCount'),
      width: '0.6fr',
      align: 'end',
      render: (row) => <span style={{ color: CLASS_COLORS.high }}>{row.highCount}</span>,
    },
    {
      key: 'low',
      title: t('monitor.screen.column.lowCount'),
      width: '0.6fr',
      align: 'end',
      render: (row) => <span style={{ color: CLASS_COLORS.low }}>{row.lowCount}</span>,
    },
  ];
  return (
    <PagedList
      panel="abnormal"
      title={t('monitor.screen.panel.abnormal')}
      rows={view.distribution?.abnormal ?? []}
      columns={columns}
      rowKey={(row) => row.patientId}
      empty={t('monitor.screen.empty.abnormal')}
      rowHeight={view.rowHeight}
      rotateSeconds={view.config.rotateSeconds}
    />
  );
}

/** A labelled bar of a count against the largest (the high/low wards, the distribution). */
function Bar({
  label,
  count,
  max,
  color,
  caption,
}: {
  label: ReactNode;
  count: number;
  max: number;
  color: string;
  caption: string;
}) {
  const width = max > 0 ? Math.max(2, (count / max) * 100) : 0;
  return (
    <div className="bigscreen-bar">
      <span className="bigscreen-bar-label">{label}</span>
      <span className="bigscreen-bar-track">
        <span className="bigscreen-bar-fill" style={{ width: `${width}%`, background: color }} />
      </span>
      <span className="bigscreen-bar-caption">{caption}</span>
    </div>
  );
}

/** The wards with the most high and the most low readings today: as many as the panel holds, most first. */
export function HighLowPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const [box, fit] = useRowsThatFit<HTMLDivElement>(view.rowHeight);
  const high = view.distribution?.highDepartments ?? [];
  const low = view.distribution?.lowDepartments ?? [];
  const halves = { high, low };
  return (
    <Panel panel="highLow" title={t('monitor.screen.panel.highLow')}>
      <div className="bigscreen-halves">
        {(['high', 'low'] as const).map((key) => {
          const shown = halves[key].filter((row) => row.count > 0).slice(0, fit);
          const max = Math.max(0, ...shown.map((row) => row.count));
          return (
            <div key={key} className="bigscreen-half" data-testid={`screen-${key}-wards`}>
              <div className="bigscreen-half-title" style={{ color: CLASS_COLORS[key] }}>
                {t(`monitor.screen.highLow.${key}`)}
              </div>
              <div className="bigscreen-half-rows" ref={key === 'high' ? box : undefined}>
                {shown.length === 0 ? (
                  <div className="bigscreen-empty">{t('monitor.screen.empty.highLow')}</div>
                ) : (
                  shown.map((row) => (
                    <div
                      key={row.departmentCode}
                      className="bigscreen-rank"
                      style={{ height: view.rowHeight }}
                    >
                      <span className="bigscreen-rank-label">{row.departmentName}</span>
                      <b>{countText(row.count, view.lang)}</b>
                      <span className="bigscreen-rank-bar">
                        <span
                          style={{
                            width: `${max > 0 ? Math.max(2, (row.count / max) * 100) : 0}%`,
                            background: CLASS_COLORS[key],
                          }}
                        />
                      </span>
                    </div>
                  ))
                )}
              </div>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}

const BAND_COLORS: Record<DistributionBand, string> = {
  below3_9: CLASS_COLORS.low!,
  from3_9to10: CLASS_COLORS.normal!,
  from10to13_9: CLASS_COLORS.high!,
  from13_9: CLASS_COLORS.criticalHigh!,
};

/** Today's measured patients by the band of their latest glucose: count and share of the whole. */
export function DistributionPanel({ view }: { view: ScreenView }) {
  const { t } = useTranslation();
  const bands = DISTRIBUTION_BANDS.map((band) => ({
    band,
    patients: view.distribution?.bands.find((row) => row.band === band)?.patients ?? 0,
  }));
  const total = bands.reduce((sum, row) => sum + row.patients, 0);
  const max = Math.max(0, ...bands.map((row) => row.patients));
  const unit = unitName('GLU', view.config.glucoseUnit);
  return (
    <Panel panel="distribution" title={t('monitor.screen.panel.distribution')}>
      <div className="bigscreen-bands">
        {bands.map((row) => (
          <Bar
            key={row.band}
            label={
              <>
                {bandRange(row.band, view.config.glucoseUnit)} <small>{unit}</small>
              </>
            }
            count={row.patients}
            max={max}
            color={BAND_COLORS[row.band]}
            caption={`${countText(row.patients, view.lang)} · ${shareText(row.patients, total)}`}
          />
        ))}
        <div className="bigscreen-bands-total">
          {t('monitor.screen.distribution.total', { patients: total })}
        </div>
      </div>
    </Panel>
  );
}
