import { PUBLIC_ROUTES } from '@glucocare/domain/constants';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/users';
import {
  decideNavigation,
  isKnownPath,
  knownProductPaths,
  loginRedirectPath,
  safeRedirectTarget,
} from './navigation';
import { pageLoaders } from './page-registry';

let nextId = 1;
function node(partial: Partial<MenuNode> & Pick<MenuNode, 'path'>): MenuNode {
  const id = partial.id ?? nextId++;
  return {
    id,
    parentId: null,
    component: partial.path === '#' ? null : partial.path,
    label: `menu ${id}`,
    labels: { 'en-US': `menu ${id}`, 'zh-CN': `菜单 ${id}` },
    icon: null,
    hidden: false,
    sort: id,
    children: [],
    ...partial,
  };
}

/** The tree the server seeds: Home, and the Personal center group with Sign-in activity. */
const seeded: MenuNode[] = [
  node({ id: 1, path: '/index', component: '/dashboard/index' }),
  node({ id: 2, path: '#', children: [node({ id: 3, parentId: 2, path: '/account/activity' })] }),
];

describe('decideNavigation', () => {
  it('sends a signed-in user away from /login to /', () => {
    expect(decideNavigation({ path: '/login', hasToken: true, menus: seeded })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideNavigation({ path: '/login', hasToken: true, menus: null })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('lets anyone reach every public route', () => {
    for (const path of PUBLIC_ROUTES) {
      expect(decideNavigation({ path, hasToken: false, menus: null })).toEqual({ type: 'allow' });
    }
    expect(decideNavigation({ path: '/trend', search: '?id=145', hasToken: true, menus: null })).toEqual({
      type: 'allow',
    });
  });

  it('sends an anonymous visitor of any other route to /login with the path and query as redirect', () => {
    expect(
      decideNavigation({ path: '/account/activity', search: '?page=2', hasToken: false, menus: null }),
    ).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Faccount%2Factivity%3Fpage%3D2',
    });
    expect(decideNavigation({ path: '/', hasToken: false, menus: null })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2F',
    });
    expect(decideNavigation({ path: '/404', hasToken: false, menus: null }).type).toBe('redirect');
  });

  it('asks for the session to load when a token exists but no menus are loaded yet', () => {
    expect(decideNavigation({ path: '/index', hasToken: true, menus: null })).toEqual({ type: 'load' });
    expect(decideNavigation({ path: '/', hasToken: true, menus: null })).toEqual({ type: 'load' });
    expect(decideNavigation({ path: '/nowhere', hasToken: true, menus: null })).toEqual({ type: 'load' });
  });

  it('redirects / to /index when the user has it', () => {
    expect(decideNavigation({ path: '/', hasToken: true, menus: seeded })).toEqual({
      type: 'redirect',
      to: '/index',
    });
  });

  it('redirects / to the first visible menu route when /index is not among the user routes', () => {
    const menus = [node({ id: 10, path: '#', children: [node({ id: 11, path: '/patients' })] })];
    expect(decideNavigation({ path: '/', hasToken: true, menus })).toEqual({
      type: 'redirect',
      to: '/patients',
    });
  });

  it("allows the user's menu routes, hidden ones included, and children of groups", () => {
    const menus = [...seeded, node({ id: 20, path: '/patients/detail', hidden: true })];
    expect(decideNavigation({ path: '/index', hasToken: true, menus })).toEqual({ type: 'allow' });
    expect(decideNavigation({ path: '/account/activity', hasToken: true, menus })).toEqual({ type: 'allow' });
    expect(decideNavigation({ path: '/patients/detail', hasToken: true, menus })).toEqual({ type: 'allow' });
  });

  it('matches menu paths with parameters', () => {
    const menus = [...seeded, node({ id: 21, path: '/patients/:id', hidden: true })];
    expect(decideNavigation({ path: '/patients/145', hasToken: true, menus })).toEqual({ type: 'allow' });
  });

  it('does not route group nodes', () => {
    expect(decideNavigation({ path: '#', hasToken: true, menus: seeded })).toEqual({
      type: 'redirect',
      to: '/404',
    });
  });

  it('sends unknown routes to /404', () => {
    expect(decideNavigation({ path: '/no/such/page', hasToken: true, menus: seeded })).toEqual({
      type: 'redirect',
      to: '/404',
    });
  });

  it('sends a sign-in target that is not among the user routes to the first visible menu route', () => {
    expect(decideNavigation({ path: '/qc/records', hasToken: true, menus: seeded, fromLogin: true })).toEqual(
      {
        type: 'redirect',
        to: '/index',
      },
    );
    expect(
      decideNavigation({ path: '/account/activity', hasToken: true, menus: seeded, fromLogin: true }),
    ).toEqual({
      type: 'allow',
    });
  });

  it('skips hidden items and hidden groups when picking the first visible route', () => {
    const menus = [
      node({ id: 30, path: '/hidden-page', hidden: true }),
      node({ id: 31, path: '#', hidden: true, children: [node({ id: 32, path: '/under-hidden-group' })] }),
      node({ id: 33, path: '#', children: [node({ id: 34, path: '/visible' })] }),
    ];
    expect(decideNavigation({ path: '/', hasToken: true, menus })).toEqual({
      type: 'redirect',
      to: '/visible',
    });
    expect(decideNavigation({ path: '/nope', hasToken: true, menus, fromLogin: true })).toEqual({
      type: 'redirect',
      to: '/visible',
    });
  });

  it('shows the no-menu message when the user has no visible menu', () => {
    expect(decideNavigation({ path: '/', hasToken: true, menus: [] })).toEqual({ type: 'noMenu' });
    expect(decideNavigation({ path: '/index', hasToken: true, menus: [] })).toEqual({ type: 'noMenu' });
    const onlyHidden = [node({ id: 40, path: '/secret', hidden: true }), node({ id: 41, path: '#' })];
    expect(decideNavigation({ path: '/secret', hasToken: true, menus: onlyHidden })).toEqual({
      type: 'noMenu',
    });
  });

  it('always allows /404 and the /redirect helper once signed in', () => {
    expect(decideNavigation({ path: '/404', hasToken: true, menus: seeded })).toEqual({ type: 'allow' });
    expect(decideNavigation({ path: '/404', hasToken: true, menus: [] })).toEqual({ type: 'allow' });
    expect(decideNavigation({ path: '/redirect/index', hasToken: true, menus: seeded })).toEqual({
      type: 'allow',
    });
  });
});

