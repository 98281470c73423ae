import { DEFAULT_LANG, LANGUAGES, type Lang } from '@glucocare/domain/i18n';

/** `/project.config.json`, served by the API server and read once at startup. */
export interface RuntimeConfig {
  title: string;
  titles: Partial<Record<Lang, string>>;
  /** API prefix, e.g. `/app-service` */
  baseUrl: string;
  defaultLanguage: Lang;
  /** PEM public key used to encrypt passwords before they are sent */
  publicKey: string;
  /** send PUT as POST and DELETE as GET with X-HTTP-Method-Override */
  methodOverride: boolean;
}

export const FALLBACK_CONFIG: RuntimeConfig = {
  title: 'GlucoCare',
  titles: {},
  baseUrl: '/app-service',
  defaultLanguage: DEFAULT_LANG,
  publicKey: '',
  methodOverride: false,
};

let current: RuntimeConfig = FALLBACK_CONFIG;

function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Normalises whatever the server sent; unknown or missing fields keep their fallbacks. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const data = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const titles: Partial<Record<Lang, string>> = {};
  if (data.titles && typeof data.titles === 'object') {
    for (const [lang, text] of Object.entries(data.titles as Record<string, unknown>)) {
      if (isLang(lang) && typeof text === 'string' && text) titles[lang] = text;
    }
  }
  return {
    title: typeof data.title === 'string' && data.title ? data.title : FALLBACK_CONFIG.title,
    titles,
    baseUrl: typeof data.baseUrl === 'string' ? data.baseUrl.replace(/\/+$/, '') : FALLBACK_CONFIG.baseUrl,
    defaultLanguage: isLang(data.defaultLanguage) ? data.defaultLanguage : DEFAULT_LANG,
    publicKey: typeof data.publicKey === 'string' ? data.publicKey : '',
    methodOverride: data.methodOverride === true,
  };
}

/** Fetches `/project.config.json`; a missing file leaves the fallbacks in place. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/project.config.json', { cache: 'no-cache' });
    current = response.ok ? parseRuntimeConfig(await response.json()) : FALLBACK_CONFIG;
  } catch {
    current = FALLBACK_CONFIG;
  }
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The application title in a language (`titles[lang]`, else `title`). */
export function appTitle(lang: string): string {
  return (isLang(lang) && current.titles[lang]) || current.title;
}
