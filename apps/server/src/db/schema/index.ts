export * from './dictionaries';
export * from './drugs';
export * from './events';
export * from './hospital-settings';
export * from './security';
export * from './suggestions';
export * from './templates';
export * from './tenancy';
