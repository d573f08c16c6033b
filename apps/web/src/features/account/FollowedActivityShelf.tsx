// Home's 'From people you follow': what followed listeners did and followed artists released, the newest few.
import { useT } from "../../i18n";
import { Section } from "../../ui/layout/Section";
import { ActivityList } from "./ActivityList";
import { useFollowedActivity } from "./activity";

/** How many entries the shelf shows; the rest are on each listener's profile. */
export const SHELF_ENTRIES = 5;

export function FollowedActivityShelf() {
  const t = useT();
  const activity = useFollowedActivity(SHELF_ENTRIES);
  return (
    <Section title={t("account.followedActivity")} testId="home-section-following-activity">
      <ActivityList
        activity={activity}
        label={t("account.followedActivity")}
        emptyText={t("account.followedActivityEmpty")}
        max={SHELF_ENTRIES}
      />
    </Section>
  );
}
