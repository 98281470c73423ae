// Response schemas of the API (zod), one file per area. The server declares them on its routes (and the
// tests check every answer against them); the web imports their types only (`import type`), so none of
// this reaches the browser's bundle.

export * from './analysis';
export * from './audit';
export * from './auth';
export * from './consultations';
export * from './crisis';
export * from './critical';
export * from './departments';
export * from './dictionaries';
export * from './drugs';
export * from './envelope';
export * from './events';
export * from './files';
export * from './frequencies';
export * from './handover';
export * from './imports';
export * from './inspection';
export * from './insulin';
export * from './live';
export * from './measurements';
export * from './medication';
export * from './menus';
export * from './patient-orders';
export * from './patients';
export * from './periods';
export * from './pump-reminders';
export * from './pumps';
export * from './records';
export * from './review';
export * from './roles';
export * from './settings';
export * from './statistics';
export * from './suggestions';
export * from './system';
export * from './tags';
export * from './targets';
export * from './tasks';
export * from './templates';
export * from './tenants';
export * from './units';
export * from './users';