describe('decideNavigation with the pages the product knows (not granted → the no-permission page; after sign-in, spec §2: the first menu route)', () => {
  /** The pages of this build, as the guard passes them. */
  const known = knownProductPaths(Object.keys(pageLoaders));
  /** A nurse: Home and Sign-in activity, no administration. */
  const nurse = seeded;
  /** An administrator: the nurse's menus plus the System administration group. */
  const admin: MenuNode[] = [
    ...seeded,
    node({
      id: 50,
      path: '#',
      children: [
        node({ id: 51, parentId: 50, path: '/system/department' }),
        node({ id: 52, parentId: 50, path: '/system/user' }),
        node({ id: 53, parentId: 50, path: '/system/audit' }),
      ],
    }),
  ];

  it('shows a nurse opening an administration page the no-permission page in place, not /404 nor a silent move', () => {
    expect(
      decideNavigation({ path: '/system/user', hasToken: true, menus: nurse, knownPaths: known }),
    ).toEqual({ type: 'forbidden' });
    expect(
      decideNavigation({ path: '/system/audit', hasToken: true, menus: nurse, knownPaths: known }),
    ).toEqual({ type: 'forbidden' });
    // a trailing slash is the same page
    expect(
      decideNavigation({ path: '/system/user/', hasToken: true, menus: nurse, knownPaths: known }),
    ).toEqual({ type: 'forbidden' });
    // right after sign-in the target is not allowed: spec §2, the first visible menu route
    expect(
      decideNavigation({
        path: '/system/user',
        hasToken: true,
        menus: nurse,
        knownPaths: known,
        fromLogin: true,
      }),
    ).toEqual({ type: 'redirect', to: '/index' });
  });

  it('still sends a path the product does not know to /404', () => {
    expect(
      decideNavigation({ path: '/no/such/page', hasToken: true, menus: nurse, knownPaths: known }),
    ).toEqual({ type: 'redirect', to: '/404' });
    expect(
      decideNavigation({ path: '/system/user/extra', hasToken: true, menus: nurse, knownPaths: known }),
    ).toEqual({ type: 'redirect', to: '/404' });
    expect(decideNavigation({ path: '#', hasToken: true, menus: nurse, knownPaths: known })).toEqual({
      type: 'redirect',
      to: '/404',
    });
  });

  it('allows an administrator the same pages', () => {
    for (const path of ['/system/user', '/system/audit', '/index', '/account/activity']) {
      expect(decideNavigation({ path, hasToken: true, menus: admin, knownPaths: known }), path).toEqual({
        type: 'allow',
      });
    }
  });

  it('uses the first visible route of the user, whatever it is', () => {
    const menus = [
      node({ id: 60, path: '/hidden-first', hidden: true }),
      node({ id: 61, path: '#', children: [node({ id: 62, parentId: 61, path: '/account/activity' })] }),
    ];
    expect(
      decideNavigation({ path: '/system/role', hasToken: true, menus, knownPaths: known, fromLogin: true }),
    ).toEqual({ type: 'redirect', to: '/account/activity' });
    // /index is a known page too: a user without it goes to their first route
    expect(decideNavigation({ path: '/index', hasToken: true, menus, knownPaths: known })).toEqual({
      type: 'redirect',
      to: '/account/activity',
    });
  });

  it('keeps the no-menu message for a user without visible menus, known page or not', () => {
    expect(decideNavigation({ path: '/system/user', hasToken: true, menus: [], knownPaths: known })).toEqual({
      type: 'noMenu',
    });
  });

  it('keeps the earlier rules when signed out or still loading', () => {
    expect(
      decideNavigation({ path: '/system/user', hasToken: false, menus: null, knownPaths: known }),
    ).toEqual({ type: 'redirect', to: '/login?redirect=%2Fsystem%2Fuser' });
    expect(
      decideNavigation({ path: '/system/user', hasToken: true, menus: null, knownPaths: known }),
    ).toEqual({ type: 'load' });
  });

  it('matches known paths with parameters', () => {
    const withPattern = [...known, '/patients/:id'];
    expect(
      decideNavigation({ path: '/patients/145', hasToken: true, menus: nurse, knownPaths: withPattern }),
    ).toEqual({ type: 'forbidden' });
    expect(
      decideNavigation({ path: '/patients/145/x', hasToken: true, menus: nurse, knownPaths: withPattern }),
    ).toEqual({ type: 'redirect', to: '/404' });
  });
});

