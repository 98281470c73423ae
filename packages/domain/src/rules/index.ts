export * from './admin';
export * from './glucose';
export * from './names';
export * from './orders';
export * from './patient';
export * from './pump';
export * from './qc';
export * from './settings';
