import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  isChineseName,
  PATIENT_GENDERS,
  patientAgeSchema,
  patientBirthDateSchema,
  patientEmailSchema,
  patientIdCardSchema,
  patientMobilePhoneSchema,
  patientNameSchema,
  patientSchema,
} from './patient';

const NOW = new Date('2024-06-01T12:00:00Z');

const valid = {
  name: '张三',
  gender: 'female',
  dateOfBirth: '1960-03-15',
  age: 64,
  departmentCode: 'ENDO',
  doctorCode: 'dr.li',
};

const en = (data: unknown) => localizedIssues(patientSchema, data, 'en-US');
const zh = (data: unknown) => localizedIssues(patientSchema, data, 'zh-CN');
const problems = (data: unknown) => en(data).map((issue) => issue.field);
const messageOf = (field: string, data: unknown) => en(data).find((issue) => issue.field === field)?.message;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('patientSchema', () => {
  it('accepts a minimal and a complete patient', () => {
    expect(en(valid)).toEqual([]);
    const complete = {
      ...valid,
      idCard: '11010519491231002X',
      mobilePhone: '13800138000',
      email: 'zhang.san@example.cn',
      inpatientNumber: 'ZY2024001',
      admissionDate: '2024-05-30',
      wristbandCode: 'WB-001',
      bed: '12A',
      heightCm: 165.5,
      weightKg: 58,
      contact: 'Daughter, 13900139000',
    };
    expect(en(complete)).toEqual([]);
    expect(patientSchema.parse(complete)).toEqual(complete);
  });

  it('reports every missing required field once, in both languages', () => {
    expect(en({})).toEqual([
      { field: 'name', message: 'Please enter the patient name' },
      { field: 'gender', message: 'Please select the gender' },
      { field: 'dateOfBirth', message: 'Please select the date of birth' },
      { field: 'age', message: 'Please enter the age' },
      { field: 'departmentCode', message: 'Please select the department' },
      { field: 'doctorCode', message: 'Please select the doctor' },
    ]);
    expect(zh({})).toEqual([
      { field: 'name', message: '请输入患者姓名' },
      { field: 'gender', message: '请选择性别' },
      { field: 'dateOfBirth', message: '请选择出生日期' },
      { field: 'age', message: '请输入年龄' },
      { field: 'departmentCode', message: '请选择科室' },
      { field: 'doctorCode', message: '请选择医生' },
    ]);
  });

  it('treats emptied inputs (null, blank text) as missing', () => {
    const emptied = { ...valid, name: '   ', gender: '', dateOfBirth: null, age: null, doctorCode: '' };
    expect(en(emptied).map((issue) => issue.message)).toEqual([
      'Please enter the patient name',
      'Please select the gender',
      'Please select the date of birth',
      'Please enter the age',
      'Please select the doctor',
    ]);
  });

  it('refuses unknown fields and does not coerce types', () => {
    expect(problems({ ...valid, nickname: 'x' })).toEqual(['nickname']);
    expect(messageOf('age', { ...valid, age: '64' })).toMatch(/expected number, received string/);
    expect(localizedIssues(patientSchema, { ...valid, age: '64' }, 'zh-CN')[0].message).toMatch(/期望/);
    expect(problems({ ...valid, heightCm: '165' })).toEqual(['heightCm']);
  });

  it('converts to JSON Schema for the API documentation', () => {
    expect(() => z.toJSONSchema(patientSchema, { io: 'input' })).not.toThrow();
  });
});

