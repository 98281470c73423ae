export default function DataManagementPage() {
  return null;
}
