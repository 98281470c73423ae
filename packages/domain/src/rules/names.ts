/**
 * Names in both languages (issue 14) for the entries a user picks from a list: drugs and their
 * categories, glucose events and their items, patient tags, inspection packages and items. They follow
 * glucose periods and dictionary entries: a Chinese `nameZh` and an English `nameEn`, and a response's
 * `name` is the one in the request's language. Either name may be missing (a hospital enters what it
 * has), never both; a viewer sees the name in their language, else the other one.
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import type { Lang, MessageKey } from '../i18n/messages';
import { isBlank, lengthIn, optionalText } from './common';

/** An entry's two names (`null` or '' for a missing one). */
export interface TwoNames {
  nameZh?: string | null;
  nameEn?: string | null;
}

/**
 * The name to show in `lang`: the English name in en-US, the Chinese one in zh-CN, the other when
 * that one is missing ('' when both are). Every screen, export and response picks names this way.
 */
export function localName(names: TwoNames, lang: Lang): string {
  const zh = names.nameZh ?? '';
  const en = names.nameEn ?? '';
  return lang === 'en-US' ? en || zh : zh || en;
}

/** One optional name: trimmed, within `limit` when given; null and '' both mean none. */
export function optionalName(limit: LengthLimit, lengthKey: MessageKey) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    optionalText().check(lengthIn(limit, lengthKey)).nullish(),
  );
}

/**
 * The name fields of a catalogue body: `nameZh` and `nameEn` (each {@link optionalName}, with the
 * English name allowed more room where §5's limits are sized for Chinese), and `name`, the name in the
 * request's language, as clients that know one name send it (an explicit `nameZh`/`nameEn` wins);
 * `name` keeps the limit the single name always had, the Chinese one.
 */
export function twoNameFields(zh: LengthLimit, en: LengthLimit, lengthKey: MessageKey) {
  return {
    name: optionalName(zh, lengthKey),
    nameZh: optionalName(zh, lengthKey),
    nameEn: optionalName(en, lengthKey),
  };
}
export type NameFields = { name?: string | null; nameZh?: string | null; nameEn?: string | null };

/**
 * The "at least one name" messages of the catalogues: their bodies' rule ({@link requireOneName})
 * and their forms' (which check the two names field by field).
 */
export const NAME_REQUIRED = {
  drug: 'admin.drug.name.required',
  setting: 'settings.name.required',
  tag: 'settings.tag.required',
} as const satisfies Record<string, MessageKey>;

/**
 * The "at least one name" rule of {@link twoNameFields}: with none, `requiredKey` on `name` (the
 * message a single-name form gave). Use as `.superRefine(requireOneName(key), nameFieldsValid)`.
 */
export function requireOneName(requiredKey: MessageKey) {
  return (value: NameFields, ctx: z.core.$RefinementCtx) => {
    if (isBlank(value.name) && isBlank(value.nameZh) && isBlank(value.nameEn)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: requiredKey });
    }
  };
}

/**
 * The names to store from a body of {@link twoNameFields} sent in `lang`, over `current` (the stored
 * names on an update, none on a create): a field left out keeps its name, null or '' clears it, and
 * `name` sets the request language's one unless that is given itself.
 */
export function namesFromBody(
  body: NameFields,
  lang: Lang,
  current: TwoNames = {},
): { nameZh: string | null; nameEn: string | null } {
  const own = lang === 'zh-CN' ? 'nameZh' : 'nameEn';
  const pick = (key: 'nameZh' | 'nameEn') => {
    const explicit = body[key];
    if (explicit !== undefined) return explicit || null;
    if (key === own && body.name !== undefined) return body.name || null;
    return current[key] ?? null;
  };
  return { nameZh: pick('nameZh'), nameEn: pick('nameEn') };
}

/** The two names in a response, and `name`, the one in the request's language ({@link localName}). */
export const twoNamesResponse = {
  name: z.string(),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
};

/** The names of an entry as a response carries them ({@link twoNamesResponse}). */
export type NamesView = z.infer<z.ZodObject<typeof twoNamesResponse>>;

/** A response's names from the stored two: `name` in `lang`, then both. */
export function namesView(names: TwoNames, lang: Lang): NamesView {
  return { name: localName(names, lang), nameZh: names.nameZh ?? null, nameEn: names.nameEn ?? null };
}

/** {@link namesView} of an entry found by a join, which may have found none: then `name` is null. */
export function joinedNamesView(names: TwoNames, lang: Lang) {
  const view = namesView(names, lang);
  return { ...view, name: view.name || null };
}
