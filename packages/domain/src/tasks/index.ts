export * from './day';
export * from './plan';
export * from './query';
