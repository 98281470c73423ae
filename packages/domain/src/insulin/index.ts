export * from './entry';
export * from './linked-chart';
export * from './totals';
export * from './upload';
