import { describe, expect, it } from 'vitest';
import type { Reading } from '../../api/measurements';
import type { TaskReading } from '../../api/tasks';
import { cellView } from './RoundCell';
import type { CellEntry, RoundBody } from './save-queue';

const options = {
  untestedReasons: [{ code: 'refused', name: 'Patient refused' }],
  rejectReasons: [{ code: 'examination', name: 'Away for an examination' }],
  unit: { code: 'mmolL', name: 'mmol/L', precision: 1, min: 0.6, max: 33.3 },
};

const body: RoundBody = {
  category: 'GLU',
  patientId: 1,
  period: 'fasting',
  testTime: '2026-03-02T00:10:00.000Z',
  result: 6.2,
  unit: 'mmolL',
  cause: null,
  causeText: null,
  rejectReason: null,
  remark: 'after insulin',
};

const task: TaskReading = {
  id: 5,
  testTime: '2026-03-02T00:10:00.000Z',
  testValue: 2.1,
  unit: 'mmolL',
  enteredValue: 2.1,
  enteredUnit: 'mmolL',
  untestedReason: null,
  untestedReasonName: null,
  determineType: 'criticalLow',
  color: '#722ED1',
};

const entry = (fields: Partial<CellEntry>): CellEntry => ({
  key: '1:fasting',
  body,
  status: 'unsaved',
  attempts: 1,
  message: 'Network error',
  reading: null,
  ...fields,
});

describe('what a round cell shows', () => {
  it('an empty cell, then what is typed', () => {
    expect(cellView(null, undefined, undefined, undefined, options)).toMatchObject({
      state: 'empty',
      text: '',
    });
    expect(cellView(null, undefined, '5.', 'note', options)).toMatchObject({
      state: 'draft',
      text: '5.',
      readOnly: false,
      note: 'note',
    });
  });

  it('a saved reading read-only, in its classification’s colour; the untested by its reason', () => {
    expect(cellView(task, undefined, '9', undefined, options)).toMatchObject({
      state: 'saved',
      text: '2.1',
      readOnly: true,
      classification: 'criticalLow',
      color: '#722ED1',
      readingId: 5,
    });
    const untested = { ...task, testValue: null, enteredValue: null, untestedReason: 'examination' };
    expect(cellView(untested, undefined, undefined, undefined, options)).toMatchObject({
      state: 'saved',
      text: 'Away for an examination',
      classification: 'untested',
    });
  });

  it('a cell not saved keeps its value and message until something else is typed', () => {
    expect(cellView(null, entry({}), undefined, undefined, options)).toMatchObject({
      state: 'unsaved',
      text: '6.2',
      message: 'Network error',
      readOnly: false,
      note: 'after insulin',
    });
    expect(cellView(null, entry({ status: 'saving' }), '7', undefined, options)).toMatchObject({
      state: 'saving',
      text: '6.2',
      readOnly: true,
    });
    expect(
      cellView(null, entry({ status: 'invalid', message: 'Out of range' }), '70', undefined, options),
    ).toMatchObject({ state: 'draft', text: '70', message: 'Out of range' });
  });

  it('a cell saved now shows the answer with its tester; a rejection by its reason', () => {
    const answer = {
      ...task,
      item: 'GLU',
      testValue: null,
      enteredValue: null,
      untestedReason: null,
      rejectReason: 'examination',
      determineType: null,
      testUser: 'Nurse Wang Fang',
      note: null,
    } as unknown as Reading;
    expect(
      cellView(null, entry({ status: 'saved', reading: answer }), undefined, undefined, options),
    ).toMatchObject({
      state: 'saved',
      text: 'Away for an examination',
      tester: 'Nurse Wang Fang',
    });
    // a retry that found its reading already there: the typed value until the round reloads
    expect(
      cellView(null, entry({ status: 'saved', reading: null }), undefined, undefined, options),
    ).toMatchObject({
      state: 'saved',
      text: '6.2',
      readOnly: true,
    });
  });
});
