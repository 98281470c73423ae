export * from './day';
export * from './handover';
export * from './plan';
export * from './query';
