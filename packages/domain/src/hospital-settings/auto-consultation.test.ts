import { describe, expect, it } from 'vitest';
import {
  type AutoConsultationEntry,
  consultationItemOfReading,
  crossedConsultationTrigger,
  DEFAULT_AUTO_CONSULTATION,
  mergeConsultationEntries,
} from './strategy';

/** The defaults with every trigger switched on and endocrinology consulting. */
const ON: AutoConsultationEntry[] = mergeConsultationEntries(
  DEFAULT_AUTO_CONSULTATION.map((entry) => ({ ...entry, enabled: true, consultDepartmentCode: 'ENDO' })),
);
const glucose = (periodCode: string | null, value: number | null, departmentCode = 'CARD') => ({
  item: 'GLU',
  periodCode,
  value,
  departmentCode,
});

describe('the trigger a reading falls under', () => {
  it('sorts glucose by period and the other items by their code', () => {
    expect(consultationItemOfReading({ item: 'GLU', periodCode: 'fasting' })).toBe('fastingGlucose');
    expect(consultationItemOfReading({ item: 'GLU', periodCode: 'afterLunch' })).toBe('postprandialGlucose');
    expect(consultationItemOfReading({ item: 'GLU', periodCode: 'beforeSleep' })).toBe('randomGlucose');
    expect(consultationItemOfReading({ item: 'GLU', periodCode: null })).toBe('randomGlucose');
    expect(consultationItemOfReading({ item: 'KET', periodCode: 'fasting' })).toBe('ketone');
    expect(consultationItemOfReading({ item: 'UA', periodCode: null })).toBe('uricAcid');
    expect(consultationItemOfReading({ item: 'UREA', periodCode: null })).toBe('urea');
    expect(consultationItemOfReading({ item: 'HBA1C', periodCode: null })).toBeNull();
  });
});

describe('crossedConsultationTrigger', () => {
  // defaults: fasting 3.9 / 10.0, postprandial 3.9 / 13.9, random 3.9 / 16.7, ketone ≥ 1.5, uric acid ≥ 540
  it('fires at the threshold itself, on either side', () => {
    expect(crossedConsultationTrigger(ON, glucose('fasting', 10.0))).toMatchObject({
      entry: { item: 'fastingGlucose', consultDepartmentCode: 'ENDO' },
      bound: 'high',
      threshold: 10,
    });
    expect(crossedConsultationTrigger(ON, glucose('fasting', 3.9))).toMatchObject({
      bound: 'low',
      threshold: 3.9,
    });
    expect(crossedConsultationTrigger(ON, glucose('fasting', 2.2))).toMatchObject({ bound: 'low' });
  });

  it('does not fire strictly inside the thresholds', () => {
    expect(crossedConsultationTrigger(ON, glucose('fasting', 9.99))).toBeNull();
    expect(crossedConsultationTrigger(ON, glucose('fasting', 3.91))).toBeNull();
    // 12.0 after a meal is below the postprandial 13.9, though above the fasting 10.0
    expect(crossedConsultationTrigger(ON, glucose('afterLunch', 12.0))).toBeNull();
    expect(crossedConsultationTrigger(ON, glucose('afterLunch', 13.9))).toMatchObject({
      entry: { item: 'postprandialGlucose' },
    });
    // a bedtime 16.6 is random glucose, below 16.7
    expect(crossedConsultationTrigger(ON, glucose('beforeSleep', 16.6))).toBeNull();
    expect(crossedConsultationTrigger(ON, glucose('beforeSleep', 16.7))).toMatchObject({
      entry: { item: 'randomGlucose' },
    });
  });

  it('reads ketone and uric acid in their storage units', () => {
    expect(
      crossedConsultationTrigger(ON, { item: 'KET', periodCode: null, value: 1.5, departmentCode: 'ICU' }),
    ).toMatchObject({ entry: { item: 'ketone' }, bound: 'high', threshold: 1.5 });
    expect(
      crossedConsultationTrigger(ON, { item: 'KET', periodCode: null, value: 1.4, departmentCode: 'ICU' }),
    ).toBeNull();
    expect(
      crossedConsultationTrigger(ON, { item: 'UA', periodCode: null, value: 540, departmentCode: 'ICU' }),
    ).toMatchObject({ entry: { item: 'uricAcid' }, threshold: 540 });
    // ketone has no low threshold: a ketone of 0 never fires
    expect(
      crossedConsultationTrigger(ON, { item: 'KET', periodCode: null, value: 0, departmentCode: 'ICU' }),
    ).toBeNull();
  });

  it('stays silent when switched off, without a department, for the own department or without a value', () => {
    const off = ON.map((entry) => (entry.item === 'fastingGlucose' ? { ...entry, enabled: false } : entry));
    expect(crossedConsultationTrigger(off, glucose('fasting', 15))).toBeNull();
    // switched off for fasting only: a random reading still fires
    expect(crossedConsultationTrigger(off, glucose('beforeSleep', 20))).not.toBeNull();
    const nowhere = ON.map((entry) => ({ ...entry, consultDepartmentCode: null }));
    expect(crossedConsultationTrigger(nowhere, glucose('fasting', 15))).toBeNull();
    expect(crossedConsultationTrigger(ON, glucose('fasting', 15, 'ENDO'))).toBeNull();
    expect(crossedConsultationTrigger(ON, glucose('fasting', null))).toBeNull();
    expect(crossedConsultationTrigger(DEFAULT_AUTO_CONSULTATION, glucose('fasting', 15))).toBeNull();
  });
});
