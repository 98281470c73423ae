import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIT_ENTITY_KINDS,
  auditSettingName,
  FEATURE_KEYS,
  isAuditEntity,
  LANGUAGES,
  MEASUREMENT_ITEMS,
} from '@glucocare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { SETTINGS } from '../settings/service';

let t: TestContext;
let admin: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
});
afterAll(() => t.close());

interface AuditView {
  id: number;
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string;
  label: string | null;
  reason: string | null;
  reasonText: string | null;
  before: unknown;
  after: unknown;
}

async function auditPage(query: string, lang?: string): Promise<{ records: AuditView[]; total: number }> {
  const res = await api('GET', `/v1/audit/page?${query}`, admin, undefined, lang);
  expect(res.statusCode).toBe(200);
  return res.json().dataContent;
}

// ------------------------------------------------------------------ every kind the server writes

const serverRoot = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Splits a SQL list at its top-level commas (not those inside `(...)` or `${...}`). */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(' || char === '{') depth++;
    if (char === ')' || char === '}') depth--;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

/**
 * Kinds named by the audit writes of one source file: `entity: '…'` of `writeAudit`, and the value
 * in the `entity` column of raw `insert into audit_log (…) select …` statements (bulk writes).
 */
function writtenKinds(source: string): string[] {
  const kinds = [...source.matchAll(/\bentity:\s*'([^']+)'/g)].map((m) => m[1]);
  for (const insert of source.matchAll(/insert into audit_log\s*\(([^)]*)\)\s*select([\s\S]*?)\bfrom\b/g)) {
    const columns = topLevelItems(insert[1]);
    const values = topLevelItems(insert[2]);
    const value = values[columns.indexOf('entity')] ?? '';
    kinds.push(/^'([^']+)'$/.exec(value)?.[1] ?? `(not a literal: ${value})`);
  }
  return kinds;
}

