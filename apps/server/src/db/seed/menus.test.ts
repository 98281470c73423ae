import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type MenuNode = { path: string; permission: string | null; hidden: boolean; children: MenuNode[] };
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const CATALOGUE_PAGES = ['drug', 'template', 'event', 'suggestion', 'dictionary'];

describe('shipped catalogue menus (issue 3)', () => {
  it('gives administrators the catalogue pages with list, edit and delete permissions', async () => {
    const admin = await t.login('101', 'admin', 'Admin@123456');
    const res = await t.request({ method: 'GET', url: '/app-service/v1/menus/allTree', token: admin });
    const menus = flat(res.json().dataContent);
    for (const area of CATALOGUE_PAGES) {
      expect(menus.find((m) => m.path === `/system/${area}`)?.permission, area).toBe(`system:${area}:list`);
      for (const action of ['edit', 'delete'])
        expect(
          menus.some((m) => m.permission === `system:${area}:${action}`),
          `${area}:${action}`,
        ).toBe(true);
    }
    const profile = await t.request({ method: 'GET', url: '/app-service/v1/users/profile', token: admin });
    expect(profile.json().dataContent.permissions).toEqual(
      expect.arrayContaining(['system:drug:list', 'system:event:delete', 'system:tenant:edit']),
    );
  });

  it('shows the pages in the administrator’s sidebar tree only', async () => {
    for (const [user, password, expected] of [
      ['admin', 'Admin@123456', true],
      ['doctor01', 'Doctor@2026', false],
      ['nurse01', 'Nurse@2026', false],
    ] as const) {
      const token = await t.login('101', user, password);
      const res = await t.request({
        method: 'GET',
        url: `/app-service/v1/users/authorityMenus?userName=${user}`,
        token,
      });
      const text = JSON.stringify(res.json().dataContent);
      for (const area of CATALOGUE_PAGES)
        expect(text.includes(`"/system/${area}"`), `${user} ${area}`).toBe(expected);
    }
  });
});
