import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASE_FONT_SIZE,
  CHART_SEGMENT_OPTIONS,
  CONTROL_LEVELS,
  DEFAULT_SIZE,
  DEFAULT_TENANT,
  DESIGN_WIDTH,
  FIELD_LIMITS,
  FLUCTUATION_REFERENCES,
  HTTP_TIMEOUT_MS,
  isPublicRoute,
  LOGIN_LIMITS,
  MAX_FONT_SCALE,
  MEAL_PERIODS,
  MIN_FONT_SIZE,
  MIN_TABLE_HEIGHT,
  MOBILE_BREAKPOINT,
  ORDER_TYPES,
  PASSWORD_LENGTH_DEFAULT,
  PUBLIC_ROUTES,
  rootFontSize,
  SIDEBAR_WIDTH,
  SORT_OPTIONS,
  TOKEN_COOKIE,
  TREND_DAY_OPTIONS,
  tableHeight,
  UPLOAD_LIMIT_BYTES,
} from './constants';

describe('§9 constants', () => {
  it('has the layout and HTTP values of the spec', () => {
    expect(DESIGN_WIDTH).toBe(1920);
    expect(MAX_FONT_SCALE).toBe(2);
    expect(BASE_FONT_SIZE).toBe(16);
    expect(SIDEBAR_WIDTH).toBe(210);
    expect(MOBILE_BREAKPOINT).toBe(992);
    expect(HTTP_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_SIZE).toBe('middle');
    expect(MIN_TABLE_HEIGHT).toBe(200);
    expect(UPLOAD_LIMIT_BYTES).toBe(2_097_152);
  });

  it('has the length limits of the spec', () => {
    expect(PASSWORD_LENGTH_DEFAULT).toEqual({ min: 8, max: 32 });
    expect(LOGIN_LIMITS).toEqual({
      userName: { min: 2, max: 12 },
      tenant: { min: 3, max: 8 },
      // the login form accepts whatever the policy may allow (the default policy is 8-32)
      password: { min: 6, max: 32 },
    });
    expect(FIELD_LIMITS).toEqual({
      orderName: { min: 2, max: 40 },
      templateName: { min: 3, max: 40 },
      departmentName: { min: 2, max: 18 },
      hospitalName: { min: 2, max: 50 },
      idCard: { min: 15, max: 18 },
      wristband: { min: 3, max: 32 },
      inpatientNumber: { min: 4, max: 18 },
      bed: { min: 1, max: 12 },
      analyzerSn: { min: 11, max: 11 },
      lot: { min: 6, max: 18 },
      deviceType: { min: 3, max: 32 },
    });
    for (const limit of [...Object.values(FIELD_LIMITS), ...Object.values(LOGIN_LIMITS)]) {
      expect(limit.min).toBeLessThanOrEqual(limit.max);
    }
  });

  it('has the option lists of the spec, in order', () => {
    expect(CONTROL_LEVELS).toEqual([0, 1, 2]);
    expect(TREND_DAY_OPTIONS).toEqual([3, 7, 14]);
    expect(CHART_SEGMENT_OPTIONS).toEqual([1, 6, 24]);
    expect(FLUCTUATION_REFERENCES).toEqual({ ppge: 2.2, lage: 4.4, sdbg: 2.0 });
    expect(ORDER_TYPES).toEqual(['24h', 'longTerm', 'temporary']);
    expect(MEAL_PERIODS).toEqual([
      'earlyMorning',
      'fasting',
      'afterBreakfast',
      'beforeLunch',
      'afterLunch',
      'beforeDinner',
      'afterDinner',
      'beforeSleep',
    ]);
    expect(SORT_OPTIONS).toEqual(['last', 'earliest', 'allDesc', 'allAsc']);
    expect(DEFAULT_TENANT).toBe('101');
    expect(TOKEN_COOKIE).toBe('acon_credentials_key');
  });
});

describe('tableHeight', () => {
  it('is window height minus top minus 70', () => {
    expect(tableHeight(1080, 200)).toBe(810);
    expect(tableHeight(470, 200)).toBe(200);
    expect(tableHeight(471, 200)).toBe(201);
  });

  it('is at least 200', () => {
    expect(tableHeight(469, 200)).toBe(200);
    expect(tableHeight(0, 500)).toBe(200);
    expect(tableHeight(Number.NaN, 0)).toBe(200);
  });

  it('property: never below 200 and equal to the formula above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: -100, max: 5000 }), (h, top) => {
        const result = tableHeight(h, top);
        expect(result).toBe(Math.max(200, h - top - 70));
      }),
    );
  });
});

describe('rootFontSize', () => {
  it('is 16px at the design width and scales linearly', () => {
    expect(rootFontSize(1920)).toBe(16);
    expect(rootFontSize(2880)).toBe(24);
    expect(rootFontSize(1440)).toBe(12);
  });

  it('is capped at 2 × 16px', () => {
    expect(rootFontSize(3840)).toBe(32);
    expect(rootFontSize(7680)).toBe(32);
    expect(rootFontSize(Number.POSITIVE_INFINITY)).toBe(32);
  });

  it('never goes below 12px so that small phones stay readable', () => {
    expect(MIN_FONT_SIZE).toBe(12);
    expect(rootFontSize(1439)).toBe(12);
    expect(rootFontSize(375)).toBe(12);
    expect(rootFontSize(0)).toBe(12);
    expect(rootFontSize(-100)).toBe(12);
    expect(rootFontSize(Number.NaN)).toBe(16);
  });

  it('property: within [12, 32] and monotonic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        expect(rootFontSize(small)).toBeGreaterThanOrEqual(12);
        expect(rootFontSize(large)).toBeLessThanOrEqual(32);
        expect(rootFontSize(small)).toBeLessThanOrEqual(rootFontSize(large));
      }),
    );
  });
});

describe('isPublicRoute', () => {
  it('lists the 13 public routes of the spec', () => {
    // the spec's 13, and /record/linked (issue 16: the printable glucose–insulin linked chart)
    expect(PUBLIC_ROUTES).toHaveLength(14);
    for (const route of PUBLIC_ROUTES) expect(isPublicRoute(route), route).toBe(true);
  });

  it('ignores the query and hash and tolerates a trailing slash', () => {
    expect(isPublicRoute('/trend?id=145')).toBe(true);
    expect(isPublicRoute('/record#top')).toBe(true);
    expect(isPublicRoute('/login/')).toBe(true);
    expect(isPublicRoute('/login/?redirect=/index')).toBe(true);
    expect(isPublicRoute('/bigcharts/screen/#x')).toBe(true);
  });

  it('matches exactly otherwise', () => {
    for (const path of [
      '/',
      '',
      '/index',
      '/404',
      '/test',
      '/LOGIN',
      'login',
      '/record/1',
      '/record/inspect/x',
      '/bigchart',
      '/loginx',
      '/x/login',
      '?/login',
    ]) {
      expect(isPublicRoute(path), path).toBe(false);
    }
  });
});
