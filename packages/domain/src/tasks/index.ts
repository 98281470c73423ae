export * from './day';
export * from './handover';
export * from './monitoring';
export * from './plan';
export * from './pump-reminders';
export * from './query';
