export * from './agp';
export * from './common';
export * from './fluctuation';
export * from './standard-day';
export * from './test-trend';
export * from './tir-bar';
export * from './trend-by-period';
