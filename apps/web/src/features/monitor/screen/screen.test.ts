import { SCREEN_PANELS } from '@glucocare/domain/monitor';
import type { WardSummary } from '@glucocare/domain/responses';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { gridOf } from './layouts';
import { nextPage, pageCount, pageSlice, rowsThatFit, wardSteps } from './paging';
import { rankWards, whenText } from './panels';
import {
  bandRange,
  glucoseUnitCode,
  panelsOf,
  rateText,
  readingValueText,
  shareText,
  stageFit,
} from './screen-format';
import { adoptScreenLink, SCREEN_LINK_STORAGE_KEY } from './screen-link';

describe('the stage’s scale (1920×1080, at most 2×)', () => {
  it('fits the smaller ratio and centres the stage', () => {
    // 1280×720: both ratios 2/3
    expect(stageFit(1280, 720)).toEqual({ scale: 1280 / 1920, left: 0, top: 0 });
    // 1366×768: width ratio 0.7115, height 0.7111 → height; 1920·0.7111 = 1365.3, 0.35 px each side
    const tv = stageFit(1366, 768);
    expect(tv.scale).toBeCloseTo(768 / 1080, 6);
    expect(tv.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2, 6);
    expect(tv.top).toBe(0);
    // a tall window: width decides, letterboxed above and below (1080·0.5 = 540 → (1000 − 540)/2)
    expect(stageFit(960, 1000)).toEqual({ scale: 0.5, left: 0, top: 230 });
  });

  it('never enlarges beyond 2× (spec §9)', () => {
    // 7680×4320 would be 4×: 2×, centred: (7680 − 3840)/2, (4320 − 2160)/2
    expect(stageFit(7680, 4320)).toEqual({ scale: 2, left: 1920, top: 1080 });
  });
});

describe('paging of long lists', () => {
  it('counts pages, an empty list has one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(11, 5)).toBe(3);
  });

  it('slices a page; a page past the end (the list shrank) shows the last', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7];
    expect(pageSlice(rows, 3, 0)).toEqual([1, 2, 3]);
    expect(pageSlice(rows, 3, 2)).toEqual([7]);
    expect(pageSlice(rows, 3, 9)).toEqual([7]);
  });

  it('wraps to the first page after the last', () => {
    expect(nextPage(0, 3)).toBe(1);
    expect(nextPage(2, 3)).toBe(0);
    expect(nextPage(0, 1)).toBe(0);
  });

  it('fits whole rows into a box', () => {
    // 250 px of 46 px rows: 5 (230 px), the sixth would need 276
    expect(rowsThatFit(250, 46)).toBe(5);
    expect(rowsThatFit(10, 46)).toBe(1);
  });

  it('gives each ward as many steps as its longest list needs', () => {
    // A: 13 beds at 12 a page → 2 pages, 3 critical at 8 → 1: 2 steps; B: nothing: 1 step; C: 17 critical → 3
    const steps = wardSteps([
      {
        code: 'A',
        lists: [
          { count: 13, perPage: 12 },
          { count: 3, perPage: 8 },
        ],
      },
      {
        code: 'B',
        lists: [
          { count: 0, perPage: 12 },
          { count: 0, perPage: 8 },
        ],
      },
      {
        code: 'C',
        lists: [
          { count: 1, perPage: 12 },
          { count: 17, perPage: 8 },
        ],
      },
    ]);
    expect(steps.map((step) => `${step.code}${step.page}/${step.pages}`)).toEqual([
      'A0/2',
      'A1/2',
      'B0/1',
      'C0/3',
      'C1/3',
      'C2/3',
    ]);
  });
});

describe('the variants’ panels', () => {
  it('shows the strategy’s panels on the whole-hospital screen, in its order', () => {
    expect(panelsOf('hospital', ['weekly', 'overview'])).toEqual(['weekly', 'overview']);
    expect(panelsOf('hospital', [...SCREEN_PANELS])).toHaveLength(9);
  });

  it('keeps the fixed layouts’ panels the strategy keeps', () => {
    expect(panelsOf('compact', [...SCREEN_PANELS])).toEqual([
      'overview',
      'critical',
      'recent',
      'departments',
    ]);
    // a hospital that hides critical values hides them on every variant
    expect(panelsOf('compact', ['overview', 'recent', 'departments', 'weekly'])).toEqual([
      'overview',
      'recent',
      'departments',
    ]);
    expect(panelsOf('operations', [...SCREEN_PANELS])).toEqual([
      'weekly',
      'statistics',
      'departments',
      'distribution',
    ]);
    expect(panelsOf('wards', ['critical'])).toEqual(['critical']);
  });

  it('lays the whole hospital out in three columns and the others in two', () => {
    expect(gridOf('hospital', 9)).toEqual({ columns: 3, rows: 3 });
    expect(gridOf('hospital', 7)).toEqual({ columns: 3, rows: 3 });
    expect(gridOf('hospital', 2)).toEqual({ columns: 2, rows: 1 });
    expect(gridOf('compact', 4)).toEqual({ columns: 2, rows: 2 });
    expect(gridOf('operations', 3)).toEqual({ columns: 2, rows: 2 });
    expect(gridOf('compact', 1)).toEqual({ columns: 1, rows: 1 });
  });
});

