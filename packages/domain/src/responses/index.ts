// Response schemas of the API (zod), one file per area. The server declares them on its routes (and the
// tests check every answer against them); the web imports their types only (`import type`), so none of
// this reaches the browser's bundle.
export * from './envelope';
export * from './imports';
