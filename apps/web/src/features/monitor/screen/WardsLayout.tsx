import type { ScreenPanel } from '@glucocare/domain/monitor';
import type { ScreenCritical } from '@glucocare/domain/responses';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tile } from './Panel';
import { pageSlice, wardSteps } from './paging';
import { ValueCell, whenText } from './panels';
import { CLASS_COLORS, countText, rateText } from './screen-format';
import type { ScreenView } from './view';

/** The ward-by-ward layout's fixed room (1920×1080): a 4 × 3 grid of beds, eight critical values. */
export const WARD_BEDS_PER_PAGE = 12;
export const WARD_CRITICALS_PER_PAGE = 8;

type AbnormalRow = NonNullable<ScreenView['distribution']>['abnormal'][number];

/**
 * `/bigcharts/screen`: the link's wards one at a time — that ward's tiles, its beds with abnormal values
 * today and its critical values — the next ward (or the next page of a long ward) every
 * `rotateSeconds`. For a corridor shared by a few wards.
 */
export function WardsLayout({ panels, view }: { panels: readonly ScreenPanel[]; view: ScreenView }) {
  const { t } = useTranslation();
  const { config, overview, lang } = view;
  const wards = config.departments;
  const byWard = useMemo(() => {
    const abnormal = new Map<string, AbnormalRow[]>();
    const critical = new Map<string, ScreenCritical[]>();
    for (const row of view.distribution?.abnormal ?? []) {
      const list = abnormal.get(row.departmentCode);
      if (list) list.push(row);
      else abnormal.set(row.departmentCode, [row]);
    }
    for (const row of view.crisis?.records ?? []) {
      const list = critical.get(row.departmentCode);
      if (list) list.push(row);
      else critical.set(row.departmentCode, [row]);
    }
    return { abnormal, critical };
  }, [view.distribution, view.crisis]);
  const showBeds = panels.includes('abnormal');
  const showCritical = panels.includes('critical');
  const steps = useMemo(
    () =>
      wardSteps(
        wards.map((ward) => ({
          code: ward.code,
          lists: [
            {
              count: showBeds ? (byWard.abnormal.get(ward.code)?.length ?? 0) : 0,
              perPage: WARD_BEDS_PER_PAGE,
            },
            {
              count: showCritical ? (byWard.critical.get(ward.code)?.length ?? 0) : 0,
              perPage: WARD_CRITICALS_PER_PAGE,
            },
          ],
        })),
      ),
    [wards, byWard, showBeds, showCritical],
  );
  // the step on view is kept by ward and page, so new data does not jump to another ward
  const [at, setAt] = useState<{ code: string; page: number } | null>(null);
  const index = Math.max(
    0,
    at ? steps.findIndex((step) => step.code === at.code && step.page === at.page) : 0,
  );
  const step = steps[index];
  useEffect(() => {
    if (steps.length <= 1) return;
    const timer = setTimeout(() => {
      const next = steps[(index + 1) % steps.length]!;
      setAt({ code: next.code, page: next.page });
    }, config.rotateSeconds * 1000);
    return () => clearTimeout(timer);
  }, [steps, index, config.rotateSeconds]);

  if (!step) return <div className="bigscreen-message">{t('monitor.screen.empty.wards')}</div>;
  const ward = wards.find((item) => item.code === step.code)!;
  const summary = overview.todayDepartmentSummary.find((row) => row.departmentCode === ward.code);
  const beds = pageSlice(byWard.abnormal.get(ward.code) ?? [], WARD_BEDS_PER_PAGE, step.page);
  const criticals = pageSlice(byWard.critical.get(ward.code) ?? [], WARD_CRITICALS_PER_PAGE, step.page);
  const wardIndex = wards.indexOf(ward);

  return (
    <div className="bigscreen-wards" data-testid="screen-ward" data-ward={ward.code}>
      <div className="bigscreen-ward-head">
        <span className="bigscreen-ward-name">{ward.name}</span>
        <span className="bigscreen-ward-where">
          {t('monitor.screen.wards.position', { index: wardIndex + 1, count: wards.length })}
          {step.pages > 1 && ` · ${step.page + 1} / ${step.pages}`}
        </span>
        <span className="bigscreen-dots">
          {wards.map((item) => (
            <i key={item.code} className={item.code === ward.code ? 'on' : undefined} />
          ))}
        </span>
      </div>
      {panels.includes('overview') && (
        <div className="bigscreen-ward-tiles" data-testid="screen-panel-overview">
          <Tile
            label={t('monitor.screen.figure.inHospital')}
            value={countText(summary?.inHospital ?? 0, lang)}
          />
          <Tile
            label={t('monitor.screen.figure.measuredPatients')}
            value={countText(summary?.measuredPatients ?? 0, lang)}
          />
          <Tile
            label={t('monitor.screen.figure.readingsToday')}
            value={countText(summary?.tests ?? 0, lang)}
          />
          <Tile
            label={t('monitor.screen.class.low')}
            value={countText((summary?.low ?? 0) + (summary?.criticalLow ?? 0), lang)}
            tone={CLASS_COLORS.low}
          />
          <Tile
            label={t('monitor.screen.class.high')}
            value={countText((summary?.high ?? 0) + (summary?.criticalHigh ?? 0), lang)}
            tone={CLASS_COLORS.high}
          />
          <Tile
            label={t('monitor.screen.figure.abnormalRate')}
            value={rateText(summary?.abnormalRate)}
            tone={CLASS_COLORS.high}
          />
          <Tile
            label={t('monitor.screen.figure.criticalRate')}
            value={rateText(summary?.criticalRate)}
            tone={CLASS_COLORS.criticalHigh}
          />
        </div>
      )}
      <div className="bigscreen-ward-body">
        {showBeds && (
          <section className="bigscreen-panel" data-testid="screen-panel-abnormal">
            <header className="bigscreen-panel-title">
              <span>{t('monitor.screen.wards.beds')}</span>
            </header>
            <div className="bigscreen-beds">
              {beds.length === 0 ? (
                <div className="bigscreen-empty">{t('monitor.screen.empty.abnormal')}</div>
              ) : (
                beds.map((row) => (
                  <div
                    key={row.patientId}
                    className="bigscreen-bed"
                    style={{ borderColor: CLASS_COLORS[row.classification ?? 'unknown'] }}
                  >
                    <div className="bigscreen-bed-head">
                      <b>{row.bed ?? '—'}</b>
                      <span>{row.name}</span>
                    </div>
                    <ValueCell reading={row} glucoseUnit={config.glucoseUnit} />
                    <div className="bigscreen-bed-counts">
                      <span style={{ color: CLASS_COLORS.high }}>↑ {row.highCount}</span>
                      <span style={{ color: CLASS_COLORS.low }}>↓ {row.lowCount}</span>
                      <span>{whenText(row.testTime, overview.day, config.timeZone)}</span>
                    </div>
                  </div>
                ))
              )}
            </div>
          </section>
        )}
        {showCritical && (
          <section className="bigscreen-panel" data-testid="screen-panel-critical">
            <header className="bigscreen-panel-title">
              <span>{t('monitor.screen.panel.critical', { hours: config.recentHours })}</span>
            </header>
            <div className="bigscreen-ward-criticals">
              {criticals.length === 0 ? (
                <div className="bigscreen-empty">
                  {t('monitor.screen.empty.critical', { hours: config.recentHours })}
                </div>
              ) : (
                criticals.map((row) => (
                  <div
                    key={row.criticalId}
                    className="bigscreen-list-row bigscreen-ward-critical"
                    data-testid="screen-row-critical"
                  >
                    <span>{whenText(row.testTime, overview.day, config.timeZone)}</span>
                    <b>{row.bed ?? '—'}</b>
                    <span>{row.name}</span>
                    <ValueCell reading={row} glucoseUnit={config.glucoseUnit} />
                    <span className={`bigscreen-state bigscreen-state-${row.state}`}>
                      {t(`monitor.screen.state.${row.state}`)}
                    </span>
                  </div>
                ))
              )}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
