import { describe, expect, it } from 'vitest';
import { distributionBandOf, SCREEN_LINK_TOKEN, screenLinkPath, screenRate } from './index';

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

  it('gives rates as fractions to 4 decimals, none without readings', () => {
    expect(screenRate(2, 3)).toBe(0.6667);
    expect(screenRate(1, 3)).toBe(0.3333);
    expect(screenRate(2, 12)).toBe(0.1667);
    expect(screenRate(0, 5)).toBe(0);
    expect(screenRate(0, 0)).toBeNull();
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
