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

/**
 * Glucose event types (meal, exercise, ...). Patient glucose events will refer to them and to their
 * items, so both are deleted by setting `deleted_at`.
 */
export const gluEvents = pgTable(
  'glu_events',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    ...twoNames(),
    sort: integer('sort').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('glu_events_code_uq').on(t.tenantId, t.code).where(sql`${t.deletedAt} is null`),
    oneNameAtLeast('glu_events', t),
  ],
);

/** The options of an event, each with an optional SVG icon (stored sanitised). */
export const gluEventItems = pgTable(
  'glu_event_items',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    ...twoNames(),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** the sanitised SVG document, or null */
    icon: text('icon'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('glu_event_items_code_uq')
      .on(t.tenantId, t.eventId, t.code)
      .where(sql`${t.deletedAt} is null`),
    index('glu_event_items_event_idx').on(t.tenantId, t.eventId),
    oneNameAtLeast('glu_event_items', t),
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [gluEvents.tenantId, gluEvents.id] }),
  ],
);
