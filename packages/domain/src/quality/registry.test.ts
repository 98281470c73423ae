import { describe, expect, it } from 'vitest';
import {
  analyzerLendSchema,
  analyzerReturnSchema,
  analyzerSchema,
  controlOpenSchema,
  lotStatusSchema,
} from '../rules/qc';
import { localizedIssues } from '../validation';
import { discardDateOf, isLoanOverdue, isLotExpired, lotRefusal } from './registry';

const en = (schema: Parameters<typeof localizedIssues>[0], data: unknown) =>
  localizedIssues(schema, data, 'en-US');
const zh = (schema: Parameters<typeof localizedIssues>[0], data: unknown) =>
  localizedIssues(schema, data, 'zh-CN');
/** 2026-03-10 12:00 UTC: "today" of the schemas (the latest calendar day on Earth is 2026-03-11). */
const clock = () => new Date('2026-03-10T12:00:00Z');

describe('lotRefusal', () => {
  const lot = { lotNumber: 'CS24A1107', status: 'normal', expiryDate: '2026-03-10', discardOn: null };
  it('lets a normal lot in through its expiry day and refuses it the day after', () => {
    expect(lotRefusal(lot, '2026-03-10')).toBeNull();
    expect(lotRefusal(lot, '2026-03-11')).toEqual({
      reason: 'expired',
      message: 'qc.lotPick.expired',
      params: { lot: 'CS24A1107', date: '2026-03-10' },
    });
  });
  it('refuses invalid and suspended lots before looking at dates', () => {
    expect(lotRefusal({ ...lot, status: 'invalid' }, '2026-03-11')?.reason).toBe('invalid');
    expect(lotRefusal({ ...lot, status: 'suspended' }, '2026-01-01')?.reason).toBe('suspended');
  });
  it('refuses an opened vial after its discard day, not on it', () => {
    const vial = { ...lot, expiryDate: '2027-01-01', discardOn: '2026-03-10' };
    expect(lotRefusal(vial, '2026-03-10')).toBeNull();
    expect(lotRefusal(vial, '2026-03-11')).toMatchObject({
      reason: 'discarded',
      params: { date: '2026-03-10' },
    });
  });
  it('takes a lot without an expiry date (strips may lack one) as in date', () => {
    expect(lotRefusal({ lotNumber: 'TS0001', status: 'normal', expiryDate: null }, '2030-01-01')).toBeNull();
    expect(isLotExpired(null, '2030-01-01')).toBe(false);
    expect(isLotExpired('2029-12-31', '2030-01-01')).toBe(true);
  });
});

describe('discardDateOf', () => {
  it('counts the in-use days from the opening day (day 0)', () => {
    expect(discardDateOf('2026-01-01', 90)).toBe('2026-04-01');
    expect(discardDateOf('2026-01-31', 1)).toBe('2026-02-01');
    // across the leap day and a year end
    expect(discardDateOf('2028-02-28', 1)).toBe('2028-02-29');
    expect(discardDateOf('2026-12-31', 365)).toBe('2027-12-31');
  });
});

describe('isLoanOverdue', () => {
  it('is overdue only while lent and after the expected day', () => {
    const loan = { returnedOn: null, expectedReturnOn: '2026-03-10' };
    expect(isLoanOverdue(loan, '2026-03-10')).toBe(false);
    expect(isLoanOverdue(loan, '2026-03-11')).toBe(true);
    expect(isLoanOverdue({ ...loan, returnedOn: '2026-03-12' }, '2026-03-20')).toBe(false);
    expect(isLoanOverdue({ returnedOn: null, expectedReturnOn: null }, '2030-01-01')).toBe(false);
  });
});

describe('analyzerSchema', () => {
  const meter = { model: 'GA-3', sn: 'GA3T0000001', workStation: 'Bay 1', departmentCode: 'ENDO' };
  it('needs the department and takes lot ids', () => {
    expect(en(analyzerSchema, { ...meter, controlSolutionId: 3, testStripId: null })).toEqual([]);
    expect(zh(analyzerSchema, { ...meter, departmentCode: ' ' })).toEqual([
      { field: 'departmentCode', message: '请选择科室' },
    ]);
    expect(en(analyzerSchema, { ...meter, workStation: 'x'.repeat(61) })[0]?.field).toBe('workStation');
  });
});

describe('lending and return', () => {
  const lend = analyzerLendSchema(clock);
  const back = analyzerReturnSchema(clock);
  const loan = { borrowerName: 'Zhao Min', departmentCode: 'CARD', lentOn: '2026-03-10' };
  it('lends today or before, expected back not before the lending day', () => {
    expect(en(lend, loan)).toEqual([]);
    expect(en(lend, { ...loan, lentOn: '2026-03-11', expectedReturnOn: '2026-03-11' })).toEqual([]);
    expect(en(lend, { ...loan, lentOn: '2026-03-12' })).toEqual([
      { field: 'lentOn', message: 'The lending date cannot be in the future' },
    ]);
    expect(en(lend, { ...loan, expectedReturnOn: '2026-03-10' })).toEqual([]);
    expect(zh(lend, { ...loan, expectedReturnOn: '2026-03-09' })).toEqual([
      { field: 'expectedReturnOn', message: '预计归还日期不能早于借出日期' },
    ]);
    expect(en(lend, { ...loan, borrowerName: '  ' })).toEqual([
      { field: 'borrowerName', message: 'Please enter the borrower' },
    ]);
  });
  it('returns with a state of intact, damaged or lost', () => {
    expect(en(back, { version: 1, returnedOn: '2026-03-10', returnState: 'lost' })).toEqual([]);
    expect(en(back, { version: 1, returnedOn: '2026-03-12', returnState: 'ok' })).toEqual([
      { field: 'returnedOn', message: 'The return date cannot be in the future' },
      { field: 'returnState', message: 'Please select the state it came back in: intact, damaged or lost' },
    ]);
  });
});

describe('lot status and opening', () => {
  it('takes the three §4 states only', () => {
    expect(en(lotStatusSchema, { id: 1, version: 1, status: 'suspended' })).toEqual([]);
    expect(en(lotStatusSchema, { id: 1, version: 1, status: 'expired' })).toEqual([
      { field: 'status', message: 'The status must be normal, invalid or suspended' },
    ]);
  });
  it('opens today or before', () => {
    const open = controlOpenSchema(clock);
    expect(en(open, { version: 2, openedOn: '2026-03-10' })).toEqual([]);
    expect(zh(open, { version: 2, openedOn: '2026-03-12' })).toEqual([
      { field: 'openedOn', message: '开瓶日期不能晚于今天' },
    ]);
  });
});
