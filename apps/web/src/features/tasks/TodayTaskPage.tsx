export default function TodayTaskPage() {
  return null;
}
