export * from './admin';
export * from './glucose';
export * from './orders';
export * from './page-param';
export * from './patient';
export * from './pump';
export * from './qc';
export * from './settings';
