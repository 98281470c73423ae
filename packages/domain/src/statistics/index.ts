export * from './query';
