export default function DischargedPage() {
  return null;
}
