export * from './entry';
export * from './totals';
export * from './upload';
