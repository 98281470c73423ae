import { DEFAULT_LANG, LANGUAGES, type Lang, type MessageKey } from '@glucocare/domain/i18n';
import type { Locale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'language';
/** The namespace holding the domain catalogue (API and validation messages; keys contain dots). */
export const DOMAIN_NS = 'domain';

/**
 * Each language's texts and locales, loaded on demand: the language in use first, another only when
 * the user switches to it. Of the texts (this app's and the domain's) the first screen's areas come
 * first (first-screen.ts); the rest once a page beyond the login page is wanted (`loadAllTexts`).
 */
type Texts = { default: { translation: object; domain: object } };

interface Catalogue {
  firstScreen: () => Promise<Texts>;
  rest: () => Promise<Texts>;
  /** antd's texts and (zh-CN) dayjs's */
  locales: () => Promise<Locale>;
}

const catalogues: Record<Lang, Catalogue> = {
  'en-US': {
    firstScreen: () => import('virtual:texts/en-US/first-screen'),
    rest: () => import('virtual:texts/en-US/rest'),
    locales: async () => (await import('antd/es/locale/en_US')).default,
  },
  'zh-CN': {
    firstScreen: () => import('virtual:texts/zh-CN/first-screen'),
    rest: () => import('virtual:texts/zh-CN/rest'),
    locales: async () => {
      const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
      return antd.default;
    },
  },
};
const antdLocales: Partial<Record<Lang, Locale>> = {};
/** each part of a language once, however many callers ask at the same time */
const loading = new Map<string, Promise<void>>();
let allTextsWanted = false;
let allTexts: Promise<void> | null = null;

function loadPart(lang: Lang, part: 'firstScreen' | 'rest' | 'locales'): Promise<void> {
  const key = `${lang} ${part}`;
  let pending = loading.get(key);
  if (!pending) {
    const catalogue = catalogues[lang];
    pending =
      part === 'locales'
        ? catalogue.locales().then((antd) => {
            antdLocales[lang] = antd;
          })
        : catalogue[part]().then(({ default: texts }) => {
            i18n.addResourceBundle(lang, 'translation', texts.translation, true, true);
            i18n.addResourceBundle(lang, DOMAIN_NS, texts.domain, true, true);
          });
    // a failed download may be retried by the next caller
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

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

/** Loads a language's texts (all of them once `loadAllTexts` was called); later calls answer at once. */
export async function loadLanguage(lang: Lang): Promise<void> {
  await Promise.all([
    loadPart(lang, 'firstScreen'),
    loadPart(lang, 'locales'),
    ...(allTextsWanted ? [loadPart(lang, 'rest')] : []),
  ]);
}

/** Every text of the language in use, and of any language switched to later: for the pages after login. */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  allTexts ??= (async () => {
    const lang = currentLang();
    await loadLanguage(lang);
    await applyLanguageSideEffects(lang);
  })().catch((error: unknown) => {
    allTexts = null;
    throw error;
  });
  return allTexts;
}

/** A lazily loaded page's module, answered once every text it may show has loaded too. */
export async function withAllTexts<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadAllTexts()]);
  return module;
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

async function applyLanguageSideEffects(lang: Lang): Promise<void> {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  // dates are shown only beyond the login page: dayjs comes with the rest of the texts
  if (allTextsWanted) {
    const { default: dayjs } = await import('dayjs');
    dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  }
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
  await loadLanguage(lang);
  await applyLanguageSideEffects(lang);
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
  await applyLanguageSideEffects(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