describe('patient name', () => {
  it('holds a Chinese name to 2-18 characters', () => {
    expect(en({ ...valid, name: '张三' })).toEqual([]);
    expect(en({ ...valid, name: '欧'.repeat(18) })).toEqual([]);
    expect(en({ ...valid, name: '张' })).toEqual([
      { field: 'name', message: 'The name must be 2-18 characters' },
    ]);
    expect(zh({ ...valid, name: '欧'.repeat(19) })).toEqual([
      { field: 'name', message: '姓名长度为 2-18 个字符' },
    ]);
  });

  it('holds any other name to 2-200 characters', () => {
    expect(en({ ...valid, name: 'Li' })).toEqual([]);
    expect(en({ ...valid, name: 'a'.repeat(200) })).toEqual([]);
    expect(en({ ...valid, name: 'L' })).toEqual([
      { field: 'name', message: 'The name must be 2-200 characters' },
    ]);
    expect(zh({ ...valid, name: 'a'.repeat(201) })).toEqual([
      { field: 'name', message: '姓名长度为 2-200 个字符' },
    ]);
  });

  it('counts characters after trimming, a Chinese character or an emoji once', () => {
    expect(patientNameSchema.parse('  王五  ')).toBe('王五');
    expect(patientNameSchema.safeParse(' 王 ').success).toBe(false);
    expect(patientNameSchema.safeParse('𠀀'.repeat(18)).success).toBe(true); // outside the BMP
    expect(patientNameSchema.safeParse('A😀').success).toBe(true);
  });

  it('a name with any Chinese character gets the Chinese limit', () => {
    const mixed = `Mary 王${'a'.repeat(14)}`; // 20 characters
    expect(isChineseName(mixed)).toBe(true);
    expect(patientNameSchema.safeParse(mixed).success).toBe(false);
    expect(patientNameSchema.safeParse(mixed.replace('王', 'W')).success).toBe(true);
  });

  it('property: a Han-only name is valid exactly at 2-18 characters', () => {
    const han = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code));
    fc.assert(
      fc.property(fc.array(han, { minLength: 1, maxLength: 40 }), (chars) => {
        const name = chars.join('');
        expect(patientNameSchema.safeParse(name).success).toBe(chars.length >= 2 && chars.length <= 18);
      }),
    );
  });

  it('property: a Latin name is valid exactly at 2-200 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,260}[A-Za-z]$|^[A-Za-z]$/), (name) => {
        expect(isChineseName(name)).toBe(false);
        expect(patientNameSchema.safeParse(name).success).toBe(name.length >= 2 && name.length <= 200);
      }),
    );
  });
});

describe('isChineseName', () => {
  it('finds Chinese characters anywhere in the name', () => {
    expect(isChineseName('张三')).toBe(true);
    expect(isChineseName('Zhang 三')).toBe(true);
    expect(isChineseName('阿卜杜·热合曼')).toBe(true);
    expect(isChineseName('John Smith')).toBe(false);
    expect(isChineseName('김민수')).toBe(false); // Hangul is not Han
    expect(isChineseName('')).toBe(false);
  });

  it('property: adding a Chinese character makes any name Chinese', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(isChineseName(`${before}中${after}`)).toBe(true);
      }),
    );
  });
});

describe('patient gender', () => {
  it('accepts the three genders only', () => {
    for (const gender of PATIENT_GENDERS) expect(en({ ...valid, gender })).toEqual([]);
    expect(en({ ...valid, gender: 'other' })).toEqual([
      { field: 'gender', message: 'The gender must be male, female or unknown' },
    ]);
    expect(zh({ ...valid, gender: 'M' })).toEqual([{ field: 'gender', message: '性别只能为男、女或未知' }]);
  });
});

