import type { LengthLimit } from '@glucocare/domain/constants';
import type { MessageKey } from '@glucocare/domain/messages';
import { localName, type TwoNames } from '@glucocare/domain/rules';
import { Col, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLang, msg } from '../i18n';
import { zodRule } from './form-rules';

/**
 * Names in both languages on screen (issue 14): drugs, glucose events, patient tags and the other
 * entries users pick from lists carry a Chinese and an English name; every screen shows the one of
 * the language on screen now, else the other (domain `localName`). Read at render time, so a
 * language switch changes them at once, without asking the server again.
 */
export function shownName(names: TwoNames): string {
  return localName(names, currentLang());
}

/** {@link shownName} of a linked entry whose names a response carries under a prefix (`categoryNameZh`). */
export function shownLinkedName<P extends string>(
  row: { [K in `${P}NameZh` | `${P}NameEn`]?: string | null },
  prefix: P,
): string {
  const names = row as Record<string, string | null | undefined>;
  return shownName({ nameZh: names[`${prefix}NameZh`], nameEn: names[`${prefix}NameEn`] });
}

/** The two name fields' values in a form ('' for none). */
export interface NameValues {
  nameZh?: string;
  nameEn?: string;
}

/** A record's names as form values. */
export function nameValuesOf(names: TwoNames): Required<NameValues> {
  return { nameZh: names.nameZh ?? '', nameEn: names.nameEn ?? '' };
}

/** The form values of a group of entries (a drug category, a glucose event): code, names, sort. */
export interface CodedNameValues extends NameValues {
  code: string;
  sort?: number | null;
}

/** A group's code, names and sort as form values. */
export function codedNameValuesOf(group: TwoNames & { code: string; sort: number }): CodedNameValues {
  return { code: group.code, ...nameValuesOf(group), sort: group.sort };
}

/** The names a form sends: trimmed, null for a blank one (the API clears it). */
export function namesInput(values: NameValues): { nameZh: string | null; nameEn: string | null } {
  return { nameZh: values.nameZh?.trim() || null, nameEn: values.nameEn?.trim() || null };
}

/**
 * "At least one name" of the body's rule (domain `NAME_REQUIRED`), checked on the field of the
 * language on screen: that is the one a person fills first, the other may stay empty.
 */
function oneNameRule(other: keyof NameValues, requiredKey: MessageKey): Rule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const blank = (text: unknown) => typeof text !== 'string' || text.trim() === '';
      if (blank(value) && blank(form.getFieldValue(other))) throw new Error(msg(requiredKey));
    },
  });
}

/**
 * The Chinese and English name fields of a catalogue form (`nameZh`, `nameEn`), each checked by the
 * body's own schema (`fields`, the domain's name fields), one of them required.
 */
export function NameFields({
  fields,
  limits,
  requiredKey,
  span = 12,
}: {
  fields: { nameZh: z.ZodType; nameEn: z.ZodType };
  limits: { zh: LengthLimit; en: LengthLimit };
  requiredKey: MessageKey;
  /** the width of each field on a wide screen (a phone gives each the whole row) */
  span?: number;
}) {
  const { t } = useTranslation();
  const own: keyof NameValues = currentLang() === 'zh-CN' ? 'nameZh' : 'nameEn';
  const field = (name: keyof NameValues, other: keyof NameValues, limit: LengthLimit, lang: string) => (
    <Col xs={24} sm={span}>
      <Form.Item
        name={name}
        label={t(name === 'nameZh' ? 'names.zh' : 'names.en')}
        dependencies={[other]}
        required={name === own}
        rules={[
          zodRule(fields[name], { optional: true }),
          ...(name === own ? [oneNameRule(other, requiredKey)] : []),
        ]}
      >
        <Input maxLength={limit.max} showCount autoComplete="off" lang={lang} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      {field('nameZh', 'nameEn', limits.zh, 'zh')}
      {field('nameEn', 'nameZh', limits.en, 'en')}
    </>
  );
}

/** A patient tag option's names: `tag` is the text patients store, `tagZh`/`tagEn` its two names. */
export interface TagNames {
  tag: string;
  tagZh: string | null;
  tagEn: string | null;
}

/** A tag option's name on screen; a tag named in neither language shows its text. */
export function shownTagName(option: TagNames): string {
  return shownName({ nameZh: option.tagZh, nameEn: option.tagEn }) || option.tag;
}

/**
 * A tag a patient carries (the text it was given) as shown: the name of the option with that text,
 * or the text as stored when no option has it (the tag was removed from the choices since).
 */
export function shownPatientTag(tag: string, options?: ReadonlyMap<string, TagNames>): string {
  const option = options?.get(tag);
  return option ? shownTagName(option) : tag;
}
