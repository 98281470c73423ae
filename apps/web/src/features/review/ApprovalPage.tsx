export default function ApprovalPage() {
  return null;
}
