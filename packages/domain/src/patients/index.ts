export * from './admission';
export * from './display';
export * from './time-zone';