describe('audited kinds', () => {
  const writers = sourceFiles(serverRoot)
    .map((file) => ({ file: path.relative(serverRoot, file), source: fs.readFileSync(file, 'utf8') }))
    // a resource declaration (lib/resource.ts) writes its audit rows under the `entity` it declares
    .filter(({ source }) =>
      /writeAudits?\(|auditPatientRecord\(|insert into audit_log|defineResource\(/.test(source),
    )
    .filter(
      ({ file }) =>
        file !== path.join('modules', 'audit', 'service.ts') && file !== path.join('lib', 'resource.ts'),
    );

  it('names every kind an audit write in the server uses, in both languages', () => {
    expect(writers.length).toBeGreaterThan(20);
    const unnamed: string[] = [];
    for (const { file, source } of writers) {
      const kinds = writtenKinds(source);
      // a writer whose kind this scan cannot read would escape the check: make it say its kind literally
      expect(kinds.length, `${file} writes audit rows without a literal kind`).toBeGreaterThan(0);
      for (const kind of kinds) if (!isAuditEntity(kind)) unnamed.push(`${file}: ${kind}`);
    }
    expect(unnamed).toEqual([]);
  });

  it('lists only kinds the server writes, so the filter offers nothing that can never match', () => {
    const written = new Set(writers.flatMap(({ source }) => writtenKinds(source)));
    expect(AUDIT_ENTITY_KINDS.filter((kind) => !written.has(kind))).toEqual([]);
  });

  it('names every hospital setting a change can be audited under', () => {
    const keys = [
      ...Object.keys(SETTINGS),
      ...FEATURE_KEYS.map((key) => `feature.${key}`),
      ...MEASUREMENT_ITEMS.map((item) => `itemDisplay.${item}`),
    ];
    for (const lang of LANGUAGES) {
      const unnamed = keys.filter((key) => auditSettingName(key, lang) === key);
      expect(unnamed, lang).toEqual([]);
    }
    expect(auditSettingName('password.policy', 'zh-CN')).toBe('密码策略');
    expect(auditSettingName('itemDisplay.GLU', 'en-US')).toBe('Display of blood glucose');
  });
});

// ------------------------------------------------------------------ what the page answers

describe('audit rows a person can read', () => {
  it('answers "who changed the critical values, from what to what" by kind and date range', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const created = await api('POST', '/v2/crisisSetting', admin, {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 3.0,
      criticalLowColor: '#722ED1',
    });
    expect(created.statusCode).toBe(200);
    const rule = created.json().dataContent;
    const updated = await api('POST', '/v2/crisisSetting', admin, {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 2.8,
      criticalLowColor: '#722ED1',
      id: rule.id,
      version: rule.version,
    });
    expect(updated.statusCode).toBe(200);
    const until = new Date(Date.now() + 60_000).toISOString();
    const range = `beginDate=${encodeURIComponent(since)}&endDate=${encodeURIComponent(until)}`;

    const en = await auditPage(`entity=crisisRule&${range}`);
    expect(en.records.map((r) => r.action)).toEqual(['update', 'create']);
    const [change] = en.records;
    expect(change).toMatchObject({
      entity: 'crisisRule',
      entityName: 'Critical values',
      label: 'Blood glucose · After lunch',
      before: { criticalLow: 3.0 },
      after: { criticalLow: 2.8 },
    });
    const zh = await auditPage(`entity=crisisRule&${range}`, 'zh-CN');
    expect(zh.records[0]).toMatchObject({ entityName: '危急值', label: '血糖 · 午餐后' });

    const earlier = await auditPage(
      `entity=crisisRule&beginDate=2020-01-01T00:00:00Z&endDate=${encodeURIComponent(since)}`,
    );
    expect(earlier.records.find((r) => r.id === change.id)).toBeUndefined();
  });

  it('names settings by what they are, not their keys', async () => {
    const res = await api('POST', '/v1/systemSetting/password/expiryMonth', admin, { value: 6 });
    expect(res.statusCode).toBe(200);
    const en = await auditPage('entity=setting');
    expect(en.records[0]).toMatchObject({
      entityId: 'password.policy',
      entityName: 'Hospital setting',
      label: 'Password policy',
      after: { expiryMonths: 6 },
    });
    expect((await auditPage('entity=setting', 'zh-CN')).records[0]).toMatchObject({
      entityName: '医院参数',
      label: '密码策略',
    });
  });

  it('shows role permission changes by page and button name with their codes', async () => {
    const roles = (await api('GET', '/v1/roles?size=100', admin)).json().dataContent.records as {
      id: number;
      code: string;
    }[];
    const reviewer = roles.find((role) => role.code === 'reviewer')!;
    const authority = (await api('GET', `/v1/roles/authority/${reviewer.id}`, admin)).json().dataContent;
    type Menu = { id: number; permission: string | null; children?: Menu[] };
    const flat = (nodes: Menu[]): Menu[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const button = flat(authority.tree).find((m) => m.permission === 'system:department:edit')!;
    const saved = await api('POST', '/v1/roles/authority', admin, {
      roleId: reviewer.id,
      menuIds: [...authority.menuIds, button.id],
    });
    expect(saved.statusCode).toBe(200);

    const [row] = (await auditPage('entity=role&action=authority')).records;
    expect(row.label).toBe('Reviewer');
    const after = (row.after as { permissions: Record<string, string> }).permissions;
    const before = (row.before as { permissions: Record<string, string> }).permissions;
    const added = Object.keys(after).filter((name) => !(name in before));
    expect(added).toEqual(['System administration › Departments › Add and edit']);
    expect(after[added[0]]).toBe('system:department:edit');
    expect(JSON.stringify(row.after)).not.toMatch(/menuIds/);

    const zh = (await auditPage('entity=role&action=authority', 'zh-CN')).records[0];
    const zhAdded = Object.keys((zh.after as { permissions: object }).permissions).filter(
      (name) => !(name in (zh.before as { permissions: object }).permissions),
    );
    expect(zhAdded).toEqual(['系统管理 › 科室管理 › 新增与编辑']);
  });

  it('names staff and departments, and words the reasons the server recorded in the viewer’s language', async () => {
    const failed = await t.request({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: { tenant: '101', userName: 'nurse01', password: t.encrypt('Wrong@2026x') },
    });
    expect(failed.statusCode).toBe(401);
    const en = (await auditPage('action=login.failed')).records[0];
    expect(en).toMatchObject({
      reason: 'wrong password',
      reasonText: 'Wrong password',
      entityName: 'Staff member',
    });
    expect(en.label).toMatch(/\(nurse01\)$/);
    const zh = (await auditPage('action=login.failed', 'zh-CN')).records[0];
    expect(zh).toMatchObject({ reasonText: '密码错误', entityName: '用户' });

    const department = await api('POST', '/v2/departments', admin, {
      code: 'AUD1',
      name: '审计病区',
      nameEn: 'Audit Ward',
    });
    expect(department.statusCode).toBe(200);
    expect((await auditPage('entity=department&action=create')).records[0].label).toBe('Audit Ward');
    expect((await auditPage('entity=department&action=create', 'zh-CN')).records[0].label).toBe('审计病区');
  });
});
