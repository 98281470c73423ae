export * from './display';
export * from './query';
