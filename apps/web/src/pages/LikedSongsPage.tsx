import { PendingScreen } from "../components/layout/PendingScreen";

// Placeholder: this screen is built in its own issue.
export function LikedSongsPage() {
  return <PendingScreen title="Liked Songs" />;
}
