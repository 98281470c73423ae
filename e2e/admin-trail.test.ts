import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

/** Picks an option of a search-form select (antd ids are `<form name>_<field>`). */
async function chooseFilter(page: Page, fieldId: string, text: string) {
  await page
    .locator('.ant-select', { has: page.locator(`#${fieldId}`) })
    .locator('.ant-select-selector')
    .click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
}

const search = (page: Page) => page.locator('.ant-pro-table-search .ant-btn-primary').first().click();
const rowsText = (page: Page) => page.locator('.ant-table-tbody').first().innerText();
/** The `tr.*` accounts the staff table shows, once the list has settled on a search. */
const shownTemps = async (page: Page) =>
  [...new Set((await rowsText(page)).match(/tr\.(gone|soon|later)/g) ?? [])].sort().join(',');
const isoDay = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

describe('staff expiry', () => {
  it('labels expired and soon-expiring accounts and filters the list by it, in both languages', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');
    const roles = await api<{ records: { id: number; code: string }[] }>(page, '/v1/roles?size=100');
    const nurse = roles.records.find((role) => role.code === 'nurse')!.id;
    const staff = (userName: string, expiresOn: string | null) => ({
      userName,
      nickName: `Temp ${userName}`,
      departmentCode: 'ICU',
      roleIds: [nurse],
      dataPermission: 'readWrite',
      permissionScope: 'departments',
      departmentPermissions: [],
      expiresOn,
    });
    await call(page, 'POST', '/v2/users', staff('tr.gone', isoDay(-3)));
    await call(page, 'POST', '/v2/users', staff('tr.soon', isoDay(10)));
    await call(page, 'POST', '/v2/users', staff('tr.later', isoDay(120)));

    await page.goto('/system/user');
    await page.locator('#userSearch_queryCondition').fill('tr.');
    await chooseFilter(page, 'userSearch_qExpiry', 'Expires soon');
    await search(page);
    await expect.poll(() => shownTemps(page)).toBe('tr.soon');
    await expect.poll(() => page.getByTestId('tag-expires-soon').count()).toBeGreaterThan(0);
    await shot(page, 'staff-expires-soon');

    await chooseFilter(page, 'userSearch_qExpiry', 'Expired');
    await search(page);
    await expect.poll(() => shownTemps(page)).toBe('tr.gone');
    expect(await page.getByTestId('tag-expired').count()).toBeGreaterThan(0);

    await chooseFilter(page, 'userSearch_qExpiry', 'Active');
    await search(page);
    await expect.poll(() => shownTemps(page)).toBe('tr.later');

    await switchLanguage(page, 'zh-CN');
    await chooseFilter(page, 'userSearch_qExpiry', '即将过期');
    await search(page);
    await expect.poll(() => shownTemps(page)).toBe('tr.soon');
    await expect.poll(() => page.getByTestId('tag-expires-soon').first().innerText()).toBe('即将过期');
    await shot(page, 'staff-expires-soon-zh');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('user-page').isVisible()).toBe(true);
    await shot(page, 'staff-expiry-phone');
    await page.context().close();
  });
});

describe('audit trail', () => {
  it('answers "who changed the critical values last month, from what to what" by kind and a preset', {
    timeout: 120_000,
  }, async () => {
    const page = await (await newContext(browser)).newPage();
    await loginViaForm(page, 'admin', 'Admin@123456');

    // a change made today (must not show for last month) ...
    const rule = await call<{ id: number; version: number }>(page, 'POST', '/v2/crisisSetting', {
      category: 'GLU',
      periodCode: 'afterLunch',
      criticalLow: 3.1,
      criticalLowColor: '#722ED1',
    });
    // ... and the one of last month, and another kind's change that month (the log cannot be back-dated
    // through the API, so these rows are written as the server writes them)
    const lastMonth = new Date();
    lastMonth.setDate(1);
    lastMonth.setMonth(lastMonth.getMonth() - 1);
    lastMonth.setDate(14);
    lastMonth.setHours(10, 30, 0, 0);
    const ruleBefore = {
      id: rule.id,
      item: 'GLU',
      scope: 'period',
      periodCode: 'afterLunch',
      criticalLow: 3.0,
    };
    await db.query(
      `insert into audit_log (tenant_id, at, actor_name, action, entity, entity_id, before, after)
       values ('101', $1, 'doctor01', 'update', 'crisisRule', $2, $3, $4),
              ('101', $1, 'admin', 'update', 'setting', 'password.policy', '{"expiryMonths":0}', '{"expiryMonths":3}')`,
      [
        lastMonth,
        String(rule.id),
        JSON.stringify(ruleBefore),
        JSON.stringify({ ...ruleBefore, criticalLow: 2.8 }),
      ],
    );

    await page.goto('/system/audit');
    await chooseFilter(page, 'auditSearch_entity', 'Critical values');
    await page.locator('#auditSearch_range').click();
    await page.locator('.ant-picker-presets li', { hasText: 'Last month' }).click();
    // the range is in the form before the search (a loaded CI once searched without it: every month's rows)
    await expect.poll(() => page.locator('#auditSearch_range').inputValue()).toMatch(/^\d{4}-\d{2}-01$/);
    await search(page);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    expect(await row.innerText()).toContain('doctor01');
    expect(await row.getByTestId('audit-record').innerText()).toContain('Blood glucose · After lunch');
    await shot(page, 'audit-critical-last-month');

    await row.click();
    const detail = page.getByTestId('audit-detail');
    await expect.poll(() => detail.isVisible()).toBe(true);
    const changed = detail.locator('tr[data-key="criticalLow"]');
    expect(await changed.getAttribute('data-status')).toBe('changed');
    expect(await changed.locator('.gc-diff-before').innerText()).toBe('3');
    expect(await changed.locator('.gc-diff-after').innerText()).toBe('2.8');
    expect(await detail.innerText()).toContain('Critical values');
    await shot(page, 'audit-critical-detail');
    await page.keyboard.press('Escape');

    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('血糖 · 午餐后');
    expect(await rowsText(page)).toContain('危急值');
    await shot(page, 'audit-critical-last-month-zh');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('audit-page').isVisible()).toBe(true);
    await shot(page, 'audit-phone');
    await page.context().close();
  });
});
