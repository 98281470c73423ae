export * from './glucometrics';
export * from './membership';
export * from './review';
export * from './settings';
export * from './statistics-query';
