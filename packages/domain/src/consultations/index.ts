export * from './consultation';
