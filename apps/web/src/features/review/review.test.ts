import { ITEM_DISPLAY_UNITS } from '@glucocare/domain/hospital-settings';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../../api/review';
import { hospitalZone, setHospitalZone } from '../../components/format';
import { correctionOf, correctionValuesOf } from './correction';
import { dataFilterOf, exportFileName, pendingFilterOf, thisMonth } from './review-filters';

const mmol = ITEM_DISPLAY_UNITS.GLU[0];
const mgdl = ITEM_DISPLAY_UNITS.GLU[1];

describe('pendingFilterOf', () => {
  it('sends the item and the filled filters only; dates are optional', () => {
    expect(pendingFilterOf({ queryCondition: '  ', classification: 'bogus' }, 'KET')).toEqual({
      filter: {
        category: 'KET',
        departmentCode: undefined,
        queryCondition: undefined,
        classification: undefined,
        beginDate: undefined,
        endDate: undefined,
      },
      problem: null,
    });
    const { filter } = pendingFilterOf(
      { range: ['2026-03-01', dayjs('2026-03-05')], departmentCode: 'ENDO', classification: 'high' },
      'GLU',
    );
    expect(filter).toMatchObject({ beginDate: '2026-03-01', endDate: '2026-03-05', classification: 'high' });
  });

  it('flags a reversed range', () => {
    expect(pendingFilterOf({ range: ['2026-03-05', '2026-03-01'] }, 'GLU').problem).toBe('order');
  });
});

describe('dataFilterOf', () => {
  const range = ['2026-03-01', '2026-03-31'];

  it('needs the dates, in order, at most a year', () => {
    expect(dataFilterOf({}, 'GLU', 'mmolL').problem).toBe('required');
    expect(dataFilterOf({ range: ['2026-04-01', '2026-03-01'] }, 'GLU', 'mmolL').problem).toBe('order');
    expect(dataFilterOf({ range: ['2025-01-01', '2026-01-02'] }, 'GLU', 'mmolL').problem).toBe('tooLong');
    expect(dataFilterOf({ range }, 'GLU', 'mmolL').problem).toBeNull();
  });

  it('sends the value range in the storage unit and checks it', () => {
    const { filter } = dataFilterOf({ range, minValue: '70', maxValue: '180' }, 'GLU', 'mgDl');
    // the readings SHOWN as 70-180 mg/dL: stored from 69.5 / 18 (3.86111…) to below 180.5 / 18 (10.02777…),
    // to the 4 decimals the query takes
    expect(filter).toMatchObject({ minValue: 3.8611, maxValue: 10.0277 });
    expect(dataFilterOf({ range, minValue: '420' }, 'UA', 'umolL').filter.minValue).toBe(419.5);
    expect(dataFilterOf({ range, minValue: '10', maxValue: '3' }, 'GLU', 'mmolL').problem).toBe('valueOrder');
    expect(dataFilterOf({ range, minValue: 'abc' }, 'GLU', 'mmolL').problem).toBe('valueInvalid');
  });

  it('keeps only known statuses and classifications, and deleted records when asked', () => {
    const { filter } = dataFilterOf(
      {
        range,
        status: 'approved',
        classification: 'criticalHigh',
        includeDeleted: true,
        doctorCode: ' doc ',
      },
      'GLU',
      'mmolL',
    );
    expect(filter).toMatchObject({
      status: 'approved',
      classification: 'criticalHigh',
      includeDeleted: true,
      doctorCode: 'doc',
    });
    expect(dataFilterOf({ range, status: 'deleted' }, 'GLU', 'mmolL').filter.status).toBeUndefined();
  });
});

