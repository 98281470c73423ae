import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

const profile = async (token: string, lang?: string) =>
  (await api('GET', '/v1/users/profile', token, undefined, lang)).json().dataContent;

describe('PUT /v1/tenants (hospital name)', () => {
  it('renames the hospital in the request language; profiles show it at once', async () => {
    const doctor = await t.login('101', 'doctor01', 'Doctor@2026');
    const res = await api('PUT', '/v1/tenants', admin, { tenantName: 'GlucoCare Teaching Hospital' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      tenant: '101',
      tenantName: 'GlucoCare Teaching Hospital',
      organizationName: 'GlucoCare Teaching Hospital',
      names: { 'en-US': 'GlucoCare Teaching Hospital', 'zh-CN': '糖护示范综合医院' },
    });
    expect(await profile(doctor)).toMatchObject({
      tenantName: 'GlucoCare Teaching Hospital',
      organizationName: 'GlucoCare Teaching Hospital',
    });
    expect((await profile(doctor, 'zh-CN')).tenantName).toBe('糖护示范综合医院');

    const zh = await api('PUT', '/v1/tenants', admin, { tenantName: '糖护教学医院' }, 'zh-CN');
    expect(zh.json().dataContent).toMatchObject({
      tenantName: '糖护教学医院',
      names: { 'en-US': 'GlucoCare Teaching Hospital', 'zh-CN': '糖护教学医院' },
    });
    expect((await profile(doctor, 'zh-CN')).organizationName).toBe('糖护教学医院');
    const current = (await api('GET', '/v1/tenants/current', doctor, undefined, 'zh-CN')).json().dataContent;
    expect(current.tenantName).toBe('糖护教学医院');
  });

  it('takes both names explicitly, and writes an audit row per change', async () => {
    const res = await api('PUT', '/v1/tenants', admin, {
      tenantNameEn: 'GlucoCare Demo General Hospital',
      tenantNameZh: '糖护示范综合医院',
    });
    expect(res.json().dataContent.names).toEqual({
      'en-US': 'GlucoCare Demo General Hospital',
      'zh-CN': '糖护示范综合医院',
    });
    const audits = await auditRows(t, 'tenant', '101', 'update');
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({
      before: { nameEn: 'GlucoCare Demo General Hospital' },
      after: { nameEn: 'GlucoCare Teaching Hospital' },
      actor_name: 'admin',
    });
    expect(audits[2].after).toEqual({
      nameEn: 'GlucoCare Demo General Hospital',
      nameZh: '糖护示范综合医院',
    });
  });

  it.each([
    [{}, 'tenantName', 'Please enter the hospital name', '请输入医院名称'],
    [{ tenantName: '  ' }, 'tenantName', 'Please enter the hospital name', '请输入医院名称'],
    [
      { tenantName: 'H' },
      'tenantName',
      'The hospital name must be 2-50 characters',
      '医院名称长度为 2-50 个字符',
    ],
    [
      { tenantNameEn: 'H'.repeat(51) },
      'tenantNameEn',
      'The hospital name must be 2-50 characters',
      '医院名称长度为 2-50 个字符',
    ],
    [
      { tenantNameZh: '院' },
      'tenantNameZh',
      'The hospital name must be 2-50 characters',
      '医院名称长度为 2-50 个字符',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('PUT', '/v1/tenants', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    const zhRes = await api('PUT', '/v1/tenants', admin, body, 'zh-CN');
    expect(zhRes.json().dataContent.errors).toEqual([{ field, message: zh }]);
  });

  it('accepts names of exactly 2 and 50 characters', async () => {
    expect((await api('PUT', '/v1/tenants', admin, { tenantNameZh: '医院' })).statusCode).toBe(200);
    expect((await api('PUT', '/v1/tenants', admin, { tenantNameEn: 'H'.repeat(50) })).statusCode).toBe(200);
  });

  it('refuses fields a client must not set: the tenant comes from the session only', async () => {
    for (const extra of [
      { tenant: '202' },
      { tenantId: '202' },
      { organizationCode: 'X' },
      { createdAt: '2020-01-01' },
    ]) {
      const res = await api('PUT', '/v1/tenants', admin, { tenantName: 'Mass assign', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const renamed = await api('PUT', '/v1/tenants', admin202, { tenantName: 'Riverside Hospital' });
    expect(renamed.json().dataContent).toMatchObject({ tenant: '202', tenantName: 'Riverside Hospital' });
    expect((await profile(admin)).tenantName).not.toBe('Riverside Hospital');
    expect(await auditRows(t, 'tenant', '202', 'update', '202')).toHaveLength(1);
  });

  it('is refused to staff without system:tenant:edit', async () => {
    for (const [user, password] of [
      ['doctor01', 'Doctor@2026'],
      ['nurse01', 'Nurse@2026'],
      ['reviewer01', 'Review@2026'],
    ]) {
      const token = await t.login('101', user, password);
      expect((await api('PUT', '/v1/tenants', token, { tenantName: 'Not allowed' })).statusCode).toBe(403);
    }
    const menus = (await api('GET', '/v1/menus/allTree', admin)).json().dataContent;
    const flat = (
      nodes: { permission: string | null; hidden: boolean; children: unknown[] }[],
    ): typeof nodes => nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
    expect(flat(menus).find((m) => m.permission === 'system:tenant:edit')).toMatchObject({ kind: 'button' });
  });
});
