export * from './medical';
