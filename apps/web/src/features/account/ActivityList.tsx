// A list of activity entries, each a row leading to what it names: who did what, and when.
import { Skeleton, Text } from "@mantine/core";
import type { ActivityEntryDto } from "@purplebeats/contracts/schemas";
import { intlLocale, useLocale, useT } from "../../i18n";
import { CoverArt } from "../../ui/CoverArt";
import { LoadError } from "../../ui/layout/LoadError";
import { LoadMore } from "../../ui/layout/LoadMore";
import { describeActivity, formatAgo } from "./activity-format";
import { RowLink, RowList } from "./RowLink";
import { UserAvatar } from "./UserAvatar";
import { useListenerActivity } from "./activity";

export interface ActivityPages {
  data?: { pages: Array<{ items: ActivityEntryDto[] }> };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

export function ActivityRow({ entry }: { entry: ActivityEntryDto }) {
  const { t, locale } = useLocale();
  const line = describeActivity(entry, t);
  return (
    <RowLink
      to={line.to}
      picture={
        line.round ? (
          <UserAvatar name={line.who} imageUrl={line.imageUrl} size={48} />
        ) : (
          <CoverArt src={line.imageUrl} size={48} radius={6} />
        )
      }
      title={line.text}
      subtitle={formatAgo(entry.at, t, intlLocale(locale))}
    />
  );
}

/** `max`: show at most this many and no 'Show more' (Home's shelf). */
export function ActivityList({
  activity,
  label,
  emptyText,
  max,
}: {
  activity: ActivityPages;
  label: string;
  emptyText: string;
  max?: number;
}) {
  const t = useT();
  if (activity.isPending)
    return <Skeleton height={56} radius="md" aria-label={t("account.loadingList", { label })} />;
  if (activity.isError) return <LoadError error={activity.error} onRetry={() => void activity.refetch()} />;
  const all = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const entries = max === undefined ? all : all.slice(0, max);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <>
      <RowList label={label}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <ActivityRow entry={entry} />
          </li>
        ))}
      </RowList>
      {max === undefined && (
        <LoadMore
          hasMore={activity.hasNextPage}
          loading={activity.isFetchingNextPage}
          onLoadMore={() => void activity.fetchNextPage()}
        />
      )}
    </>
  );
}

/** A listener's own activity: their profile's Activity tab. */
export function ListenerActivity({ handle, emptyText }: { handle: string; emptyText: string }) {
  const t = useT();
  const activity = useListenerActivity(handle);
  return <ActivityList activity={activity} label={t("profile.activity")} emptyText={emptyText} />;
}
