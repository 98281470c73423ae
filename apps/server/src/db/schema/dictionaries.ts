import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Tenant-editable dictionary entries (untested reasons, rejection reasons, meter parameters, ...),
 * grouped by `type`. Records will store an entry's code, so deletion sets `deleted_at`.
 */
export const dictEntries = pgTable(
  'dict_entries',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** a number as decimal text ("12", "-0.5"), or null */
    value: text('value'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dict_entries_code_uq').on(t.tenantId, t.type, t.code).where(sql`${t.deletedAt} is null`),
    index('dict_entries_type_idx').on(t.tenantId, t.type, t.sort),
  ],
);