describe('knownProductPaths and isKnownPath', () => {
  it('lists the page registry keys and /index', () => {
    const known = knownProductPaths(Object.keys(pageLoaders));
    expect(known).toContain('/index');
    expect(known).toContain('/system/user');
    expect(known).toContain('/system/audit');
    expect(knownProductPaths(['system/role', '/system/role'])).toEqual(['/index', '/system/role']);
  });

  it('matches exactly or by pattern, never group marks or nothing', () => {
    expect(isKnownPath('/system/user', ['/system/user'])).toBe(true);
    expect(isKnownPath('/system/users', ['/system/user'])).toBe(false);
    expect(isKnownPath('/system', ['/system/user'])).toBe(false);
    expect(isKnownPath('/a/7', ['/a/:id'])).toBe(true);
    expect(isKnownPath('#', ['#', ''])).toBe(false);
    expect(isKnownPath('/system/user', undefined)).toBe(false);
    expect(isKnownPath('/system/user', new Set(['/system/user']))).toBe(true);
  });
});

describe('loginRedirectPath', () => {
  it('encodes path and query', () => {
    expect(loginRedirectPath('/a b', '?x=1&y=2')).toBe('/login?redirect=%2Fa%20b%3Fx%3D1%26y%3D2');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeRedirectTarget('/account/activity')).toBe('/account/activity');
    expect(safeRedirectTarget('/trend?id=145#top')).toBe('/trend?id=145#top');
  });

  it('refuses external and scheme links', () => {
    for (const bad of [
      'https://evil.example/x',
      'http://evil.example',
      'HTTPS://evil.example',
      'mailto:a@b.c',
      'tel:123',
      'javascript:alert(1)',
      '//evil.example/path',
      '/\\evil.example',
      ' https://evil.example',
      'index',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectTarget(bad), String(bad)).toBeNull();
    }
  });

  it('refuses the login page itself and control characters', () => {
    expect(safeRedirectTarget('/login')).toBeNull();
    expect(safeRedirectTarget('/login?redirect=/index')).toBeNull();
    expect(safeRedirectTarget('/in\ndex')).toBeNull();
  });
});
