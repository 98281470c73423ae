import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { analyzers, controlSolutions, testStrips } from '../schema';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The demo meters (tenant 101): SN (11 characters, the key meters upload under), ward, model. */
export const DEMO_ANALYZERS = [
  {
    sn: 'GM2026E0001',
    departmentCode: 'ENDO',
    model: 'Accu-Chek Inform II',
    manufacturer: 'Roche',
    workStation: 'ENDO nurses station 1',
  },
  {
    sn: 'GM2026E0002',
    departmentCode: 'ENDO',
    model: 'Accu-Chek Inform II',
    manufacturer: 'Roche',
    workStation: 'ENDO nurses station 2',
  },
  {
    sn: 'GM2026C0001',
    departmentCode: 'CARD',
    model: 'Accu-Chek Inform II',
    manufacturer: 'Roche',
    workStation: 'CARD nurses station',
  },
  {
    sn: 'GM2026I0001',
    departmentCode: 'ICU',
    model: 'StatStrip Glucose',
    manufacturer: 'Nova Biomedical',
    workStation: 'ICU central station',
  },
  {
    sn: 'GM2026S0001',
    departmentCode: 'GSURG',
    model: 'Accu-Chek Inform II',
    manufacturer: 'Roche',
    workStation: 'GSURG nurses station',
  },
  {
    sn: 'GM2026N0001',
    departmentCode: 'NEPH',
    model: 'FreeStyle Precision Pro',
    manufacturer: 'Abbott',
    workStation: 'NEPH nurses station',
  },
] as const;
/** Spare meters kept by the QC office (endocrinology), lent to wards whose meter is out of use. */
export const DEMO_SPARE_ANALYZERS = [
  {
    sn: 'GM2026P0001',
    departmentCode: 'ENDO',
    model: 'Accu-Chek Inform II',
    manufacturer: 'Roche',
    workStation: 'QC office',
  },
  {
    sn: 'GM2026P0002',
    departmentCode: 'ENDO',
    model: 'StatStrip Glucose',
    manufacturer: 'Nova Biomedical',
    workStation: 'QC office',
  },
] as const;
/** A meter taken out of use (stopped). */
export const DEMO_STOPPED_ANALYZER = {
  sn: 'GM2026X0001',
  departmentCode: 'CARD',
  model: 'Accu-Chek Inform II',
  manufacturer: 'Roche',
  workStation: 'CARD treatment room',
} as const;

/** The lots in use: their numbers, for the QC records seed. */
export const DEMO_CONTROL_LOT = 'CS24A1107';
export const DEMO_STRIP_LOT = 'TS2409A33';

/**
 * Levels 0-2 of the demo glucose control solution (mmol/L): target, SD and the acceptable range printed
 * on the insert (target ± 3 SD).
 */
export const DEMO_CONTROL_LEVELS = [
  { target: 2.8, sd: 0.2, rangeLow: 2.2, rangeHigh: 3.4 },
  { target: 7.0, sd: 0.35, rangeLow: 5.95, rangeHigh: 8.05 },
  { target: 16.7, sd: 0.8, rangeLow: 14.3, rangeHigh: 19.1 },
];

/**
 * QC registry of the demo (issue 19), tenant 101: control solution lots (in use, expired, suspended),
 * strip lots (in use, expired), six ward meters with the lots in use, two spare meters, one stopped
 * meter. The QC runs, loans and monthly reports are seeded over these by the other quality seeds.
 */
export async function seedQualityRegistry(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const now = Date.now();
  const [control] = await tx
    .insert(controlSolutions)
    .values([
      {
        tenantId,
        lotNumber: DEMO_CONTROL_LOT,
        manufactureDate: isoDay(now - 200 * DAY),
        expiryDate: isoDay(now + 330 * DAY),
        manufacturer: 'Roche',
        type: 'Accu-Chek Inform II Control',
        levels: DEMO_CONTROL_LEVELS,
        openedOn: isoDay(now - 40 * DAY),
        discardOn: isoDay(now + 50 * DAY),
      },
    ])
    .returning({ id: controlSolutions.id });
  await tx.insert(controlSolutions).values([
    {
      tenantId,
      lotNumber: 'CS23B0420',
      manufactureDate: isoDay(now - 600 * DAY),
      expiryDate: isoDay(now - 20 * DAY),
      manufacturer: 'Roche',
      type: 'Accu-Chek Inform II Control',
      levels: DEMO_CONTROL_LEVELS.map((level) => ({ ...level, target: level.target + 0.1 })),
      openedOn: isoDay(now - 130 * DAY),
      discardOn: isoDay(now - 40 * DAY),
    },
    {
      tenantId,
      lotNumber: 'CS24C0815',
      manufactureDate: isoDay(now - 90 * DAY),
      expiryDate: isoDay(now + 400 * DAY),
      manufacturer: 'Nova Biomedical',
      type: 'StatStrip Glucose Control',
      status: 'suspended',
      levels: [
        { target: 2.6, sd: 0.2, rangeLow: 2.0, rangeHigh: 3.2 },
        { target: 0, sd: 0, rangeLow: null, rangeHigh: null },
        { target: 18.0, sd: 0.9, rangeLow: 15.3, rangeHigh: 20.7 },
      ],
    },
  ]);
  const [strip] = await tx
    .insert(testStrips)
    .values([
      {
        tenantId,
        type: 'Accu-Chek Inform II test strips',
        lotNumber: DEMO_STRIP_LOT,
        manufactureDate: isoDay(now - 150 * DAY),
        expiryDate: isoDay(now + 210 * DAY),
        countTested: 0,
        controlRanges: [
          { min: 2.0, max: 3.6 },
          { min: 5.6, max: 8.4 },
          { min: 14.0, max: 19.4 },
        ],
      },
    ])
    .returning({ id: testStrips.id });
  await tx.insert(testStrips).values({
    tenantId,
    type: 'Accu-Chek Inform II test strips',
    lotNumber: 'TS2311B07',
    manufactureDate: isoDay(now - 500 * DAY),
    expiryDate: isoDay(now - 30 * DAY),
    countTested: 212,
    controlRanges: [
      { min: 2.1, max: 3.7 },
      { min: null, max: null },
      { min: 14.2, max: 19.6 },
    ],
  });
  const inUse = { controlSolutionId: control!.id, testStripId: strip!.id };
  await tx
    .insert(analyzers)
    .values([
      ...DEMO_ANALYZERS.map((meter) => ({ tenantId, ...meter, ...inUse })),
      ...DEMO_SPARE_ANALYZERS.map((meter) => ({ tenantId, ...meter, ...inUse, isSpare: true })),
      { tenantId, ...DEMO_STOPPED_ANALYZER, isActive: false },
    ]);
}

/** The id of a demo analyzer by its SN (for the seeds that follow). */
export async function demoAnalyzerId(tx: DbOrTx, tenantId: string, sn: string): Promise<number> {
  const [row] = await tx
    .select({ id: analyzers.id })
    .from(analyzers)
    .where(and(eq(analyzers.tenantId, tenantId), eq(analyzers.sn, sn)));
  if (!row) throw new Error(`demo analyzer ${sn} missing`);
  return row.id;
}
