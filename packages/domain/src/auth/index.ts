export * from './password-policy';
export * from './schemas';
