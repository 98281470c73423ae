/**
 * The readings the analytics engine takes, and their normalised form. Every function of the engine
 * works in mmol/L: readings come in mixed units and are converted with {@link toMmol} on the way in
 * ("mixed units in, mmol/L out"); results are never rounded inside the engine (see `roundMetrics`).
 */
import { type GlucoseUnitName, toMmol } from '../helpers/glucose';

/** A glucose reading as stored or sent by the server. */
export interface GlucoseReading {
  /** The value in `unit`. */
  value: number;
  /** `mmolL` (or missing) for mmol/L, `mgDl` / `mg/dL` for mg/dL (the {@link toMmol} rule). */
  unit?: GlucoseUnitName;
  /**
   * When the reading was taken: a Date, epoch milliseconds, or a string `new Date` reads (give ISO 8601
   * with an offset).
   */
  testTime: Date | number | string;
  /** The meal period code (`fasting`, `afterBreakfast`, … see `MEAL_PERIODS`), if any. */
  periodCode?: string | null;
  /**
   * The unit the reading was entered in (the measurement's `entered_unit`): decides how it compares
   * with a range limit (`compareGlucoseWithLimit`), so that 70 entered in mg/dL is in a 3.9 mmol/L
   * (70 mg/dL) range. Missing: compared in mmol/L.
   */
  enteredUnit?: GlucoseUnitName;
}

/**
 * A usable reading in mmol/L, its instant in epoch milliseconds, its period code (null if none) and
 * the unit it was entered in (null if not known).
 */
export interface MmolReading {
  mmol: number;
  time: number;
  periodCode: string | null;
  enteredUnit: string | null;
}

/**
 * Converts readings to mmol/L and sorts them by time (a stable sort: readings taken at the same instant
 * keep their input order). A reading is left out when its value is not a finite number (after
 * conversion) or its testTime is not a valid instant: such a reading can be neither averaged nor placed
 * on a hospital day, and leaving it out everywhere keeps the counts of every metric consistent.
 * An empty or blank period code counts as no period code.
 */
export function normalizeReadings(readings: readonly GlucoseReading[]): MmolReading[] {
  const usable: MmolReading[] = [];
  for (const reading of readings) {
    const mmol = toMmol(reading.value, reading.unit);
    const time = instantOf(reading.testTime);
    if (!Number.isFinite(mmol) || !Number.isFinite(time)) continue;
    const code = typeof reading.periodCode === 'string' ? reading.periodCode.trim() : '';
    const enteredUnit = typeof reading.enteredUnit === 'string' ? reading.enteredUnit : null;
    usable.push({ mmol, time, periodCode: code === '' ? null : code, enteredUnit });
  }
  return usable.sort((a, b) => a.time - b.time);
}

function instantOf(at: Date | number | string): number {
  if (typeof at === 'number') return at;
  if (at instanceof Date) return at.getTime();
  if (typeof at === 'string') return new Date(at).getTime();
  return Number.NaN;
}
