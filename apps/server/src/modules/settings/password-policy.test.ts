import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let nurse: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
});
afterAll(() => t.close());

const STRONG = '/v1/systemSetting/password/isStrongPasswords';
const LENGTH = '/v1/systemSetting/password/passwordLengh';
const EXPIRY = '/v1/systemSetting/password/expiryMonth';

const errorsOf = (res: { json(): { dataContent: { errors: unknown[] } } }) => res.json().dataContent.errors;
const data = async (res: Promise<{ json(): { dataContent: unknown } }>) => (await res).json().dataContent;
const rule = async (tenant = '101') =>
  (await t.request({ method: 'GET', url: `/app-service/v1/passwordRule?tenant=${tenant}` })).json()
    .dataContent;

/** The login page's change (no session): the old password proves the user. */
function changePassword(userName: string, oldPassword: string, newPassword: string, lang?: string) {
  return t.request({
    method: 'PUT',
    url: '/app-service/v1/changePassword',
    lang,
    payload: {
      userName,
      tenant: '101',
      password: t.encrypt(oldPassword),
      newPassword: t.encrypt(newPassword),
    },
  });
}

describe('reading the policy', () => {
  it('answers the seeded policy in three parts', async () => {
    expect(await data(api('GET', STRONG, admin))).toBe(true);
    expect(await data(api('GET', LENGTH, admin))).toEqual({
      minLength: 8,
      maxLength: 32,
      adminMinLength: 12,
    });
    expect(await data(api('GET', EXPIRY, admin))).toBe(0);
  });

  it('is for administrators only', async () => {
    for (const url of [STRONG, LENGTH, EXPIRY]) {
      expect((await api('GET', url, nurse)).statusCode, url).toBe(403);
    }
    expect((await api('POST', STRONG, nurse, { value: false })).statusCode).toBe(403);
    expect((await api('POST', LENGTH, nurse, { minLength: 6, maxLength: 12 })).statusCode).toBe(403);
    expect((await api('POST', EXPIRY, nurse, { value: 3 })).statusCode).toBe(403);
  });
});

describe('validation', () => {
  it('lengths: whole numbers, 6 ≤ min ≤ max ≤ 32 (both languages)', async () => {
    const order = await api('POST', LENGTH, admin, { minLength: 12, maxLength: 10 });
    expect(order.statusCode).toBe(400);
    expect(errorsOf(order)).toEqual([
      { field: 'minLength', message: 'Shortest length must not exceed longest' },
    ]);
    expect(errorsOf(await api('POST', LENGTH, admin, { minLength: 12, maxLength: 10 }, 'zh-CN'))).toEqual([
      { field: 'minLength', message: '最短长度不能超过最长长度' },
    ]);
    expect(errorsOf(await api('POST', LENGTH, admin, { minLength: 5, maxLength: 33 }))).toEqual([
      { field: 'minLength', message: 'The length must be a whole number from 6 to 32' },
      { field: 'maxLength', message: 'The length must be a whole number from 6 to 32' },
    ]);
    expect(errorsOf(await api('POST', LENGTH, admin, { minLength: 8.5, maxLength: 12 }, 'zh-CN'))).toEqual([
      { field: 'minLength', message: '长度须为 6-32 之间的整数' },
    ]);
    expect(errorsOf(await api('POST', LENGTH, admin, { minLength: 8 }))).toEqual([
      { field: 'maxLength', message: 'Please enter the longest length' },
    ]);
    expect((await api('POST', LENGTH, admin, { minLength: '8', maxLength: 12 })).statusCode).toBe(400);
    expect(
      (await api('POST', LENGTH, admin, { minLength: 8, maxLength: 12, strong: false })).statusCode,
    ).toBe(400);
  });

  it('validity: whole months 0-120 (both languages)', async () => {
    expect(errorsOf(await api('POST', EXPIRY, admin, { value: 121 }))).toEqual([
      {
        field: 'value',
        message: 'The validity must be a whole number of months from 0 to 120 (0 = never expires)',
      },
    ]);
    expect(errorsOf(await api('POST', EXPIRY, admin, { value: -1 }, 'zh-CN'))).toEqual([
      { field: 'value', message: '有效期须为 0-120 之间的整数月（0 表示永不过期）' },
    ]);
    expect(errorsOf(await api('POST', EXPIRY, admin, {}))).toEqual([
      { field: 'value', message: 'Please enter the validity in months' },
    ]);
  });

  it('strong flag: a boolean (both languages)', async () => {
    expect(errorsOf(await api('POST', STRONG, admin, { value: 'false' }))).toEqual([
      { field: 'value', message: 'Please choose on or off' },
    ]);
    expect(errorsOf(await api('POST', STRONG, admin, { value: 0 }, 'zh-CN'))).toEqual([
      { field: 'value', message: '请选择开启或关闭' },
    ]);
  });
});

