export default function PatientDetailPage() {
  return null;
}
