import {
  AlertOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  HeartOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { readingColor } from '@glucocare/domain/patients';
import type { DashboardBed, ScreenCritical, ScreenReading, WardDashboard } from '@glucocare/domain/responses';
import { formatReadingValue } from '@glucocare/domain/review';
import { Empty, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CRITICAL_STATE_COLORS, fullTimeText, percentText, readingTimeText } from './ward-view';

export type ItemUnits = Record<MeasurementItem, DisplayUnit>;

function Tile({
  icon,
  label,
  value,
  hint,
  tone,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: string;
  tone?: 'critical' | 'warning';
  testId: string;
}) {
  return (
    <div className={tone ? `gc-wd-tile gc-wd-tile-${tone}` : 'gc-wd-tile'} data-testid={testId}>
      <span className="gc-wd-tile-icon">{icon}</span>
      <span className="gc-wd-tile-text">
        <span className="gc-wd-tile-label">{label}</span>
        <span className="gc-wd-tile-value" data-testid={`${testId}-value`}>
          {value}
        </span>
        {hint ? <span className="gc-wd-tile-hint">{hint}</span> : null}
      </span>
    </div>
  );
}

/** The six figures of spec §2: in hospital, newly admitted, managed today, measurements, the two ratios. */
export function WardTiles({ data }: { data: WardDashboard }) {
  const { t } = useTranslation();
  const g = data.glucoseToday;
  const abnormal = g.low + g.criticalLow + g.high + g.criticalHigh;
  const critical = g.criticalLow + g.criticalHigh;
  const ofTests = (count: number) =>
    g.tests ? t('monitor.ward.tiles.ofTests', { count, tests: g.tests }) : t('monitor.ward.tiles.noTests');
  return (
    <div className="gc-wd-tiles" data-testid="ward-tiles">
      <Tile
        icon={<TeamOutlined />}
        label={t('monitor.ward.tiles.inHospital')}
        value={data.inHospital}
        testId="tile-in-hospital"
      />
      <Tile
        icon={<UserAddOutlined />}
        label={t('monitor.ward.tiles.admittedToday')}
        value={data.admittedToday}
        testId="tile-admitted"
      />
      <Tile
        icon={<HeartOutlined />}
        label={t('monitor.ward.tiles.managedToday')}
        value={data.managedToday}
        hint={t('monitor.ward.tiles.managedHint')}
        testId="tile-managed"
      />
      <Tile
        icon={<ExperimentOutlined />}
        label={t('monitor.ward.tiles.measurementsToday')}
        value={data.measurementsToday}
        hint={t('monitor.ward.tiles.glucoseTests', { count: g.tests })}
        testId="tile-measurements"
      />
      <Tile
        icon={<FieldTimeOutlined />}
        label={t('monitor.ward.tiles.abnormalRate')}
        value={percentText(data.abnormalRate)}
        hint={ofTests(abnormal)}
        tone={abnormal ? 'warning' : undefined}
        testId="tile-abnormal"
      />
      <Tile
        icon={<AlertOutlined />}
        label={t('monitor.ward.tiles.criticalRate')}
        value={percentText(data.criticalRate)}
        hint={ofTests(critical)}
        tone={critical ? 'critical' : undefined}
        testId="tile-critical"
      />
    </div>
  );
}

/** A stored value in the hospital's display unit ("7.2 mmol/L"), exactly as entered when typed in it. */
function valueText(reading: ScreenReading, units: ItemUnits): string {
  const unit = units[reading.item];
  const shown = formatReadingValue(reading.item, reading.value, unit.code, reading);
  return shown ? `${shown} ${unit.name}` : '';
}

function ReadingValue({ reading, units }: { reading: ScreenReading; units: ItemUnits }) {
  const normal = reading.classification === 'normal' || !reading.classification;
  return (
    <span
      className="gc-wd-value"
      style={normal ? undefined : { color: readingColor(reading.classification, reading.color) }}
      data-classification={reading.classification ?? undefined}
    >
      {valueText(reading, units)}
    </span>
  );
}

function BedCard({ bed, day, units }: { bed: DashboardBed; day: string; units: ItemUnits }) {
  const { t } = useTranslation();
  const glu = bed.latest.GLU;
  const others = [bed.latest.KET, bed.latest.UA].filter((r): r is ScreenReading => r !== null);
  const critical = bed.openCritical > 0;
  return (
    <div
      className={critical ? 'gc-wd-bed gc-wd-bed-critical' : 'gc-wd-bed'}
      style={glu && !critical ? { borderLeftColor: readingColor(glu.classification, glu.color) } : undefined}
      data-testid="ward-bed"
      data-patient-id={bed.patientId}
    >
      <div className="gc-wd-bed-head">
        <span className="gc-wd-bed-number">{bed.bed ?? '—'}</span>
        <span className="gc-wd-bed-name">{bed.name}</span>
        {bed.admittedToday ? <Tag color="blue">{t('monitor.ward.beds.new')}</Tag> : null}
      </div>
      <div className="gc-wd-bed-glucose">
        {glu ? (
          <>
            <ReadingValue reading={glu} units={units} />
            <Tooltip title={fullTimeText(glu.testTime)}>
              <span className="gc-wd-bed-time">
                {[readingTimeText(glu.testTime, day), glu.periodName].filter(Boolean).join(' · ')}
              </span>
            </Tooltip>
          </>
        ) : (
          <span className="gc-wd-muted">{t('monitor.ward.beds.noReading')}</span>
        )}
      </div>
      {others.length ? (
        <div className="gc-wd-bed-others">
          {others.map((reading) => (
            <span key={reading.item}>
              {t(`monitor.ward.item.${reading.item}`)} <ReadingValue reading={reading} units={units} />{' '}
              <span className="gc-wd-muted">{readingTimeText(reading.testTime, day)}</span>
            </span>
          ))}
        </div>
      ) : null}
      <div className="gc-wd-bed-marks">
        <span className="gc-wd-muted">{t('monitor.ward.beds.testsToday', { count: bed.testsToday })}</span>
        {critical ? (
          <Tag color="red" data-testid="bed-open-critical">
            {t('monitor.ward.beds.critical', { count: bed.openCritical })}
          </Tag>
        ) : null}
        {bed.awaitingRecheck > 0 ? (
          <Tag color="gold" data-testid="bed-awaiting-recheck">
            {t('monitor.ward.beds.recheck', { count: bed.awaitingRecheck })}
          </Tag>
        ) : null}
      </div>
    </div>
  );
}

/** Every bed of the ward(s) in ward order with its now. */
export function WardBeds({ data, units }: { data: WardDashboard; units: ItemUnits }) {
  const { t } = useTranslation();
  if (!data.beds.length) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('monitor.ward.beds.empty')}
        data-testid="ward-beds-empty"
      />
    );
  }
  return (
    <div className="gc-wd-beds" data-testid="ward-beds">
      {data.beds.map((bed) => (
        <BedCard key={bed.patientId} bed={bed} day={data.day} units={units} />
      ))}
    </div>
  );
}

