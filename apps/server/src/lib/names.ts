import { type Lang, type NameFields, namesFromBody, type TwoNames } from '@glucocare/domain';
import { AppError } from '../http/errors';

/**
 * The Chinese and English names to store from a create or update body sent in `lang`, over `current`
 * on an update (packages/domain `namesFromBody`). 400 when the body would leave the entry without a
 * name (it cleared the only one): the body alone cannot tell, so the schema's rule is checked again here.
 */
export function storedNames(body: NameFields, lang: Lang, current?: TwoNames) {
  const names = namesFromBody(body, lang, current);
  if (!names.nameZh && !names.nameEn) throw new AppError(400, 'settings.name.required');
  return names;
}
