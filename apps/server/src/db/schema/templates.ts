import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Medical-order templates: a name, an order type (`24h`, `longTerm`, `temporary`) and an ordered list
 * of text items. Orders will refer to templates, so deletion sets `deleted_at`.
 */
export const orderTemplates = pgTable(
  'order_templates',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    adviceType: text('advice_type').notNull(),
    /** the content items in order: a JSON array of strings */
    content: jsonb('content').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('order_templates_name_uq')
      .on(t.tenantId, t.adviceType, t.name)
      .where(sql`${t.deletedAt} is null`),
    index('order_templates_type_idx').on(t.tenantId, t.adviceType),
  ],
);
