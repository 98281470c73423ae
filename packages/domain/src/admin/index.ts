export * from './audit-kinds';
export * from './catalogues';
export * from './schemas';
export * from './staff-expiry';
