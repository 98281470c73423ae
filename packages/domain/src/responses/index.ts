// Response schemas of the API (zod), one file per area. The server declares them on its routes (and the
// tests check every answer against them); the web imports their types only (`import type`), so none of
// this reaches the browser's bundle.

export * from './audit';
export * from './auth';
export * from './departments';
export * from './dictionaries';
export * from './drugs';
export * from './envelope';
export * from './events';
export * from './frequencies';
export * from './menus';
export * from './roles';
export * from './suggestions';
export * from './system';
export * from './tags';
export * from './templates';
export * from './tenants';
export * from './units';
export * from './users';
