export * from './handling';
export * from './loop';
