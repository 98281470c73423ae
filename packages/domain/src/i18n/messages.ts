/**
 * Messages the API answers with and the web shows for validation: one catalogue per language,
 * identical key sets (checked by messages.test.ts). Keys are stable identifiers; the server picks
 * the language from Accept-Language, the web from the user's choice.
 */
import { enUS, type MessageKey } from './en-US';
import { DEFAULT_LANG, type Lang } from './languages';
import { zhCN } from './zh-CN';

export type { MessageKey } from './en-US';
export * from './languages';

export const messages: Record<Lang, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(enUS, value);
}

/** Message text for a key in a language, with {{name}} placeholders filled. */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const template = messages[lang][key] ?? messages[DEFAULT_LANG][key];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
