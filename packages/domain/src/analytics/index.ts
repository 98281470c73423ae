/**
 * Glucose analytics: pure functions, mmol/L in and out (readings in mg/dL are converted on the way in),
 * never rounded inside (round for display with `roundMetrics`).
 */
export * from './a1c';
export * from './daily';
export * from './mage';
export * from './query';
export * from './ranges';
export * from './readings';
export * from './report';
export * from './segments';
export * from './stats';