describe('defaults and names', () => {
  it('defaults to this month and names the export after the item and range', () => {
    const [begin, end] = thisMonth(dayjs('2026-02-14T10:00:00'));
    expect([begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')]).toEqual(['2026-02-01', '2026-02-28']);
    expect(exportFileName('Blood glucose', { beginDate: '2026-02-01', endDate: '2026-02-28' })).toBe(
      'Blood glucose_2026-02-01_2026-02-28',
    );
  });
});

const reading: ReviewRecord = {
  id: 7,
  patientId: 3,
  item: 'GLU',
  periodCode: 'fasting',
  periodName: 'Fasting',
  testTime: '2026-03-02T00:30:00.000Z',
  testValue: 5.55,
  unit: 'mmol/L',
  enteredValue: 5.55,
  enteredUnit: 'mmolL',
  untestedReason: null,
  untestedReasonName: null,
  untestedReasonText: null,
  refusalReason: null,
  refusalReasonName: null,
  rejectReason: null,
  rejectReasonName: null,
  note: 'before insulin',
  testUserId: 1,
  testUser: 'Nurse',
  source: 'manual',
  deviceSerial: null,
  deviceRecordNo: null,
  determineType: 'normal',
  grade: null,
  color: null,
  status: 'approved',
  approvedBy: 'Zhang Min',
  approvedAt: '2026-03-02T02:00:00.000Z',
  departmentCode: 'ENDO',
  version: 4,
  createdAt: '2026-03-02T00:31:00.000Z',
  updatedAt: '2026-03-02T02:00:00.000Z',
  deletedAt: null,
  deleteReason: null,
  patientName: 'Patient',
  bed: '01',
  inpatientNumber: 'ZY0001',
  departmentName: 'Endocrinology',
  doctorCode: null,
  doctorName: null,
  windowMark: null,
  windowReason: null,
  lateEntry: false,
  qcHold: null,
};

describe('correctionOf', () => {
  it('sends only what changed, with the version and the reason', () => {
    const values = { ...correctionValuesOf(reading, mmol), reason: ' typo in the meter copy ' };
    expect(correctionOf(reading, values, mmol)).toEqual({
      correction: { id: 7, version: 4, reason: 'typo in the meter copy' },
      changed: false,
    });
    // 5.55 shows as 5.6: leaving it as shown does not round the stored value
    const noted = correctionOf(reading, { ...values, remark: 'after insulin' }, mmol);
    expect(noted).toEqual({
      correction: { id: 7, version: 4, reason: 'typo in the meter copy', remark: 'after insulin' },
      changed: true,
    });
    const corrected = correctionOf(reading, { ...values, result: 6.5 }, mmol).correction;
    expect(corrected).toMatchObject({ result: 6.5, unit: 'mmolL' });
    expect(corrected).not.toHaveProperty('period');
  });

  it('shows the test time on the hospital clock and sends a changed one as its instant there', () => {
    const processZone = hospitalZone();
    setHospitalZone('Asia/Shanghai');
    try {
      const values = { ...correctionValuesOf(reading, mmol), reason: 'wrong time' };
      expect(values.testTime?.format('YYYY-MM-DD HH:mm')).toBe('2026-03-02 08:30');
      expect(correctionOf(reading, values, mmol).changed).toBe(false);
      const moved = correctionOf(reading, { ...values, testTime: dayjs('2026-03-02 09:00') }, mmol);
      expect(moved.correction.testTime).toBe('2026-03-02T01:00:00.000Z');
    } finally {
      setHospitalZone(processZone);
    }
  });

  it('sends a value in the display unit with that unit', () => {
    const values = correctionValuesOf(reading, mgdl);
    expect(values.result).toBe(100);
    expect(correctionOf(reading, { ...values, result: 110, reason: 'x' }, mgdl).correction).toMatchObject({
      result: 110,
      unit: 'mgDl',
    });
  });

  it('turns a value into an untested reading and back', () => {
    const values = { ...correctionValuesOf(reading, mmol), reason: 'refused' };
    const untested = correctionOf(
      reading,
      { ...values, mode: 'untested', cause: 'refused' },
      mmol,
    ).correction;
    expect(untested).toMatchObject({ result: null, cause: 'refused' });
    const untestedReading = {
      ...reading,
      testValue: null,
      untestedReason: 'other',
      untestedReasonText: 'lost',
    };
    const back = correctionOf(
      untestedReading,
      { ...correctionValuesOf(untestedReading, mmol), mode: 'result', result: 7.2, reason: 'found' },
      mmol,
    ).correction;
    expect(back).toMatchObject({ result: 7.2, unit: 'mmolL', cause: null, causeText: null });
  });

  it('sends a changed time as an instant and a cleared note as null', () => {
    const values = correctionValuesOf(reading, mmol);
    const moved = correctionOf(
      reading,
      { ...values, testTime: dayjs('2026-03-02T01:00:00.000Z'), remark: '', reason: 'x' },
      mmol,
    ).correction;
    expect(dayjs(moved.testTime).toISOString()).toBe('2026-03-02T01:00:00.000Z');
    expect(moved.remark).toBeNull();
  });
});
