import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages';
import { localizedIssues } from '../validation';
import {
  autoConsultationDescription,
  CONSULTATION_STATUS_NAMES,
  CONSULTATION_STATUSES,
  CONSULTATION_URGENCIES,
  CONSULTATION_URGENCY_NAMES,
  consultationFinishedKey,
  consultationFinishSchema,
  consultationReplySchema,
  consultationRequestSchemaFor,
  thresholdCrossed,
} from './consultation';

const now = new Date('2026-11-27T08:00:00Z');
const request = consultationRequestSchemaFor(() => now);
const valid = {
  patientId: 3,
  requestDepartmentCode: 'CARD',
  requestDoctorId: 7,
  consultDepartmentCode: 'ENDO',
  consultDoctorId: 2,
  requestedAt: '2026-11-27T15:30:00+08:00',
  description: 'Glucose above 15 after surgery, please advise insulin',
};

describe('consultation request', () => {
  it('accepts a complete request, urgency defaulting to routine', () => {
    expect(request.parse(valid)).toMatchObject({ urgency: 'routine', description: valid.description });
    expect(request.parse({ ...valid, urgency: 'urgent' }).urgency).toBe('urgent');
  });

  it('requires every field of §5 with messages in both languages', () => {
    const en = localizedIssues(request, {}, 'en-US');
    expect(en).toEqual(
      expect.arrayContaining([
        { field: 'requestDepartmentCode', message: 'Please choose the requesting department' },
        { field: 'consultDepartmentCode', message: 'Please choose the consulting department' },
        { field: 'requestDoctorId', message: 'Please choose the requesting doctor' },
        { field: 'consultDoctorId', message: 'Please choose the consulting doctor' },
        { field: 'requestedAt', message: 'Please enter the consultation time' },
        { field: 'description', message: 'Please enter the description' },
      ]),
    );
    const zh = localizedIssues(request, { ...valid, description: '  ' }, 'zh-CN');
    expect(zh).toEqual([{ field: 'description', message: '请填写会诊描述' }]);
  });

  it('refuses a bad time, a time far ahead, an unknown urgency and a too long description', () => {
    const fields = (body: Record<string, unknown>) =>
      localizedIssues(request, { ...valid, ...body }, 'en-US').map((issue) => issue.message);
    expect(fields({ requestedAt: '2026-11-27 15:30' })).toEqual([
      'The consultation time must be a date and time',
    ]);
    expect(fields({ requestedAt: '2026-12-25T08:00:00+08:00' })).toEqual([
      'The consultation time may be at most 7 days ahead',
    ]);
    expect(fields({ urgency: 'soon' })).toEqual(['The urgency must be routine, urgent or emergency']);
    expect(fields({ description: 'x'.repeat(1001) })).toEqual(['The description must be 2-1000 characters']);
  });
});

describe('reply and finish', () => {
  it('needs text or a suggestion, each suggestion once', () => {
    expect(localizedIssues(consultationReplySchema, { id: 1 }, 'zh-CN')).toEqual([
      { field: 'text', message: '请填写回复内容或至少选择一条管理建议' },
    ]);
    expect(
      localizedIssues(consultationReplySchema, { id: 1, text: ' ', suggestionIds: [] }, 'en-US'),
    ).toEqual([{ field: 'text', message: 'Please enter a reply or choose at least one suggestion' }]);
    expect(localizedIssues(consultationReplySchema, { id: 1, suggestionIds: [4, 4] }, 'en-US')).toEqual([
      { field: 'suggestionIds', message: 'A suggestion was chosen twice' },
    ]);
    expect(consultationReplySchema.parse({ id: 1, suggestionIds: [4] })).toMatchObject({
      suggestionIds: [4],
    });
    expect(consultationReplySchema.parse({ id: 1, text: 'Start basal insulin' }).text).toBe(
      'Start basal insulin',
    );
  });

  it('completes with a record, closes with a reason', () => {
    expect(
      localizedIssues(consultationFinishSchema, { id: 1, version: 1, action: 'complete' }, 'en-US'),
    ).toEqual([{ field: 'record', message: 'Please enter the consultation record' }]);
    expect(
      localizedIssues(consultationFinishSchema, { id: 1, version: 1, action: 'close' }, 'zh-CN'),
    ).toEqual([{ field: 'reason', message: '请填写关闭原因' }]);
    expect(localizedIssues(consultationFinishSchema, { id: 1, version: 1, action: 'stop' }, 'en-US')).toEqual(
      [{ field: 'action', message: 'Please choose complete or close' }],
    );
    expect(
      consultationFinishSchema.parse({ id: 1, version: 2, action: 'close', reason: 'Patient transferred' }),
    ).toMatchObject({ action: 'close', reason: 'Patient transferred' });
  });

  it('refuses changes of a finished consultation with the §8 message', () => {
    expect(consultationFinishedKey('inProgress')).toBeNull();
    expect(translate('en-US', consultationFinishedKey('closed')!)).toBe('The consultation is already closed');
    expect(translate('zh-CN', consultationFinishedKey('closed')!)).toBe('该会诊已关闭');
    expect(translate('en-US', consultationFinishedKey('completed')!)).toBe(
      'The consultation is already completed',
    );
  });

  it('names every status and urgency in both languages', () => {
    for (const status of CONSULTATION_STATUSES) {
      expect(CONSULTATION_STATUS_NAMES[status]['zh-CN']).not.toBe('');
    }
    for (const urgency of CONSULTATION_URGENCIES) {
      expect(CONSULTATION_URGENCY_NAMES[urgency]['en-US']).not.toBe('');
    }
  });
});

describe('auto consultation description', () => {
  it('shows the reading as entered and the threshold crossed, in both languages', () => {
    const threshold = thresholdCrossed('fastingGlucose', 12.3, { minValue: 3.9, maxValue: 10 }, 'mmol/L');
    const facts = {
      item: 'fastingGlucose' as const,
      value: 12.3,
      unit: 'mmol/L',
      testTime: '2026-11-27 07:05',
      threshold,
    };
    expect(autoConsultationDescription(facts, 'en-US')).toBe(
      'Auto consultation: fasting glucose 12.3 mmol/L ≥ 10.0 (2026-11-27 07:05)',
    );
    expect(autoConsultationDescription(facts, 'zh-CN')).toBe(
      '自动会诊：空腹血糖 12.3 mmol/L ≥ 10.0（2026-11-27 07:05）',
    );
  });

  it('shows a low threshold, mg/dL readings in mg/dL, and the item alone without the reading', () => {
    expect(thresholdCrossed('randomGlucose', 3.1, { minValue: 3.9, maxValue: 16.7 }, 'mmol/L')).toEqual({
      op: '≤',
      value: 3.9,
      unit: 'mmol/L',
    });
    expect(thresholdCrossed('randomGlucose', 20, { minValue: 3.9, maxValue: 16.7 }, 'mg/dL')).toEqual({
      op: '≥',
      value: 301,
      unit: 'mg/dL',
    });
    expect(thresholdCrossed('ketone', 1, { minValue: null, maxValue: 1.5 }, 'mmol/L')).toBeNull();
    expect(
      autoConsultationDescription(
        { item: 'ketone', value: null, unit: null, testTime: null, threshold: null },
        'en-US',
      ),
    ).toBe('Auto consultation: ketone');
  });
});
