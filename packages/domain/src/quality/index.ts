// QC (issue 19). The record, lot and analyzer schemas of spec §5 are in rules/qc.ts (`@glucocare/domain/rules`).

export * from './accuracy';
export * from './lockout';
export * from './records';
export * from './registry';
export * from './reports';
export * from './statistics';
export * from './strategy';
export * from './westgard';
