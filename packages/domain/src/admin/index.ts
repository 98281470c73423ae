export * from './audit-kinds';
export * from './catalogues';
export * from './import';
export * from './permissions';
export * from './pumps';
export * from './schemas';
export * from './staff-expiry';
