// Response schemas of the API (zod), one file per area. The server declares them on its routes (and the
// tests check every answer against them); the web imports their types only (`import type`), so none of
// this reaches the browser's bundle.

export * from './analysis';
export * from './crisis';
export * from './critical';
export * from './envelope';
export * from './files';
export * from './inspection';
export * from './measurements';
export * from './patients';
export * from './periods';
export * from './records';
export * from './review';
export * from './settings';
export * from './statistics';
export * from './targets';
export * from './tasks';
