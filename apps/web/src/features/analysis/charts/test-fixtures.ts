import type {
  AnalysisReading,
  FluctuationDay,
  GlucoseMap,
  GlucoseTrend,
  TestTrend,
} from '../../../api/analysis';
import type { UnitView } from '../../../api/records';

/** Data of the chart tests: a 3-day range in Shanghai, readings in mmol/L as the API sends them. */

export const MMOL: UnitView = { item: 'GLU', unit: 'mmolL', unitName: 'mmol/L', precision: 1 };
export const MGDL: UnitView = { item: 'GLU', unit: 'mgDl', unitName: 'mg/dL', precision: 0 };

export const TZ = 'Asia/Shanghai';
export const RANGE = { beginDate: '2025-03-01', endDate: '2025-03-03', isStay: false };

export const PERIODS = [
  { code: 'fasting', name: 'Fasting', startTime: '05:00', endTime: '08:00' },
  { code: 'afterBreakfast', name: 'After breakfast', startTime: '08:00', endTime: '10:00' },
  { code: 'bedtime', name: 'Bedtime', startTime: '21:00', endTime: '23:59' },
];

let nextId = 1;
/** A reading on a day at "HH:mm" Shanghai time (UTC+8). */
export function reading(
  date: string,
  time: string,
  mmol: number,
  periodCode: string | null,
): AnalysisReading {
  const [h, m] = time.split(':').map(Number);
  const utc = new Date(`${date}T${time}:00+08:00`).toISOString();
  const period = PERIODS.find((p) => p.code === periodCode);
  return {
    id: nextId++,
    testTime: utc,
    date,
    minuteOfDay: h * 60 + m,
    testValue: mmol,
    periodCode,
    periodName: period?.name ?? null,
    determineType: mmol > 10 ? 'high' : mmol < 3.9 ? 'low' : 'normal',
  };
}

export const READINGS: AnalysisReading[] = [
  reading('2025-03-01', '06:30', 6.2, 'fasting'),
  reading('2025-03-01', '09:00', 11.4, 'afterBreakfast'),
  reading('2025-03-01', '22:00', 7.5, 'bedtime'),
  reading('2025-03-02', '06:40', 5.8, 'fasting'),
  reading('2025-03-02', '09:10', 9.6, 'afterBreakfast'),
  reading('2025-03-02', '14:00', 3.5, null),
  reading('2025-03-03', '06:20', 6.6, 'fasting'),
  reading('2025-03-03', '09:05', 12.2, 'afterBreakfast'),
];

export const TREND: GlucoseTrend = {
  range: RANGE,
  timeZone: TZ,
  periods: PERIODS,
  band: { low: 4.4, high: 10 },
  readings: READINGS,
};

export const BANDS = { veryLow: 3, low: 3.9, high: 10, veryHigh: 13.9 };

export const MAP: GlucoseMap = {
  range: RANGE,
  timeZone: TZ,
  band: { low: 4.4, high: 10 },
  bands: BANDS,
  readings: READINGS,
  hourly: Array.from({ length: 24 }, (_, hour) =>
    hour === 6 || hour === 9
      ? { hour, count: 6, p5: 5, p25: 5.8, p50: hour === 6 ? 6.2 : 10.5, p75: 7, p95: 12 }
      : { hour, count: hour === 22 ? 1 : 0, p5: null, p25: null, p50: null, p75: null, p95: null },
  ),
};

export const FLUCTUATION: FluctuationDay[] = [
  {
    date: '2025-03-01',
    count: 3,
    ppge: 5.2,
    lage: 5.2,
    sdbg: 2.6,
    mage: 5.2,
    magePlus: 5.2,
    mageMinus: 4.1,
    mageMean: 4.65,
  },
  {
    date: '2025-03-02',
    count: 3,
    ppge: null,
    lage: 6.1,
    sdbg: 3.1,
    mage: null,
    magePlus: null,
    mageMinus: null,
    mageMean: null,
  },
  {
    date: '2025-03-03',
    count: 0,
    ppge: null,
    lage: null,
    sdbg: null,
    mage: null,
    magePlus: null,
    mageMinus: null,
    mageMean: null,
  },
];

export const KETONE: TestTrend = {
  range: RANGE,
  timeZone: TZ,
  item: 'KET',
  unit: 'mmolL',
  reference: { low: null, high: 0.6, criticalLow: null, criticalHigh: 3 },
  readings: [reading('2025-03-01', '07:00', 0.4, null), reading('2025-03-02', '07:00', 1.2, null)],
};

export const URIC_ACID: TestTrend = {
  range: RANGE,
  timeZone: TZ,
  item: 'UA',
  unit: 'umolL',
  reference: { low: 150, high: 420, criticalLow: null, criticalHigh: null },
  readings: [reading('2025-03-01', '07:00', 360, null), reading('2025-03-02', '07:00', 480, null)],
};
