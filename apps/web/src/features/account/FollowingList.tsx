// Who a listener follows, listeners and artists, each a link to their page; more are loaded on demand.
import { Button, Skeleton, Text } from "@mantine/core";
import { paths } from "../../lib/paths";
import { useFollowing } from "./follows";
import { RowLink, RowList } from "./RowLink";
import { UserAvatar } from "./UserAvatar";

export function FollowingList({ handle, emptyText }: { handle: string; emptyText: string }) {
  const following = useFollowing(handle);
  const entries = following.data?.pages.flatMap((page) => page.items) ?? [];
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
      <RowList label="Following">
        {entries.map((entry) => (
          <li key={entry.kind === "artist" ? `a:${entry.id}` : `l:${entry.handle}`}>
            <RowLink
              to={entry.kind === "artist" ? paths.artist(entry.id) : paths.user(entry.handle)}
              picture={<UserAvatar name={entry.name} imageUrl={entry.imageUrl} size={44} />}
              title={entry.name}
              subtitle={entry.kind === "artist" ? "Artist" : `@${entry.handle}`}
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
          Show more
        </Button>
      )}
    </>
  );
}