describe('changes take effect at once', () => {
  it('a longer minimum: the rule lookup says so and a shorter new password is refused', async () => {
    const saved = await api('POST', LENGTH, admin, { minLength: 10, maxLength: 16 });
    expect(saved.json().dataContent).toEqual({ minLength: 10, maxLength: 16, adminMinLength: 12 });
    expect(await rule()).toMatchObject({ minLength: 10, maxLength: 16, adminMinLength: 12, strong: true });
    expect(await rule('202')).toMatchObject({ minLength: 8, maxLength: 32 });
    const short = await changePassword('nurse01', 'Nurse@2026', 'Nurse@202');
    expect(short.statusCode).toBe(400);
    expect(errorsOf(short)).toEqual([
      { field: 'newPassword', message: 'Incorrect password length: 10-16 characters' },
    ]);
    expect((await changePassword('nurse01', 'Nurse@2026', 'Nurse@20261')).statusCode).toBe(200);
    const [audit] = await auditRows(t, 'setting', 'password.policy', 'update');
    expect(audit).toMatchObject({
      before: { minLength: 8, maxLength: 32, strong: true, expiryMonths: 0 },
      after: { minLength: 10, maxLength: 16, strong: true, expiryMonths: 0 },
    });
  });

  it("keeps the administrators' stricter minimum of 12 characters", async () => {
    await api('POST', LENGTH, admin, { minLength: 6, maxLength: 12 });
    expect(await rule()).toMatchObject({ minLength: 6, adminMinLength: 12 });
    const res = await changePassword('admin', 'Admin@123456', 'Admin@1234');
    expect(errorsOf(res)).toEqual([
      { field: 'newPassword', message: 'Administrator passwords must be at least 12 characters' },
    ]);
    await api('POST', LENGTH, admin, { minLength: 14, maxLength: 20 });
    expect(await data(api('GET', LENGTH, admin))).toEqual({
      minLength: 14,
      maxLength: 20,
      adminMinLength: 14,
    });
    await api('POST', LENGTH, admin, { minLength: 6, maxLength: 12 });
  });

  it('strong off: a password without special characters is accepted; each part keeps the others', async () => {
    expect(await data(api('POST', STRONG, admin, { value: false }))).toBe(false);
    expect(await rule()).toMatchObject({ strong: false, minLength: 6, maxLength: 12 });
    expect((await changePassword('nurse01', 'Nurse@20261', 'nurseward1')).statusCode).toBe(200);
    expect(await data(api('GET', STRONG, admin202))).toBe(true);
    await api('POST', STRONG, admin, { value: true });
    const weak = await changePassword('nurse01', 'nurseward1', 'nurseward2', 'zh-CN');
    expect(weak.statusCode).toBe(400);
  });

  it('a validity of 1 month: a password changed 2 months ago must be changed at login', async () => {
    expect(await data(api('POST', EXPIRY, admin, { value: 1 }))).toBe(1);
    expect(await rule()).toMatchObject({ expiryMonths: 1 });
    // the nurse changed the password moments ago: it is still valid
    expect(await t.login('101', 'nurse01', 'nurseward1')).toBeTruthy();
    t.clock.advance(61 * 24 * 60 * 60 * 1000);
    const login = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: { tenant: '101', userName: 'nurse01', password: t.encrypt('nurseward1') },
    });
    expect(login.statusCode).toBe(412);
    expect(login.json().dataContent).toMatchObject({ reason: 'expired' });
    // tenant 202 keeps "never expires"
    expect(await t.login('202', 'admin', 'Admin@202202')).toBeTruthy();
  });
});
