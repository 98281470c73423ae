export * from './entry';
export * from './totals';
