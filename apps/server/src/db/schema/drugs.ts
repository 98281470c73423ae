import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneNameAtLeast, twoNames } from './names';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Drug categories (classes): deleted outright, but only while no drug uses them. */
export const drugCategories = pgTable(
  'drug_categories',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    ...twoNames(),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('drug_categories_code_uq').on(t.tenantId, t.code),
    oneNameAtLeast('drug_categories', t),
  ],
);

/**
 * The drug dictionary. Orders will refer to drugs, so a drug is never removed: deletion sets
 * `deleted_at`, and the code becomes free for a new drug.
 */
export const drugs = pgTable(
  'drugs',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    shortCode: text('short_code'),
    ...twoNames(),
    unit: text('unit').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }),
    specification: text('specification'),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('drugs_code_uq').on(t.tenantId, t.code).where(sql`${t.deletedAt} is null`),
    index('drugs_category_idx').on(t.tenantId, t.categoryId),
    oneNameAtLeast('drugs', t),
    foreignKey({
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [drugCategories.tenantId, drugCategories.id],
    }),
  ],
);
