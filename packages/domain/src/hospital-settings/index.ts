export * from './catalogues';
export * from './crisis';
export * from './periods';
export * from './pump-strategy';
export * from './shifts';
export * from './strategy';
export * from './system';
