import type { AuditEntity, Lang, MessageKey } from '@glucocare/domain';
import { asc } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { defineResource, type ResourceTable } from '../../lib/resource';

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
 * A kind of period as a resource: codes unique in the tenant, listed by sort then code (the order
 * `periodAt` needs to resolve overlapping windows), filtered by the switch.
 */
export function definePeriodResource<T extends PeriodTable>(
  table: T,
  declaration: {
    entity: AuditEntity;
    deletion: 'hard' | 'never';
    codeTaken: MessageKey;
    auditView: (row: T['$inferSelect']) => unknown;
  },
) {
  return defineResource({
    table,
    entity: declaration.entity,
    deletion: declaration.deletion,
    unique: { fields: ['code'] as never[], message: declaration.codeTaken },
    filters: { isActive: table.isActive },
    orderBy: [asc(table.sort), asc(table.code)],
    auditView: declaration.auditView,
  });
}
