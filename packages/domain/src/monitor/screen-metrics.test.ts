import { describe, expect, it } from 'vitest';
import { distributionBandOf, glucoseRates, SCREEN_LINK_TOKEN, screenLinkPath } from './index';

describe('wall-screen metrics', () => {
  it('bands a glucose value by its lower limits, each limit in the higher band', () => {
    expect([2.1, 3.89, 3.9, 9.99, 10, 13.89, 13.9, 33].map(distributionBandOf)).toEqual([
      'below3_9',
      'below3_9',
      'from3_9to10',
      'from3_9to10',
      'from10to13_9',
      'from10to13_9',
      'from13_9',
      'from13_9',
    ]);
  });

  it('gives the abnormal and critical ratios as unrounded fractions, none without readings', () => {
    // 12 readings: 1 low, 1 critically low, 2 high, 0 critically high → abnormal 4/12, critical 1/12
    expect(glucoseRates({ tests: 12, low: 1, criticalLow: 1, high: 2, criticalHigh: 0 })).toEqual({
      abnormalRate: 4 / 12,
      criticalRate: 1 / 12,
    });
    // all normal: 0, not null
    expect(glucoseRates({ tests: 5, low: 0, criticalLow: 0, high: 0, criticalHigh: 0 })).toEqual({
      abnormalRate: 0,
      criticalRate: 0,
    });
    // every reading critical: 1
    expect(glucoseRates({ tests: 2, low: 0, criticalLow: 1, high: 0, criticalHigh: 1 })).toEqual({
      abnormalRate: 1,
      criticalRate: 1,
    });
    expect(glucoseRates({ tests: 0, low: 0, criticalLow: 0, high: 0, criticalHigh: 0 })).toEqual({
      abnormalRate: null,
      criticalRate: null,
    });
  });
});

describe('screen link tokens and URLs', () => {
  it('accepts tenant.id.mac and nothing looser', () => {
    const mac = 'a'.repeat(43);
    expect(SCREEN_LINK_TOKEN.test(`101.7.${mac}`)).toBe(true);
    for (const bad of [
      `101.07.${mac}`,
      `101.7.${mac}a`,
      `101..${mac}`,
      `1 01.7.${mac}`,
      `101.7.${'a'.repeat(42)}`,
    ]) {
      expect(SCREEN_LINK_TOKEN.test(bad), bad).toBe(false);
    }
  });

  it('puts the token on the variant’s page once', () => {
    expect(screenLinkPath('wards', '101.7.x-y_z')).toBe('/bigcharts/screen?link=101.7.x-y_z');
    expect(screenLinkPath('compact', 'a.b')).toBe('/bigcharts/old?link=a.b');
  });
});
