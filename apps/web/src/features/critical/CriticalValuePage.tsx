export default function CriticalValuePage() {
  return null;
}
