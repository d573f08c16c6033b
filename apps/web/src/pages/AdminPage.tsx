import { PendingScreen } from "../components/layout/PendingScreen";

// Placeholder: this screen is built in its own issue.
export function AdminPage() {
  return <PendingScreen title="Admin Dashboard" />;
}
