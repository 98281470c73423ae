import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, text } from 'drizzle-orm/pg-core';

/**
 * The Chinese and English names of an entry users pick from a list (as glucose periods and dictionary
 * entries have them; packages/domain `localName` picks one): either may be missing, never both
 * ({@link oneNameAtLeast}).
 */
export const twoNames = () => ({ nameZh: text('name_zh'), nameEn: text('name_en') });
export const oneNameAtLeast = (table: string, t: { nameZh: AnyPgColumn; nameEn: AnyPgColumn }) =>
  check(`${table}_name_check`, sql`${t.nameZh} is not null or ${t.nameEn} is not null`);
