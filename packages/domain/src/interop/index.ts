export * from './codes';
export * from './fhir';
export * from './hl7-time';
export * from './messages';
