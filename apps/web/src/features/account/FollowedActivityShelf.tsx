// Home's 'From people you follow': what followed listeners did and followed artists released, the newest few.
import { Section } from "../../ui/layout/Section";
import { ActivityList } from "./ActivityList";
import { useFollowedActivity } from "./activity";

/** How many entries the shelf shows; the rest are on each listener's profile. */
export const SHELF_ENTRIES = 5;

export function FollowedActivityShelf() {
  const activity = useFollowedActivity(SHELF_ENTRIES);
  return (
    <Section title="From people you follow" testId="home-section-following-activity">
      <ActivityList
        activity={activity}
        label="From people you follow"
        emptyText="Follow listeners and artists to see their new playlists, likes and releases here."
        max={SHELF_ENTRIES}
      />
    </Section>
  );
}
