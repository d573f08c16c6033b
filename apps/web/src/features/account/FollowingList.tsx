// Who a listener follows (listeners and artists) or who follows them, each a link to their page; more
// are loaded on demand.
import { Button, Skeleton, Text } from "@mantine/core";
import { useT } from "../../i18n";
import { paths } from "../../lib/paths";
import type { FollowingEntryDto } from "@purplebeats/contracts/schemas";
import { useFollowers, useFollowing } from "./follows";
import { RowLink, RowList } from "./RowLink";
import { UserAvatar } from "./UserAvatar";

export function FollowingList({
  handle,
  emptyText,
  which = "following",
}: {
  handle: string;
  emptyText: string;
  which?: "following" | "followers";
}) {
  const t = useT();
  const follows = useFollowing(handle, which === "following");
  const followers = useFollowers(handle, which === "followers");
  const following = which === "following" ? follows : followers;
  const entries: FollowingEntryDto[] =
    which === "following"
      ? (follows.data?.pages.flatMap((page) => page.items) ?? [])
      : (followers.data?.pages.flatMap((page) =>
          page.items.map((item) => ({ ...item, kind: "listener" as const })),
        ) ?? []);
  if (following.isPending) return <Skeleton height={44} radius="xl" />;
  if (following.isError)
    return (
      <Text size="sm" c="dimmed">
        {following.error.message}
      </Text>
    );
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <>
      <RowList label={which === "following" ? t("profile.following") : t("profile.followers")}>
        {entries.map((entry) => (
          <li key={entry.kind === "artist" ? `a:${entry.id}` : `l:${entry.handle}`}>
            <RowLink
              to={entry.kind === "artist" ? paths.artist(entry.id) : paths.user(entry.handle)}
              picture={<UserAvatar name={entry.name} imageUrl={entry.imageUrl} size={44} />}
              title={entry.name}
              subtitle={entry.kind === "artist" ? t("profile.artist") : `@${entry.handle}`}
            />
          </li>
        ))}
      </RowList>
      {following.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          loading={following.isFetchingNextPage}
          onClick={() => void following.fetchNextPage()}
        >
          {t("profile.showMore")}
        </Button>
      )}
    </>
  );
}
