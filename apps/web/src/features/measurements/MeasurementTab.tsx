export interface MeasurementTabProps {
  patientId: number;
  item: 'GLU' | 'KET' | 'UA';
}

/** A patient's readings of one item: the day × period grid, the list, entry, correction, deletion. */
export function MeasurementTab(_props: MeasurementTabProps) {
  return null;
}
