/** Issue-4 hospital settings page (being written). */
export default function SymptomSettingsPage() {
  return null;
}
