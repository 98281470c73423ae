import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPermissionCode, PERMISSION_CODES, type PermissionCode } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_MENUS } from '../db/seed/menus';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * The four places a permission code appears — route configs, the menu seed, the web and
 * `docs/api.md` — against the one map in `packages/domain` (`PERMISSIONS`).
 *
 * The docs keep their hand-written tables (each row explains its route) and this test parses them
 * rather than generating them from the map: a generated list could only repeat the codes, while
 * the tables say which route needs which, and that is what readers and clients go by.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CODE_SHAPE = /^[a-z]+:[a-zA-Z]+:[a-zA-Z]+$/;

/**
 * Codes of the map that no route checks, and why they are kept: roles are granted them and the
 * menus carry them, so respelling or dropping one would strand what tenants have granted.
 */
const UNCHECKED_BY_ROUTES: Partial<Record<PermissionCode, string>> = {
  'settings:period:list': 'the periods page reads the session lookups; the code shows the page',
  'settings:target:list': 'the target page reads the session lookup; the code shows the page',
  'settings:symptom:list': 'the page edits dictionary types, guarded by system:dictionary:*',
  'settings:symptom:edit': 'the page edits dictionary types, guarded by system:dictionary:*',
  'settings:system:list': 'the system settings page reads the session lookups',
  'system:event:list': 'clinical screens pick glucose events, so the event list needs only a session',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** `METHOD /v1/path/{param}` of every API route, with what it requires. */
function routePermissions(): Map<string, string> {
  const routes = new Map<string, string>();
  for (const route of t.app.routeTable) {
    if (!route.url.startsWith('/app-service/') || route.url.startsWith('/app-service/docs')) continue;
    const url = route.url.slice('/app-service'.length).replace(/:(\w+)/g, '{$1}');
    const permission = String(route.config?.permission ?? 'session');
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.set(`${method} ${url}`, permission);
    }
  }
  return routes;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `a:b:c|d` → `a:b:c`, `a:b:d`; placeholders such as `system:<area>:list` are not codes. */
function expandCodes(text: string): string[] {
  const [area, resource, actions] = text.split(':');
  if (!actions || /[<>*]/.test(text)) return [];
  return actions.split('|').map((action) => `${area}:${resource}:${action}`);
}

/**
 * What `docs/api.md` says each route needs: rows of tables headed `method and path | permission`,
 * and `#### METHOD /path` sections with a `| permission | ... |` row. A permission cell is a
 * backquoted code, `session` or `public`, maybe followed by a note.
 */
function documentedRoutes(markdown: string): Map<string, string> {
  const routes = new Map<string, string>();
  const permissionOf = (cell: string) => /^`([^`]+)`|^(session|public)\b/.exec(cell.trim());
  const add = (route: string, cell: string) => {
    const match = permissionOf(cell);
    // `DELETE /v2/crisisSetting?id=`, `POST /v1/x/ (also without the slash)`: the method and path
    const [method, url] = route.trim().split(/\s+/);
    if (match) routes.set(`${method} ${url.replace(/\?.*$/, '')}`, match[1] ?? match[2]);
  };
  let permissionColumn = -1;
  let heading: string | undefined;
  for (const line of markdown.split('\n')) {
    const headingRoute = /^#+ ((?:GET|POST|PUT|DELETE|PATCH) \/\S+)$/.exec(line);
    if (line.startsWith('#')) heading = headingRoute?.[1];
    if (!line.startsWith('|')) {
      permissionColumn = -1;
      continue;
    }
    const cells = line.split(/(?<!\\)\|/).slice(1, -1);
    if (cells[0]?.trim() === 'method and path')
      permissionColumn = cells.findIndex((c) => c.trim() === 'permission');
    else if (cells[0]?.trim() === 'permission' && heading) add(heading, cells[1] ?? '');
    else if (permissionColumn > 0 && /^(GET|POST|PUT|DELETE|PATCH) \//.test(cells[0]?.trim() ?? ''))
      add(cells[0], cells[permissionColumn] ?? '');
  }
  return routes;
}

const docs = () => fs.readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');

describe('permission codes agree across routes, menus, web and docs', () => {
  it('gives every route public, session or a code of the map', () => {
    const routes = routePermissions();
    expect(routes.size).toBeGreaterThan(150);
    const strays = [...routes].filter(([, p]) => p !== 'public' && p !== 'session' && !isPermissionCode(p));
    expect(strays).toEqual([]);
  });

  it('ships every code of the map as a menu or button, and only codes of the map', async () => {
    const shipped = SHIPPED_MENUS.flatMap((menu) => (menu.permission ? [menu.permission] : []));
    expect(shipped.filter((code) => !isPermissionCode(code))).toEqual([]);
    // without a shipped menu no role could be granted the code
    expect(PERMISSION_CODES.filter((code) => !shipped.includes(code))).toEqual([]);
    // what the seed wrote into the demo tenants (every seed path, not only SHIPPED_MENUS)
    const stored = await t.handle.db.execute<{ permission: string }>(
      sql`select distinct permission from menus where permission is not null`,
    );
    expect(stored.rows.map((row) => row.permission).filter((code) => !isPermissionCode(code))).toEqual([]);
  });

  it('has a route checking every code, but for the listed page-only codes', () => {
    const checked = new Set(routePermissions().values());
    const unchecked = PERMISSION_CODES.filter((code) => !checked.has(code));
    expect(unchecked.sort()).toEqual(Object.keys(UNCHECKED_BY_ROUTES).sort());
  });

  it('lets the web name only codes of the map', () => {
    const webRoot = path.join(repoRoot, 'apps/web/src');
    const strays: string[] = [];
    let files = 0;
    for (const file of sourceFiles(webRoot)) {
      files++;
      const source = fs.readFileSync(file, 'utf8');
      for (const [, literal] of source.matchAll(/['"`]([a-z]+:[a-zA-Z]+:[a-zA-Z]+)['"`]/g)) {
        if (!isPermissionCode(literal)) strays.push(`${path.relative(webRoot, file)}: ${literal}`);
      }
    }
    expect(files).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });

  it('names in docs/api.md only codes of the map, and for each route the one it requires', () => {
    const markdown = docs();
    const named = [...markdown.matchAll(/`([a-z]+:[a-zA-Z]+:[a-zA-Z|<>*]+)`/g)].flatMap(([, text]) =>
      expandCodes(text),
    );
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((code) => !CODE_SHAPE.test(code) || !isPermissionCode(code))).toEqual([]);

    const routes = routePermissions();
    const documented = documentedRoutes(markdown);
    expect(documented.size).toBeGreaterThan(150);
    const disagreements = [...documented]
      .filter(([route, permission]) => routes.has(route) && routes.get(route) !== permission)
      .map(([route, permission]) => `${route}: docs ${permission}, route ${routes.get(route)}`);
    expect(disagreements).toEqual([]);
    // a route the docs list that the server does not have is a renamed or removed route
    expect([...documented.keys()].filter((route) => !routes.has(route))).toEqual([]);
    // every route that needs a code says which in the docs (a path the docs give with a trailing
    // slash, "also without the slash", covers both)
    const undocumented = [...routes]
      .filter(([route, permission]) => isPermissionCode(permission) && !documented.has(route))
      .filter(([route]) => !documented.has(`${route}/`))
      .map(([route]) => route);
    expect(undocumented).toEqual([]);
  });
});
