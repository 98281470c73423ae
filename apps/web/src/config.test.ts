import { describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG, parseRuntimeConfig } from './config';

describe('parseRuntimeConfig', () => {
  it('reads the fields the server sends', () => {
    expect(
      parseRuntimeConfig({
        title: 'GlucoCare',
        titles: { 'en-US': 'GlucoCare', 'zh-CN': '糖护·血糖管理', fr: 'x' },
        baseUrl: '/app-service/',
        defaultLanguage: 'zh-CN',
        methodOverride: true,
        publicKey: 'PEM',
      }),
    ).toEqual({
      title: 'GlucoCare',
      titles: { 'en-US': 'GlucoCare', 'zh-CN': '糖护·血糖管理' },
      baseUrl: '/app-service',
      defaultLanguage: 'zh-CN',
      methodOverride: true,
      publicKey: 'PEM',
    });
  });

  it('keeps the fallbacks for missing or wrong fields', () => {
    expect(parseRuntimeConfig(null)).toEqual(FALLBACK_CONFIG);
    expect(parseRuntimeConfig({ defaultLanguage: 'fr-FR', methodOverride: 'yes', baseUrl: 3 })).toEqual(
      FALLBACK_CONFIG,
    );
  });
});
