/**
 * Day segments of the standard 24-hour chart (§9 "charts in 1, 6 or 24 segments"): the day is split
 * into `count` equal parts (1 × 24 h, 6 × 4 h or 24 × 1 h) and every reading falls into the segment of
 * its minute of the day (all days pooled). mmol/L in and out, unrounded.
 */
import type { CHART_SEGMENT_OPTIONS } from '../constants';

export type DaySegmentCount = (typeof CHART_SEGMENT_OPTIONS)[number];

/** A reading placed on the clock: minutes since the hospital's midnight (0–1439) and its value. */
export interface DayMinuteReading {
  minuteOfDay: number;
  mmol: number;
}

/** One segment of the day: [startMinute, endMinute) and its readings' count, mean, min and max. */
export interface DaySegment {
  index: number;
  startMinute: number;
  endMinute: number;
  count: number;
  /** null when the segment has no readings */
  mean: number | null;
  min: number | null;
  max: number | null;
}

const DAY_MINUTES = 24 * 60;

/**
 * The statistics of each of `count` equal segments of the day, in the day's order (always `count`
 * rows, empty segments with count 0 and null values). A reading belongs to the segment whose
 * [startMinute, endMinute) holds its minute; minutes are floored and clamped to 0–1439 (so 1440, the
 * next midnight, counts in the last segment). Readings whose value or minute is not a finite number
 * are left out.
 */
export function daySegments(readings: readonly DayMinuteReading[], count: DaySegmentCount): DaySegment[] {
  const length = DAY_MINUTES / count;
  const segments = Array.from({ length: count }, (_, index) => ({
    index,
    startMinute: index * length,
    endMinute: (index + 1) * length,
    count: 0,
    sum: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
  }));
  for (const { minuteOfDay, mmol } of readings) {
    if (!Number.isFinite(minuteOfDay) || !Number.isFinite(mmol)) continue;
    const minute = Math.min(DAY_MINUTES - 1, Math.max(0, Math.floor(minuteOfDay)));
    const segment = segments[Math.floor(minute / length)];
    segment.count += 1;
    segment.sum += mmol;
    if (mmol < segment.min) segment.min = mmol;
    if (mmol > segment.max) segment.max = mmol;
  }
  return segments.map(({ sum, ...segment }) =>
    segment.count === 0
      ? { ...segment, mean: null, min: null, max: null }
      : { ...segment, mean: sum / segment.count },
  );
}
