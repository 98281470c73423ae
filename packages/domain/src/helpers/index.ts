export * from './chunk';
export * from './compare';
export * from './date-range';
export * from './glucose';
export * from './link';
export * from './numeric-input';
export * from './round';
export * from './target-range';
export { localMinuteOfDay, zonedFormat } from './zoned-format';
