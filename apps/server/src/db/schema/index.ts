export * from './security';
export * from './tenancy';
