import { formatReading, fromStorageValue } from '@glucocare/domain';
import { Segmented } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendRecord } from '../../api/records';
import { dayTimeAxis } from '../analysis/charts/common';
import { EChart } from '../analysis/EChart';
import {
  dateInZone as dateIn,
  dateTimeInZone as dateTimeIn,
  timeInZone as timeIn,
} from '../measurements/reading-format';
import { flagOf, formatRange } from './format';
import { RangeControl } from './GlucoseRecordPage';
import { PatientBlock, RecordFrame, RecordSheet, rangeText } from './RecordFrame';

/** §9 "Trend charts for 3, 7 and 14 days". */
export const TREND_PRESETS = [3, 7, 14] as const;

const PALETTE = ['#0e7c86', '#1677ff', '#d46b08', '#722ed1', '#389e0d', '#c41d7f', '#8c8c8c', '#13a8a8'];

/** The chart's option: a line per period over time, the target band shaded. */
export function trendOption(data: TrendRecord, labels: { band: string }) {
  const unit = data.header.units.GLU;
  const tz = data.header.timeZone;
  const value = (stored: number) => fromStorageValue('GLU', stored, unit.unit);
  const periods = data.periods.filter((period) =>
    data.readings.some((r) => (r.periodCode ?? '-') === period.code),
  );
  const band = data.band;
  const bandArea =
    band && (band.low !== null || band.high !== null)
      ? {
          silent: true,
          itemStyle: { color: 'rgba(56, 158, 13, 0.10)' },
          label: { show: true, position: 'insideTopRight' as const, color: '#389e0d', fontSize: 10 },
          data: [
            [
              {
                name: labels.band,
                yAxis: band.low === null ? 0 : fromStorageValue('GLU', band.low, unit.unit),
              },
              { yAxis: band.high === null ? 'max' : fromStorageValue('GLU', band.high, unit.unit) },
            ],
          ],
        }
      : undefined;
  return {
    animation: false,
    color: PALETTE,
    grid: { left: 48, right: 16, top: 48, bottom: 36 },
    legend: { top: 0, type: 'scroll' as const, textStyle: { fontSize: 11 } },
    tooltip: {
      trigger: 'item' as const,
      formatter: (params: { seriesName: string; data: [number, number, string] }) =>
        `${params.seriesName}<br/>${dateTimeIn(new Date(params.data[0]).toISOString(), tz)}<br/><b>${params.data[1]} ${unit.unitName}</b> ${params.data[2]}`,
    },
    // ticks from the hospital's midnight, whatever the browser's zone
    xAxis: dayTimeAxis(data.range.beginDate, data.range.endDate, tz),
    yAxis: {
      type: 'value' as const,
      name: unit.unitName,
      nameTextStyle: { fontSize: 10 },
      axisLabel: { fontSize: 10 },
      scale: true,
    },
    series: periods.map((period, index) => ({
      name: period.name,
      type: 'line' as const,
      symbolSize: 6,
      connectNulls: true,
      markArea: index === 0 ? bandArea : undefined,
      data: data.readings
        .filter((r) => (r.periodCode ?? '-') === period.code && r.testValue !== null)
        .map((r) => [Date.parse(r.testTime), value(r.testValue as number), flagOf(r.determineType)]),
    })),
  };
}

/** The chart, drawn as SVG (crisp in print), resized with its box and for printing (see `EChart`). */
function TrendChart({ data }: { data: TrendRecord }) {
  const { t } = useTranslation();
  const option = useMemo(() => trendOption(data, { band: t('records.trend.band') }), [data, t]);
  return <EChart option={option} className="gc-rec-chart" printHeight={340} testId="record-trend-chart" />;
}

function TrendSheet({ data }: { data: TrendRecord }) {
  const { t } = useTranslation();
  const unit = data.header.units.GLU;
  const s = data.summary;
  const value = (stored: number | null) => formatReading('GLU', stored, unit.unit) || '—';
  return (
    <RecordSheet
      header={data.header}
      title={t('records.title.trend')}
      top={<PatientBlock patient={data.patient} header={data.header} range={rangeText(data.range, t)} />}
      page={1}
      pages={1}
    >
      {data.readings.length ? (
        <TrendChart data={data} />
      ) : (
        <div className="gc-rec-empty" data-testid="record-empty">
          {t('records.empty')}
        </div>
      )}
      <div className="gc-rec-table-wrap">
        <table className="gc-rec-table gc-rec-list" data-testid="record-trend-summary">
          <thead>
            <tr>
              <th>{t('records.trend.target')}</th>
              <th>{t('records.trend.readings')}</th>
              <th>{t('records.trend.mean')}</th>
              <th>{t('records.trend.min')}</th>
              <th>{t('records.trend.max')}</th>
              <th>{t('records.trend.highLow')}</th>
              <th>{t('records.column.critical')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{formatRange('GLU', data.band, unit) || '—'}</td>
              <td>{s.tested}</td>
              <td>{value(s.mean)}</td>
              <td>{value(s.min)}</td>
              <td>{value(s.max)}</td>
              <td>
                {s.high} / {s.low}
              </td>
              <td>{s.critical}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="gc-rec-table-wrap">
        <table className="gc-rec-table gc-rec-list" data-testid="record-trend-periods">
          <thead>
            <tr>
              <th>{t('records.trend.period')}</th>
              <th>{t('records.trend.periodTarget', { unit: unit.unitName })}</th>
              <th>{t('records.trend.latest')}</th>
            </tr>
          </thead>
          <tbody>
            {data.periodBands.map((band) => {
              const period = data.periods.find((p) => p.code === band.periodCode);
              const latest = data.readings.filter((r) => r.periodCode === band.periodCode).at(-1);
              return (
                <tr key={band.periodCode}>
                  <td>{period?.name ?? band.periodCode}</td>
                  <td>{formatRange('GLU', band, unit) || '—'}</td>
                  <td>
                    {latest
                      ? `${value(latest.testValue)}${flagOf(latest.determineType)} (${dateIn(latest.testTime, data.header.timeZone)} ${timeIn(latest.testTime, data.header.timeZone)})`
                      : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </RecordSheet>
  );
}

/** The preset a range is (its days, ending on its end date), or '' for any other range. */
function presetOf(data: TrendRecord | undefined): string {
  if (!data || data.range.isStay) return '';
  const days = dayjs(data.range.endDate).diff(dayjs(data.range.beginDate), 'day') + 1;
  return (TREND_PRESETS as readonly number[]).includes(days) ? String(days) : '';
}

/** /trend: the glucose trend chart of one patient with the target band. */
export function TrendPage() {
  const { t } = useTranslation();
  return (
    <RecordFrame
      screen="trend"
      titleKey="records.title.trend"
      subject={(data) => data.patient.name}
      controls={(data, params) => (
        <>
          <Segmented
            data-testid="record-trend-preset"
            disabled={params.viaLink || !data}
            value={presetOf(data)}
            options={TREND_PRESETS.map((days) => ({
              value: String(days),
              label: t('records.toolbar.lastDays', { count: days }),
            }))}
            onChange={(days) => {
              if (!data) return;
              const end = data.range.endDate;
              params.update({
                beginDate: dayjs(end)
                  .subtract(Number(days) - 1, 'day')
                  .format('YYYY-MM-DD'),
                endDate: end,
              });
            }}
          />
          <RangeControl data={data} params={params} />
        </>
      )}
    >
      {(data) => <TrendSheet data={data} />}
    </RecordFrame>
  );
}
