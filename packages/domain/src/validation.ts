import { z } from 'zod';
import { isMessageKey, type Lang, translate } from './i18n/messages';

/** One field problem as the API returns it and the web shows it. */
export interface FieldError {
  field: string;
  message: string;
}

const zodLocales: Record<Lang, ReturnType<typeof z.locales.en>> = {
  'en-US': z.locales.en(),
  'zh-CN': z.locales.zhCN(),
};

function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if ('minimum' in issue && issue.minimum !== undefined) params.min = Number(issue.minimum);
  if ('maximum' in issue && issue.maximum !== undefined) params.max = Number(issue.maximum);
  // a custom issue may name what its message shows ({{from}}, {{other}}, ...)
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  return params;
}

/**
 * Validates `data` against `schema` and returns the problems in `lang`. Schemas in this package
 * carry message keys of `i18n/messages.ts` as their custom errors; every other issue (wrong type,
 * unknown key) gets zod's own wording for the language.
 */
export function localizedIssues(schema: z.ZodType, data: unknown, lang: Lang): FieldError[] {
  const result = schema.safeParse(data, { error: zodLocales[lang].localeError });
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: issue.message }));
    }
    const message = isMessageKey(issue.message)
      ? translate(lang, issue.message, issueParams(issue))
      : issue.message;
    return [{ field: base, message }];
  });
}

/** Text with no NUL character: PostgreSQL refuses it, so it is refused at the door. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
}
