export * from './admission';
export * from './display';
export * from './outpatient';
export * from './time-zone';
