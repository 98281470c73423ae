export * from './day';
export * from './handover';
export * from './plan';
export * from './pump-reminders';
export * from './query';
