import { formatGlucose, type GlucoseUnit } from '@glucocare/domain/helpers';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { glucoseUnitLabel } from './units';

/** Band colours of the ambulatory glucose profile (very low dark red … very high orange). */
export const TIR_COLORS = {
  veryLow: '#a4262c',
  low: '#e8474c',
  inRange: '#3ba55c',
  high: '#f2c94c',
  veryHigh: '#f2994a',
} as const;

export interface TirBands {
  veryLow: number | null;
  low: number | null;
  high: number | null;
  veryHigh: number | null;
}

/** Whether the bands can be drawn: all given and 0 < veryLow < low < high < veryHigh. */
export function drawableBands(bands: TirBands): bands is { [K in keyof TirBands]: number } {
  const values = [bands.veryLow, bands.low, bands.high, bands.veryHigh];
  if (values.some((value) => typeof value !== 'number' || !Number.isFinite(value))) return false;
  const [a, b, c, d] = values as number[];
  return a > 0 && a < b && b < c && c < d;
}

/**
 * A preview of the five TIR bands, coloured as on the AGP report: equal segments with the four limits
 * (in the hospital's unit) at their joins, so close limits such as 3.0 and 3.9 stay readable on a
 * phone; each band's range is repeated in the legend below.
 */
export function TirBandBar({ bands, unit }: { bands: TirBands; unit: GlucoseUnit }) {
  const { t } = useTranslation();
  if (!drawableBands(bands)) {
    return (
      <div className="gc-tir-preview" data-testid="tir-preview">
        <div className="gc-tir-bar gc-tir-bar-empty" />
        <Typography.Text type="secondary">{t('strategySettings.tir.previewInvalid')}</Typography.Text>
      </div>
    );
  }
  const { veryLow, low, high, veryHigh } = bands;
  const show = (mmol: number) => formatGlucose(mmol, unit);
  const unitLabel = glucoseUnitLabel(unit);
  const segments = [
    { key: 'veryLow', range: `< ${show(veryLow)}` },
    { key: 'low', range: `${show(veryLow)}–${show(low)}` },
    { key: 'inRange', range: `${show(low)}–${show(high)}` },
    { key: 'high', range: `${show(high)}–${show(veryHigh)}` },
    { key: 'veryHigh', range: `> ${show(veryHigh)}` },
  ] as const;
  return (
    <div className="gc-tir-preview" data-testid="tir-preview">
      <div className="gc-tir-ticks" aria-hidden>
        {[veryLow, low, high, veryHigh].map((value, index) => (
          <span key={value} style={{ left: `${(index + 1) * 20}%` }}>
            {show(value)}
          </span>
        ))}
      </div>
      <div
        className="gc-tir-bar"
        role="img"
        aria-label={segments.map((s) => `${t(`strategySettings.tir.band.${s.key}`)} ${s.range}`).join(', ')}
      >
        {segments.map((segment) => (
          <div
            key={segment.key}
            style={{
              width: '20%',
              background: TIR_COLORS[segment.key],
            }}
          />
        ))}
      </div>
      <ul className="gc-tir-legend">
        {segments.map((segment) => (
          <li key={segment.key}>
            <span className="gc-tir-swatch" style={{ background: TIR_COLORS[segment.key] }} />
            <span>{t(`strategySettings.tir.band.${segment.key}`)}</span>
            <Typography.Text type="secondary">
              {segment.range} {unitLabel}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
