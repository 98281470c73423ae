import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The management-suggestion library of the virtual ward: texts a doctor picks from. A record copies
 * the text it uses, so a suggestion is deleted outright.
 */
export const managementSuggestions = pgTable(
  'management_suggestions',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** diet, exercise, medication, monitoring or education */
    category: text('category').notNull(),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('management_suggestions_category_idx').on(t.tenantId, t.category, t.sort),
  ],
);
