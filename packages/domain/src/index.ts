// The whole package, for the server. The web imports the sub-paths (package.json "exports") so a page
// loads only the rules it uses.
export * from './admin';
export * from './analytics';
export * from './auth';
export * from './clinical';
export * from './constants';
export * from './consultations';
export * from './critical';
export * from './helpers';
export * from './hospital-settings';
export * from './i18n/messages';
export * from './insulin';
export * from './interop';
export * from './measurements';
export * from './medication';
export * from './orders';
export * from './patients';
export * from './quality';
export * from './records';
export * from './review';
export * from './rules';
export * from './statistics';
export * from './tasks';
export * from './validation';
export * from './virtual-ward';
