/**
 * Languages and message keys without the catalogues themselves: the web loads the catalogue of the
 * language in use (./en-US, ./zh-CN) on demand; the server takes both from ./messages.
 */
export type { MessageKey } from './en-US';
export * from './languages';
