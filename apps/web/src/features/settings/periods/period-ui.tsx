import {
  type DaySpan,
  formatGlucose,
  fromMmol,
  type GlucoseUnit,
  glucoseLimitSchema,
  glucoseRangeIssue,
  MINUTES_PER_DAY,
  PERIOD_LIMITS,
  type PeriodWindow,
  periodCoverage,
  periodWindowIssue,
  roundDecimal,
  timeOfMinutes,
  toMmol,
  unitPrecision,
  windowSpans,
} from '@glucocare/domain';
import { Alert, Input, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { glucoseUnitOf, useSession } from '../../../app/session';
import { msg } from '../../../i18n';
import './periods.css';

export const PERIOD_EDIT = 'settings:period:edit';

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

/** A value typed in `unit` as stored (mmol/L, 2 decimals: 80 mg/dL → 4.44, which shows as 80 again). */
export function toStorage(display: number | null | undefined, unit: GlucoseUnit): number | null {
  return display === null || display === undefined ? null : roundDecimal(toMmol(display, unit), 2);
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
