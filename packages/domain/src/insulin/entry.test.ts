import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import { breakdownIssue, insulinEntrySchemaFor } from './entry';

const now = new Date('2026-11-27T10:00:00Z');
const schema = insulinEntrySchemaFor({
  now: () => now,
  periods: ['breakfast', 'bedtime'],
  admittedAt: '2026-11-01T00:00:00Z',
});
const entry = (overrides: Record<string, unknown> = {}) => ({
  patientId: 1,
  drugId: 2,
  dose: 8,
  bolusDose: 6,
  correctionDose: 2,
  period: 'breakfast',
  givenAt: '2026-11-27T07:30:00+08:00',
  doctorId: 3,
  ...overrides,
});
const fields = (data: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  Object.fromEntries(localizedIssues(schema, data, lang).map((i) => [i.field, i.message]));

describe('insulin entry', () => {
  it('takes a dose with a breakdown that adds up, the unit defaulting to IU', () => {
    expect(fields(entry())).toEqual({});
    expect(schema.parse(entry()).unit).toBe('IU');
    expect(fields(entry({ bolusDose: null, correctionDose: null }))).toEqual({});
  });

  it('refuses parts that do not add up to the total, naming their sum, in both languages', () => {
    expect(fields(entry({ dose: 9 }))).toEqual({
      dose: 'The dose must equal basal + bolus + correction (8 IU)',
    });
    expect(fields(entry({ dose: 9 }), 'zh-CN')).toEqual({
      dose: '剂量须等于基础率 + 大剂量 + 追加剂量之和（8 IU）',
    });
    expect(breakdownIssue({ dose: 0.3, bolusDose: 0.1, correctionDose: 0.2 })).toBeNull();
  });

  it('refuses a dose of 0, with 3 decimals, above the limit, and other units', () => {
    expect(fields(entry({ dose: 0, bolusDose: null, correctionDose: null })).dose).toBe(
      'The dose must be greater than 0',
    );
    expect(fields(entry({ dose: 1.255, bolusDose: null, correctionDose: null })).dose).toBe(
      'The dose may have at most 2 decimals',
    );
    expect(fields(entry({ dose: 301, bolusDose: null, correctionDose: null })).dose).toBe(
      'A single dose may be at most 300 IU',
    );
    expect(fields(entry({ bolusDose: -1 })).bolusDose).toBe('The dose must be greater than 0');
    expect(fields(entry({ unit: 'mg' })).unit).toBe('The unit must be IU');
  });

  it('needs drug, period, time, doctor; the time within the stay and not in the future', () => {
    expect(fields({ patientId: 1 })).toMatchObject({
      drugId: 'Please choose the insulin',
      dose: 'Please enter the dose',
      period: 'Please choose the insulin period',
      givenAt: 'Please enter the time given',
      doctorId: 'Please choose the ordering doctor',
    });
    expect(fields(entry({ period: 'noon' })).period).toBe('Unknown or disabled insulin period');
    expect(fields(entry({ givenAt: '2026-11-28T07:30:00+08:00' })).givenAt).toBe(
      'The time given cannot be in the future',
    );
    expect(fields(entry({ givenAt: '2026-10-28T07:30:00+08:00' })).givenAt).toBe(
      'The time given cannot be before the admission',
    );
  });
});