describe('patient date of birth', () => {
  it('accepts an ISO date up to today in the latest time zone', () => {
    // 12:00 UTC on 1 June is already 2 June at UTC+14 (and 20:00 on 1 June in Beijing)
    expect(patientBirthDateSchema.safeParse('2024-06-01').success).toBe(true);
    expect(patientBirthDateSchema.safeParse('2024-06-02').success).toBe(true);
    expect(en({ ...valid, dateOfBirth: '2024-06-03' })).toEqual([
      { field: 'dateOfBirth', message: 'The date of birth cannot be in the future' },
    ]);
    expect(zh({ ...valid, dateOfBirth: '2030-01-01' })).toEqual([
      { field: 'dateOfBirth', message: '出生日期不能晚于今天' },
    ]);
  });

  it('follows the clock', () => {
    vi.setSystemTime(new Date('2024-06-03T00:00:00Z'));
    expect(patientBirthDateSchema.safeParse('2024-06-03').success).toBe(true);
  });

  it('refuses anything but an existing YYYY-MM-DD date', () => {
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024/01/01',
      '1/1/2024',
      '2024-01-01T00:00:00Z',
      '20240101',
    ]) {
      expect(messageOf('dateOfBirth', { ...valid, dateOfBirth: bad }), bad).toBe(
        'The date of birth must be a valid date (YYYY-MM-DD)',
      );
    }
    expect(patientBirthDateSchema.safeParse('2024-02-29').success).toBe(true);
  });
});

describe('patient age', () => {
  it('is a whole number from 0 to 150', () => {
    expect(patientAgeSchema.safeParse(0).success).toBe(true);
    expect(patientAgeSchema.safeParse(150).success).toBe(true);
    expect(en({ ...valid, age: 151 })).toEqual([
      { field: 'age', message: 'The age must be a whole number from 0 to 150' },
    ]);
    expect(zh({ ...valid, age: -1 })).toEqual([{ field: 'age', message: '年龄须为 0-150 之间的整数' }]);
    expect(messageOf('age', { ...valid, age: 30.5 })).toBe('The age must be a whole number from 0 to 150');
  });

  it('property: valid exactly for integers 0-150', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1000, max: 1000 }), (age) => {
        expect(patientAgeSchema.safeParse(age).success).toBe(Number.isInteger(age) && age >= 0 && age <= 150);
      }),
    );
  });
});

describe('patient ID card', () => {
  it('is optional', () => {
    for (const idCard of [undefined, null, '', '  ']) expect(en({ ...valid, idCard })).toEqual([]);
  });

  it('has 15-18 characters', () => {
    expect(patientIdCardSchema.safeParse('110105491231002').success).toBe(true);
    expect(patientIdCardSchema.safeParse('110105194912310021').success).toBe(true);
    expect(en({ ...valid, idCard: '11010549123100' })).toEqual([
      { field: 'idCard', message: 'The ID card number must be 15-18 characters' },
    ]);
    expect(zh({ ...valid, idCard: '1101051949123100211' })).toEqual([
      { field: 'idCard', message: '身份证号长度为 15-18 位' },
    ]);
  });

  it('is digits, an 18-character number may end in X (stored upper-case)', () => {
    expect(patientIdCardSchema.parse('11010519491231002x')).toBe('11010519491231002X');
    expect(en({ ...valid, idCard: '11010549123100X' })).toEqual([
      {
        field: 'idCard',
        message: 'The ID card number must contain only digits; an 18-character number may end in X',
      },
    ]);
    expect(patientIdCardSchema.safeParse('1101051949123100AB').success).toBe(false);
    expect(patientIdCardSchema.safeParse('X10105194912310021').success).toBe(false);
  });
});

