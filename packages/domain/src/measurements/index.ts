export * from './clock';
export * from './entry';
export * from './pivot';
export * from './query';
export * from './timing';
export * from './upload';
