export * from './handling';
