import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  admissionSchema,
  dischargeSchema,
  patientDeleteReasonSchema,
  patientGluEventSaveSchema,
  patientUpdateSchema,
  readmissionSchema,
  scanCodeSchema,
  transferSchema,
} from './admission';

const NOW = new Date('2026-03-10T04:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const issues = (schema: z.ZodType, data: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  localizedIssues(schema, data, lang);
const messageOf = (schema: z.ZodType, data: unknown, field: string, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  issues(schema, data, lang).find((issue) => issue.field === field)?.message;

const patient = {
  name: '王建国',
  gender: 'male',
  dateOfBirth: '1958-04-02',
  age: 67,
  departmentCode: 'ENDO',
  doctorCode: 'doctor01',
};

describe('admissionSchema', () => {
  it('accepts the patient form with admission time, appointment code and tags', () => {
    const body = {
      ...patient,
      inpatientNumber: 'ZY20260001',
      wristbandCode: 'WB20260001',
      bed: '12',
      admittedAt: '2026-03-10T08:30:00+08:00',
      appointmentCode: 'APT-778',
      tags: ['Insulin pump', 'Fall risk'],
    };
    expect(issues(admissionSchema, body)).toEqual([]);
    expect(issues(admissionSchema, patient)).toEqual([]);
  });

  it('keeps every §5 patient rule (name 2-18 Chinese, 2-200 other)', () => {
    expect(messageOf(admissionSchema, { ...patient, name: '王' }, 'name')).toBe(
      'The name must be 2-18 characters',
    );
    expect(messageOf(admissionSchema, { ...patient, name: 'x'.repeat(201) }, 'name')).toBe(
      'The name must be 2-200 characters',
    );
    expect(issues(admissionSchema, { ...patient, name: 'John Smith-Carrington' })).toEqual([]);
  });

  it('refuses an admission time in the future or without a zone, in both languages', () => {
    const future = { ...patient, admittedAt: '2026-03-10T05:00:00Z' };
    expect(messageOf(admissionSchema, future, 'admittedAt')).toBe(
      'The admission time cannot be in the future',
    );
    expect(messageOf(admissionSchema, future, 'admittedAt', 'zh-CN')).toBe('入院时间不能晚于当前时间');
    expect(messageOf(admissionSchema, { ...patient, admittedAt: '2026-03-10 08:00' }, 'admittedAt')).toBe(
      'The admission time must be a valid date and time',
    );
  });

  it('limits the appointment code to 1-32 and checks tags', () => {
    expect(
      messageOf(admissionSchema, { ...patient, appointmentCode: 'A'.repeat(33) }, 'appointmentCode'),
    ).toBe('The appointment code must be 1-32 characters');
    expect(messageOf(admissionSchema, { ...patient, tags: ['Fall risk', 'Fall risk'] }, 'tags.1')).toBe(
      'This tag is given twice',
    );
    expect(messageOf(admissionSchema, { ...patient, tags: ['x'.repeat(13)] }, 'tags.0')).toBeTruthy();
    const many = Array.from({ length: 21 }, (_, i) => `T${i}`);
    expect(messageOf(admissionSchema, { ...patient, tags: many }, 'tags', 'zh-CN')).toBe(
      '每位患者最多 20 个标签',
    );
  });

  it('refuses unknown fields (no mass assignment)', () => {
    expect(issues(admissionSchema, { ...patient, status: 'discharged' }).map((i) => i.field)).toEqual([
      'status',
    ]);
    expect(issues(admissionSchema, { ...patient, admissionDate: '2026-03-01' }).map((i) => i.field)).toEqual([
      'admissionDate',
    ]);
  });
});

describe('patientUpdateSchema', () => {
  const { departmentCode: _d, doctorCode: _doc, ...basic } = patient;
  const body = { ...basic, id: 5, version: 2, heightCm: 170, weightKg: 68.5, tags: [] };

  it('accepts basic information with id and version', () => {
    expect(issues(patientUpdateSchema, body)).toEqual([]);
  });

  it('refuses department, bed and doctor with a clear message', () => {
    for (const field of ['departmentCode', 'bed', 'doctorCode']) {
      expect(messageOf(patientUpdateSchema, { ...body, [field]: 'X' }, field)).toBe(
        'Department, bed and doctor are changed by a transfer, not by editing',
      );
    }
    expect(messageOf(patientUpdateSchema, { ...body, bed: '3' }, 'bed', 'zh-CN')).toBe(
      '科室、床号和医生须通过转科转床修改，不能在此编辑',
    );
  });

  it('needs the version and checks height and weight', () => {
    expect(messageOf(patientUpdateSchema, { ...body, version: undefined }, 'version')).toBe(
      'The record version is missing; reload the patient and try again',
    );
    expect(messageOf(patientUpdateSchema, { ...body, heightCm: 20 }, 'heightCm')).toBe(
      'The height must be 30-272 cm',
    );
    expect(messageOf(patientUpdateSchema, { ...body, weightKg: 900 }, 'weightKg')).toBe(
      'The weight must be 0.5-500 kg',
    );
  });
});

describe('transferSchema', () => {
  const body = {
    patientId: 3,
    version: 1,
    toDepartmentCode: 'CARD',
    toBed: '7',
    toDoctorCode: 'doctor02',
    reason: 'Chest pain, cardiology review',
    startTime: '2026-03-10T10:00:00+08:00',
  };

  it('accepts a transfer with or without an end time', () => {
    expect(issues(transferSchema, body)).toEqual([]);
    expect(issues(transferSchema, { ...body, endTime: '2026-03-10T11:00:00+08:00' })).toEqual([]);
  });

  it('needs a reason of 2-200 characters', () => {
    expect(messageOf(transferSchema, { ...body, reason: '' }, 'reason')).toBe(
      'Please enter the reason for the transfer',
    );
    expect(messageOf(transferSchema, { ...body, reason: 'x' }, 'reason', 'zh-CN')).toBe(
      '原因长度为 2-200 个字符',
    );
  });

  it('needs a start time, and an end time after it', () => {
    expect(messageOf(transferSchema, { ...body, startTime: undefined }, 'startTime')).toBe(
      'Please enter the start time of the transfer',
    );
    expect(messageOf(transferSchema, { ...body, endTime: '2026-03-10T09:00:00+08:00' }, 'endTime')).toBe(
      'The end time must be after the start time',
    );
    expect(messageOf(transferSchema, { ...body, endTime: body.startTime }, 'endTime', 'zh-CN')).toBe(
      '结束时间须晚于开始时间',
    );
  });

  it('needs the target department and doctor', () => {
    expect(messageOf(transferSchema, { ...body, toDepartmentCode: '' }, 'toDepartmentCode')).toBe(
      'Please select the department',
    );
    expect(messageOf(transferSchema, { ...body, toDoctorCode: undefined }, 'toDoctorCode')).toBe(
      'Please select the doctor',
    );
  });
});

describe('discharge and readmission', () => {
  it('accepts a discharge without a time, refuses one in the future', () => {
    expect(issues(dischargeSchema, { patientId: 1, version: 1 })).toEqual([]);
    expect(
      messageOf(
        dischargeSchema,
        { patientId: 1, version: 1, dischargedAt: '2027-01-01T00:00:00Z' },
        'dischargedAt',
      ),
    ).toBe('The discharge time cannot be in the future');
  });

  it('needs the new admission time, department and doctor to readmit', () => {
    const body = {
      version: 4,
      admittedAt: '2026-03-09T09:00:00+08:00',
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
    };
    expect(issues(readmissionSchema, body)).toEqual([]);
    expect(messageOf(readmissionSchema, { ...body, admittedAt: undefined }, 'admittedAt', 'zh-CN')).toBe(
      '请输入入院时间',
    );
    expect(messageOf(readmissionSchema, { ...body, bed: 'x'.repeat(13) }, 'bed')).toBe(
      'The bed number must be 1-12 characters',
    );
  });
});

describe('delete reason, scan code and glucose events', () => {
  it('needs a delete reason of 1-200', () => {
    expect(patientDeleteReasonSchema.safeParse('Admitted twice').success).toBe(true);
    expect(issues(patientDeleteReasonSchema, '  ')[0]?.message).toBe(
      'Please give the reason for deleting this patient',
    );
    expect(issues(patientDeleteReasonSchema, 'x'.repeat(201), 'zh-CN')[0]?.message).toBe(
      '原因长度为 1-200 个字符',
    );
  });

  it('needs a scan code of at most 32', () => {
    expect(scanCodeSchema.parse(' WB20260001 ')).toBe('WB20260001');
    expect(issues(scanCodeSchema, 'x'.repeat(33))[0]?.message).toBe('The code must be 1-32 characters');
  });

  it('checks a glucose event', () => {
    const body = {
      patientId: 1,
      eventId: 2,
      itemId: 3,
      occurredAt: '2026-03-10T07:30:00+08:00',
      note: 'Breakfast',
    };
    expect(issues(patientGluEventSaveSchema, body)).toEqual([]);
    expect(messageOf(patientGluEventSaveSchema, { ...body, eventId: undefined }, 'eventId')).toBe(
      'Please choose the event',
    );
    expect(messageOf(patientGluEventSaveSchema, { ...body, note: 'x'.repeat(201) }, 'note', 'zh-CN')).toBe(
      '备注最多 200 个字符',
    );
    expect(
      messageOf(
        patientGluEventSaveSchema,
        { ...body, occurredAt: '2026-03-11T07:30:00+08:00' },
        'occurredAt',
      ),
    ).toBe('The time of the event cannot be in the future');
  });
});
