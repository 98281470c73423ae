export * from './classification';