describe('values in the hospital’s unit', () => {
  const reading = { item: 'GLU' as const, value: 12.4, enteredValue: null, enteredUnit: null };

  it('shows glucose in mmol/L or mg/dL as the hospital’s unit says', () => {
    expect(glucoseUnitCode('mmolL')).toBe('mmolL');
    expect(glucoseUnitCode('mgDl')).toBe('mgDl');
    expect(glucoseUnitCode('mg/dL')).toBe('mgDl');
    expect(readingValueText(reading, 'mmolL')).toBe('12.4');
    // 12.4 × 18 = 223.2 → 223 (mg/dL has no decimals)
    expect(readingValueText(reading, 'mgDl')).toBe('223');
    // what was entered in the display unit shows exactly: 100 mg/dL stays 100 (stored 5.5556)
    expect(
      readingValueText({ item: 'GLU', value: 100 / 18, enteredValue: 100, enteredUnit: 'mgDl' }, 'mgDl'),
    ).toBe('100');
    // ketone keeps its own unit whatever the glucose unit: two decimals
    expect(readingValueText({ item: 'KET', value: 1.2, enteredValue: null, enteredUnit: null }, 'mgDl')).toBe(
      '1.20',
    );
  });

  it('names the distribution’s bands in the unit (3.9, 10.0, 13.9 mmol/L = 70, 180, 250 mg/dL)', () => {
    expect(bandRange('below3_9', 'mmolL')).toBe('< 3.9');
    expect(bandRange('from3_9to10', 'mmolL')).toBe('3.9–10.0');
    expect(bandRange('from10to13_9', 'mmolL')).toBe('10.0–13.9');
    expect(bandRange('from13_9', 'mmolL')).toBe('≥ 13.9');
    // 3.9 × 18 = 70.2 → 70; 10 × 18 = 180; 13.9 × 18 = 250.2 → 250
    expect(bandRange('below3_9', 'mgDl')).toBe('< 70');
    expect(bandRange('from10to13_9', 'mgDl')).toBe('180–250');
  });

  it('shows rates as percentages with one decimal, none without readings', () => {
    // 3 abnormal of 16 readings = 0.1875 → 18.8%
    expect(rateText(3 / 16)).toBe('18.8%');
    expect(rateText(0)).toBe('0.0%');
    expect(rateText(1)).toBe('100.0%');
    expect(rateText(null)).toBe('—');
    expect(shareText(1, 3)).toBe('33%');
    expect(shareText(0, 0)).toBe('0%');
  });

  it('shows times on the hospital’s clock, with the day when not today', () => {
    // 2026-03-05T01:30Z is 09:30 in Shanghai; 2026-03-04T15:59Z is 23:59 of the 4th there
    expect(whenText('2026-03-05T01:30:00Z', '2026-03-05', 'Asia/Shanghai')).toBe('09:30');
    expect(whenText('2026-03-04T15:59:00Z', '2026-03-05', 'Asia/Shanghai')).toBe('03-04 23:59');
  });
});

describe('the department ranking', () => {
  const ward = (code: string, abnormalRate: number | null, tests: number) =>
    ({ departmentCode: code, abnormalRate, tests }) as WardSummary;

  it('orders by abnormal rate, then readings, wards without readings last', () => {
    const ranked = rankWards([ward('A', 0.1, 10), ward('B', null, 0), ward('C', 0.5, 4), ward('D', 0.1, 30)]);
    expect(ranked.map((row) => row.departmentCode)).toEqual(['C', 'D', 'A', 'B']);
  });
});

describe('the screen link', () => {
  function place(href: string, stored: string | null = null) {
    const storage = new Map<string, string>(stored ? [[SCREEN_LINK_STORAGE_KEY, stored]] : []);
    const history = { state: { idx: 0 }, replaceState: vi.fn() };
    return {
      history,
      storage,
      place: {
        location: { href },
        history,
        storage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
        },
      },
    };
  }

  it('takes ?link= once, keeps it and removes it from the address', () => {
    const at = place('http://wall.local/bigcharts/screen?link=101.7.abc&x=1#top', 'old.token');
    expect(adoptScreenLink(at.place)).toBe('101.7.abc');
    expect(at.storage.get(SCREEN_LINK_STORAGE_KEY)).toBe('101.7.abc');
    expect(at.history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/bigcharts/screen?x=1#top');
  });

  it('uses the kept link when the address has none, and none when nothing was kept', () => {
    const kept = place('http://wall.local/bigcharts', '101.7.abc');
    expect(adoptScreenLink(kept.place)).toBe('101.7.abc');
    expect(kept.history.replaceState).not.toHaveBeenCalled();
    expect(adoptScreenLink(place('http://wall.local/bigcharts').place)).toBeNull();
  });
});

describe('texts', () => {
  it('has every screen text in both languages', () => {
    const keys = (value: unknown, prefix: string): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}.${key}`))
        : [prefix];
    const en = keys(i18n.getResource('en-US', 'translation', 'monitor.screen'), 'monitor.screen');
    const zh = keys(i18n.getResource('zh-CN', 'translation', 'monitor.screen'), 'monitor.screen');
    expect(en.length).toBeGreaterThan(50);
    expect(zh.sort()).toEqual(en.sort());
    expect(i18n.getFixedT('zh-CN')('route.bigcharts')).toBe('院内大屏');
  });
});
