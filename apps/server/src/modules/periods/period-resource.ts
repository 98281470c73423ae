import type { Lang, MessageKey } from '@glucocare/domain';
import { asc } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceTable } from '../../lib/resource';

/** What glucose and insulin periods share: a code, names in both languages, a sort, a time window, a switch. */
interface PeriodRow {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
  version: number;
  updatedAt: Date;
}
type PeriodTable = ResourceTable & { code: PgColumn; sort: PgColumn; isActive: PgColumn };

/** The fields both kinds of period show and audit. */
export function periodFields(row: PeriodRow) {
  return {
    id: row.id,
    code: row.code,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    sort: row.sort,
    startTime: row.startTime,
    endTime: row.endTime,
    isActive: row.isActive,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The period's name in the reader's language. */
export const periodName = (row: PeriodRow, lang: Lang) => (lang === 'zh-CN' ? row.nameZh : row.nameEn);

/**
 * What both kinds of period declare alike as a resource: codes unique in the tenant, listed by sort
 * then code (the order `periodAt` needs to resolve overlapping windows), filtered by the switch. Each
 * kind calls `defineResource` itself with its audit entity written out, which the audit test reads.
 */
export function periodDeclaration<T extends PeriodTable>(table: T, codeTaken: MessageKey) {
  return {
    table,
    unique: { fields: ['code'] as never[], message: codeTaken },
    filters: { isActive: table.isActive },
    orderBy: [asc(table.sort), asc(table.code)],
  };
}