function ReadingRow({
  reading,
  day,
  units,
  children,
}: {
  reading: ScreenReading;
  day: string;
  units: ItemUnits;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="gc-wd-row">
      <Tooltip title={fullTimeText(reading.testTime)}>
        <span className="gc-wd-row-time">{readingTimeText(reading.testTime, day)}</span>
      </Tooltip>
      <span className="gc-wd-row-who">
        <span className="gc-wd-bed-number">{reading.bed ?? '—'}</span> {reading.name}
      </span>
      <span className="gc-wd-row-value">
        <span className="gc-wd-muted">{t(`monitor.ward.item.${reading.item}`)}</span>{' '}
        <ReadingValue reading={reading} units={units} />
      </span>
      {children}
    </li>
  );
}

export function RecentTests({ data, units }: { data: WardDashboard; units: ItemUnits }) {
  const { t } = useTranslation();
  return (
    <section className="gc-wd-panel" data-testid="ward-recent-tests">
      <h3 className="gc-wd-panel-title">{t('monitor.ward.recentTests.title')}</h3>
      {data.recentTests.length ? (
        <ul className="gc-wd-rows">
          {data.recentTests.map((reading) => (
            <ReadingRow key={reading.id} reading={reading} day={data.day} units={units} />
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.ward.recentTests.empty')} />
      )}
    </section>
  );
}

export function RecentCriticals({ data, units }: { data: WardDashboard; units: ItemUnits }) {
  const { t } = useTranslation();
  return (
    <section className="gc-wd-panel" data-testid="ward-recent-criticals">
      <h3 className="gc-wd-panel-title">{t('monitor.ward.recentCriticals.title')}</h3>
      {data.recentCriticals.length ? (
        <ul className="gc-wd-rows">
          {data.recentCriticals.map((critical: ScreenCritical) => (
            <ReadingRow key={critical.criticalId} reading={critical} day={data.day} units={units}>
              <Tag color={CRITICAL_STATE_COLORS[critical.state]} data-state={critical.state}>
                {t(`monitor.ward.state.${critical.state}`)}
              </Tag>
            </ReadingRow>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.ward.recentCriticals.empty')} />
      )}
    </section>
  );
}
