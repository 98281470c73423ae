import { DEFAULT_LANG, LANGUAGES, type Lang, type MessageKey } from '@glucocare/domain/i18n';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'language';
/** The namespace holding the domain catalogue (API and validation messages; keys contain dots). */
export const DOMAIN_NS = 'domain';

/**
 * Each language's texts (this app's and the domain catalogue) and dayjs locale, loaded on demand: the
 * language in use first, another only when the user switches to it.
 */
const catalogues: Record<Lang, () => Promise<{ translation: object; domain: object; antd: Locale }>> = {
  'en-US': async () => {
    const [translation, domain, antd] = await Promise.all([
      import('./en-US.json'),
      import('@glucocare/domain/i18n/en-US'),
      import('antd/es/locale/en_US'),
    ]);
    return { translation: translation.default, domain: domain.enUS, antd: antd.default };
  },
  'zh-CN': async () => {
    const [translation, domain, antd] = await Promise.all([
      import('./zh-CN.json'),
      import('@glucocare/domain/i18n/zh-CN'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { translation: translation.default, domain: domain.zhCN, antd: antd.default };
  },
};
const antdLocales: Partial<Record<Lang, Locale>> = {};

void i18n.use(initReactI18next).init({
  resources: {},
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: ['translation', DOMAIN_NS],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads a language's texts once; later calls answer at once. */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { translation, domain, antd } = await catalogues[lang]();
  antdLocales[lang] = antd;
  i18n.addResourceBundle(lang, 'translation', translation);
  i18n.addResourceBundle(lang, DOMAIN_NS, domain);
}

/** Ant Design's texts (pickers, pagination, empty tables) in the language in use. */
export function antdLocale(): Locale | undefined {
  return antdLocales[currentLang()];
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language in use (always one of LANGUAGES). */
export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** A message of the domain catalogue (`@glucocare/domain` messages) in the current language. */
export function msg(key: MessageKey, params?: Record<string, string | number>): string {
  return i18n.t(key, { ns: DOMAIN_NS, keySeparator: false, ...params });
}

/** Translates a text that may be a domain message key (as zod schemas of the domain return them). */
export function msgOrText(text: string, params?: Record<string, string | number>): string {
  // every language's catalogue has the same keys, so the loaded one tells what is a key
  return i18n.exists(text, { ns: DOMAIN_NS, keySeparator: false }) ? msg(text as MessageKey, params) : text;
}

function storedLanguage(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

function applyLanguageSideEffects(lang: Lang): void {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Picks the saved language, else the configured default, else en-US, and applies it. */
export async function initLanguage(configDefault?: Lang): Promise<Lang> {
  const lang = storedLanguage() ?? configDefault ?? DEFAULT_LANG;
  await loadLanguage(lang);
  applyLanguageSideEffects(lang);
  await i18n.changeLanguage(lang);
  return lang;
}

/** Switches every text, antd and dayjs at once (no reload) and remembers the choice. */
export async function setLanguage(lang: Lang): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await loadLanguage(lang);
  applyLanguageSideEffects(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