describe('patient contact fields', () => {
  it('wristband code 3-32', () => {
    expect(en({ ...valid, wristbandCode: 'W01' })).toEqual([]);
    expect(en({ ...valid, wristbandCode: 'W'.repeat(32) })).toEqual([]);
    expect(en({ ...valid, wristbandCode: 'W1' })).toEqual([
      { field: 'wristbandCode', message: 'The wristband code must be 3-32 characters' },
    ]);
    expect(zh({ ...valid, wristbandCode: 'W'.repeat(33) })).toEqual([
      { field: 'wristbandCode', message: '腕带码长度为 3-32 个字符' },
    ]);
  });

  it('mobile phone: mainland 11 digits from 1, or + and 7-15 digits', () => {
    for (const phone of ['13800138000', '19912345678', '+8613800138000', '+1234567', '+123456789012345']) {
      expect(patientMobilePhoneSchema.safeParse(phone).success, phone).toBe(true);
    }
    for (const phone of [
      '1380013800',
      '138001380001',
      '23800138000',
      '+123456',
      '+1234567890123456',
      '138 0013 8000',
    ]) {
      expect(patientMobilePhoneSchema.safeParse(phone).success, phone).toBe(false);
    }
    expect(zh({ ...valid, mobilePhone: '12345' })).toEqual([
      { field: 'mobilePhone', message: '请输入有效的手机号码（11 位数字，或 + 加 7-15 位数字）' },
    ]);
  });

  it('email: 8-32 characters and a valid address', () => {
    expect(patientEmailSchema.safeParse('ab@cd.ef').success).toBe(true); // 8
    expect(patientEmailSchema.safeParse(`${'a'.repeat(21)}@example.cn`).success).toBe(true); // 32
    expect(en({ ...valid, email: 'a@bc.de' })).toEqual([
      { field: 'email', message: 'The email address must be 8-32 characters' },
    ]);
    expect(messageOf('email', { ...valid, email: `${'a'.repeat(22)}@example.cn` })).toBe(
      'The email address must be 8-32 characters',
    );
    expect(en({ ...valid, email: 'not-an-address' })).toEqual([
      { field: 'email', message: 'Incorrect email address format' },
    ]);
    expect(zh({ ...valid, email: 'zhang@localhost' })).toEqual([
      { field: 'email', message: '邮箱地址格式不正确' },
    ]);
  });

  it('inpatient number 4-18, bed 1-12', () => {
    expect(en({ ...valid, inpatientNumber: '1234', bed: '1' })).toEqual([]);
    expect(en({ ...valid, inpatientNumber: '1'.repeat(18), bed: 'B'.repeat(12) })).toEqual([]);
    expect(en({ ...valid, inpatientNumber: '123', bed: 'B'.repeat(13) })).toEqual([
      { field: 'inpatientNumber', message: 'The inpatient number must be 4-18 characters' },
      { field: 'bed', message: 'The bed number must be 1-12 characters' },
    ]);
    expect(zh({ ...valid, inpatientNumber: '1'.repeat(19) })).toEqual([
      { field: 'inpatientNumber', message: '住院号长度为 4-18 个字符' },
    ]);
  });

  it('contact at most 200 characters, admission date an ISO date', () => {
    expect(en({ ...valid, contact: 'c'.repeat(200) })).toEqual([]);
    expect(en({ ...valid, contact: 'c'.repeat(201) })).toEqual([
      { field: 'contact', message: 'Must be at most 200 characters' },
    ]);
    expect(en({ ...valid, admissionDate: '2024-5-30' })).toEqual([
      { field: 'admissionDate', message: 'The admission date must be a valid date (YYYY-MM-DD)' },
    ]);
  });
});

describe('patient height and weight', () => {
  it('height 30-272 cm, optional', () => {
    expect(en({ ...valid, heightCm: 30 })).toEqual([]);
    expect(en({ ...valid, heightCm: 272 })).toEqual([]);
    expect(en({ ...valid, heightCm: null })).toEqual([]);
    expect(en({ ...valid, heightCm: 29.9 })).toEqual([
      { field: 'heightCm', message: 'The height must be 30-272 cm' },
    ]);
    expect(zh({ ...valid, heightCm: 272.1 })).toEqual([{ field: 'heightCm', message: '身高须为 30-272 cm' }]);
  });

  it('weight 0.5-500 kg, optional', () => {
    expect(en({ ...valid, weightKg: 0.5 })).toEqual([]);
    expect(en({ ...valid, weightKg: 500 })).toEqual([]);
    expect(en({ ...valid, weightKg: 0.4 })).toEqual([
      { field: 'weightKg', message: 'The weight must be 0.5-500 kg' },
    ]);
    expect(zh({ ...valid, weightKg: 500.1 })).toEqual([
      { field: 'weightKg', message: '体重须为 0.5-500 kg' },
    ]);
  });
});
