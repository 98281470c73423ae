/** Announces new critical values of the user's departments (mounted on the inpatient list). */
export function CriticalAlert() {
  return null;
}
