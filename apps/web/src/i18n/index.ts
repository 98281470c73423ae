import {
  DEFAULT_LANG,
  isMessageKey,
  LANGUAGES,
  type Lang,
  type MessageKey,
  messages,
} from '@glucocare/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

export const LANGUAGE_STORAGE_KEY = 'language';
/** The namespace holding the domain catalogue (API and validation messages; keys contain dots). */
export const DOMAIN_NS = 'domain';

export const locales: Record<Lang, Record<string, unknown>> = { 'en-US': enUS, 'zh-CN': zhCN };

void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { translation: enUS, [DOMAIN_NS]: messages['en-US'] },
    'zh-CN': { translation: zhCN, [DOMAIN_NS]: messages['zh-CN'] },
  },
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
  return isMessageKey(text) ? msg(text, params) : text;
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

/**
 * The browser's language as one of LANGUAGES: the first of `navigator.languages` that is Chinese
 * (any `zh*`: zh-CN, zh-TW, zh-Hans...) or English; null when it lists neither.
 */
export function browserLanguage(languages: readonly string[] = browserLanguages()): Lang | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return null;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * Picks the user's saved choice, else the browser's language, else the configured default, else
 * en-US, and applies it.
 */
export async function initLanguage(configDefault?: Lang): Promise<Lang> {
  const lang = storedLanguage() ?? browserLanguage() ?? configDefault ?? DEFAULT_LANG;
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
  applyLanguageSideEffects(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
