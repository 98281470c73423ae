import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { browserLanguage, initLanguage, LANGUAGE_STORAGE_KEY, setLanguage } from './index';

describe('the first language', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    await i18n.changeLanguage('en-US');
  });

  it('reads the browser’s list: any Chinese as zh-CN, English as en-US, the first that is either', () => {
    expect(browserLanguage(['zh-CN'])).toBe('zh-CN');
    expect(browserLanguage(['zh-TW', 'en-US'])).toBe('zh-CN');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en-US');
    expect(browserLanguage(['fr-FR', 'zh-Hans-CN'])).toBe('zh-CN');
    expect(browserLanguage(['fr-FR', 'de'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('starts in the browser’s language when the user has not chosen one, over the configured default', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'zh']);
    expect(await initLanguage('en-US')).toBe('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('takes the configured default when the browser asks for neither language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(await initLanguage('zh-CN')).toBe('zh-CN');
    expect(await initLanguage()).toBe('en-US');
  });

  it('keeps the user’s own choice over the browser', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    await setLanguage('en-US');
    expect(await initLanguage('zh-CN')).toBe('en-US');
  });
});
