import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  APPOINTMENT_CODE_ALPHABET,
  APPOINTMENT_TTL_DAYS,
  appointmentCodeFrom,
  appointmentCodeLookupSchema,
  appointmentExpiresAt,
  appointmentRequestSchema,
  appointmentState,
  BED_ONLY_MENU_PATHS,
  entryWindowOf,
  isAppointmentCode,
  menuPathShown,
  outpatientFromDischargedSchema,
  outpatientRegistrationSchema,
  outpatientUpdateSchema,
} from './outpatient';

const NOW = new Date('2026-03-10T04:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const issues = (schema: z.ZodType, data: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  localizedIssues(schema, data, lang);
const messageOf = (schema: z.ZodType, data: unknown, field: string, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  issues(schema, data, lang).find((issue) => issue.field === field)?.message;

const outpatient = {
  name: '李秀英',
  gender: 'female',
  age: 61,
  outpatientNumber: 'MZ20260001',
  departmentCode: 'ENDO',
};

describe('outpatientRegistrationSchema', () => {
  it('accepts an outpatient with the age only, no bed and no inpatient number', () => {
    expect(outpatientRegistrationSchema.safeParse(outpatient).success).toBe(true);
    expect(
      outpatientRegistrationSchema.safeParse({ ...outpatient, age: undefined, dateOfBirth: '1965-01-31' })
        .success,
    ).toBe(true);
  });
  it('asks for the birth date or the age, in both languages', () => {
    const none = { ...outpatient, age: undefined };
    expect(messageOf(outpatientRegistrationSchema, none, 'dateOfBirth')).toBe(
      'Please enter the date of birth or the age',
    );
    expect(messageOf(outpatientRegistrationSchema, none, 'dateOfBirth', 'zh-CN')).toBe(
      '请填写出生日期或年龄',
    );
  });
  it('requires the outpatient number, 1-32 characters', () => {
    expect(
      messageOf(outpatientRegistrationSchema, { ...outpatient, outpatientNumber: ' ' }, 'outpatientNumber'),
    ).toBe('Please enter the outpatient number');
    expect(
      messageOf(
        outpatientRegistrationSchema,
        { ...outpatient, outpatientNumber: 'X'.repeat(33) },
        'outpatientNumber',
      ),
    ).toBe('The outpatient number must be 1-32 characters');
    expect(
      outpatientRegistrationSchema.safeParse({ ...outpatient, outpatientNumber: 'X'.repeat(32) }).success,
    ).toBe(true);
  });
  it('keeps the admission form rules (name, phone, ID card) and refuses a bed', () => {
    expect(messageOf(outpatientRegistrationSchema, { ...outpatient, name: '李' }, 'name')).toBeDefined();
    expect(
      messageOf(outpatientRegistrationSchema, { ...outpatient, mobilePhone: '12345' }, 'mobilePhone'),
    ).toBeDefined();
    expect(messageOf(outpatientRegistrationSchema, { ...outpatient, idCard: '12X' }, 'idCard')).toBeDefined();
    expect(outpatientRegistrationSchema.safeParse({ ...outpatient, bed: '12' }).success).toBe(false);
    expect(
      messageOf(outpatientRegistrationSchema, { ...outpatient, departmentCode: '' }, 'departmentCode'),
    ).toBe('Please select the department');
  });
  it('edits need the version; from discharged the number may be absent', () => {
    const { departmentCode: _d, ...details } = outpatient;
    expect(outpatientUpdateSchema.safeParse({ ...details, version: 1 }).success).toBe(true);
    expect(outpatientUpdateSchema.safeParse(details).success).toBe(false);
    expect(outpatientFromDischargedSchema.safeParse({ version: 2, departmentCode: 'ENDO' }).success).toBe(
      true,
    );
  });
});

describe('appointment codes', () => {
  it('uses 32 unambiguous characters: no I, O, 0 or 1', () => {
    expect(APPOINTMENT_CODE_ALPHABET).toHaveLength(32);
    for (const c of 'IO01') expect(APPOINTMENT_CODE_ALPHABET).not.toContain(c);
    expect(new Set(APPOINTMENT_CODE_ALPHABET).size).toBe(32);
  });
  it('maps bytes to characters evenly (byte mod 32)', () => {
    expect(appointmentCodeFrom(new Uint8Array([0, 1, 31, 32, 33, 255, 24, 8]))).toBe('AB9AB92J');
    expect(() => appointmentCodeFrom(new Uint8Array(7))).toThrow();
  });
  it('recognises well-formed codes only', () => {
    expect(isAppointmentCode('K7M2QX9P')).toBe(true);
    expect(isAppointmentCode('K7M2QX9')).toBe(false);
    expect(isAppointmentCode('K7M2QX9O')).toBe(false);
    expect(isAppointmentCode('k7m2qx9p')).toBe(false);
    expect(appointmentCodeLookupSchema.parse(' k7m2qx9p ')).toBe('K7M2QX9P');
    expect(messageOf(appointmentCodeLookupSchema, 'ABC', '', 'zh-CN')).toBe(
      '预约码为 8 位字母和数字（不含 I、O、0、1）',
    );
  });
  it(`expires ${APPOINTMENT_TTL_DAYS} days after it is made; used beats expired`, () => {
    const made = new Date('2026-03-01T10:00:00Z');
    const expiresAt = appointmentExpiresAt(made);
    expect(expiresAt.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(appointmentState({ expiresAt, usedAt: null }, new Date('2026-03-08T09:59:59Z'))).toBe('valid');
    expect(appointmentState({ expiresAt, usedAt: null }, new Date('2026-03-08T10:00:00Z'))).toBe('expired');
    expect(appointmentState({ expiresAt, usedAt: made }, new Date('2026-03-02T00:00:00Z'))).toBe('used');
    expect(appointmentState({ expiresAt, usedAt: made }, new Date('2026-04-01T00:00:00Z'))).toBe('used');
  });
});

describe('appointmentRequestSchema', () => {
  const request = { tenant: '101', name: 'Zhang Wei', gender: 'male', mobilePhone: '13800138000' };
  it('accepts the minimum: tenant, name, gender, mobile phone', () => {
    expect(appointmentRequestSchema.safeParse(request).success).toBe(true);
  });
  it('requires the mobile phone, in both languages, and checks its format', () => {
    expect(messageOf(appointmentRequestSchema, { ...request, mobilePhone: '' }, 'mobilePhone')).toBe(
      'Please enter the mobile phone number',
    );
    expect(
      messageOf(appointmentRequestSchema, { ...request, mobilePhone: undefined }, 'mobilePhone', 'zh-CN'),
    ).toBe('请输入手机号码');
    expect(
      messageOf(appointmentRequestSchema, { ...request, mobilePhone: '1380013' }, 'mobilePhone'),
    ).toBeDefined();
  });
  it('refuses a future birth date and unknown fields', () => {
    expect(
      messageOf(appointmentRequestSchema, { ...request, dateOfBirth: '2026-03-11' }, 'dateOfBirth'),
    ).toBeDefined();
    expect(appointmentRequestSchema.safeParse({ ...request, bed: '1' }).success).toBe(false);
  });
});

describe('menus in out-of-hospital mode', () => {
  it('hides the bed-only screens in out mode and the outpatient page in hospital mode', () => {
    for (const path of BED_ONLY_MENU_PATHS) {
      expect(menuPathShown(path, true)).toBe(false);
      expect(menuPathShown(path, false)).toBe(true);
    }
    expect(menuPathShown('/patient/outpatient', true)).toBe(true);
    expect(menuPathShown('/patient/outpatient', false)).toBe(false);
    expect(menuPathShown('/index', true)).toBe(true);
    expect(menuPathShown('/virtualward/current', true)).toBe(true);
  });
});

describe('entryWindowOf', () => {
  const admittedAt = new Date('2026-03-01T00:00:00Z');
  const dischargedAt = new Date('2026-03-05T00:00:00Z');
  it('is the stay of inpatients and discharged patients, and open for outpatients', () => {
    expect(entryWindowOf({ status: 'inHospital', admittedAt, dischargedAt })).toEqual({
      admittedAt,
      dischargedAt: null,
    });
    expect(entryWindowOf({ status: 'discharged', admittedAt, dischargedAt })).toEqual({
      admittedAt,
      dischargedAt,
    });
    expect(entryWindowOf({ status: 'outpatient', admittedAt, dischargedAt })).toEqual({
      admittedAt: null,
      dischargedAt: null,
    });
  });
});
