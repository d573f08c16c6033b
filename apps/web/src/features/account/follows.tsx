// Following listeners and artists: the reads of a public profile and the Follow buttons. A follow
// refreshes every count and list that shows it (SPEC.md section 4).
import { Button, Group, Text } from "@mantine/core";
import type { TopRange } from "@purplebeats/contracts/constants";
import { translate, useLocale, useT } from "../../i18n";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";

/** The Following tab's page size. */
export const FOLLOWING_PAGE = 20;

type Utils = ReturnType<typeof trpc.useUtils>;

function refreshFollows(utils: Utils) {
  return Promise.all([
    utils.follows.profile.invalidate(),
    utils.follows.following.invalidate(),
    utils.follows.followers.invalidate(),
    utils.follows.artist.invalidate(),
  ]);
}

/** /user/{handle}: the listener's public profile as the caller may see it. */
export const usePublicProfile = (handle: string) =>
  trpc.follows.profile.useQuery({ handle }, { enabled: handle !== "" });

/** Who `handle` follows, listeners and artists, newest first, a page at a time. */
export const useFollowing = (handle: string, enabled = true) =>
  trpc.follows.following.useInfiniteQuery(
    { handle, limit: FOLLOWING_PAGE },
    { enabled: enabled && handle !== "", getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

/** Listeners following `handle`, newest first, a page at a time. */
export const useFollowers = (handle: string, enabled = true) =>
  trpc.follows.followers.useInfiniteQuery(
    { handle, limit: FOLLOWING_PAGE },
    { enabled: enabled && handle !== "", getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

/** The current listener's top tracks and artists over a window. */
export function useProfileTop(range: TopRange) {
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  return trpc.profile.top.useQuery({ userId, range }, { enabled: userId !== "" });
}

function FollowToggle({
  following,
  name,
  pending,
  onToggle,
}: {
  following: boolean;
  name: string;
  pending: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant={following ? "default" : "filled"}
      loading={pending}
      aria-pressed={following}
      aria-label={following ? t("profile.unfollowName", { name }) : t("profile.followName", { name })}
      onClick={onToggle}
    >
      {following ? t("profile.following") : t("profile.follow")}
    </Button>
  );
}

const failed = (error: unknown) =>
  showToast({
    title: translate("profile.couldNotUpdate"),
    message: describeError(error),
    variant: "destructive",
  });

/** Follow or unfollow a listener by handle. */
export function FollowListenerButton({
  handle,
  name,
  following,
}: {
  handle: string;
  name: string;
  following: boolean;
}) {
  const utils = trpc.useUtils();
  const options = { onSuccess: () => refreshFollows(utils), onError: failed };
  const follow = trpc.follows.followListener.useMutation(options);
  const unfollow = trpc.follows.unfollowListener.useMutation(options);
  return (
    <FollowToggle
      following={following}
      name={name}
      pending={follow.isPending || unfollow.isPending}
      onToggle={() => (following ? unfollow : follow).mutate({ handle })}
    />
  );
}

/** The artist page's Follow button, with the artist's follower count beside it. */
export function FollowArtistButton({ artistId, name }: { artistId: string; name: string }) {
  const { t } = useLocale();
  const utils = trpc.useUtils();
  const state = trpc.follows.artist.useQuery({ id: artistId });
  const options = {
    onSuccess: (next: { following: boolean; followers: number }) => {
      utils.follows.artist.setData({ id: artistId }, next);
      return utils.follows.following.invalidate();
    },
    onError: failed,
  };
  const follow = trpc.follows.followArtist.useMutation(options);
  const unfollow = trpc.follows.unfollowArtist.useMutation(options);
  const following = state.data?.following ?? false;
  const followers = state.data?.followers;
  return (
    <Group gap="sm" justify="center">
      {followers !== undefined && (
        <Text size="sm" c="dimmed" data-testid="artist-followers">
          {t("profile.followerCount", { count: followers })}
        </Text>
      )}
      <FollowToggle
        following={following}
        name={name}
        pending={state.isPending || follow.isPending || unfollow.isPending}
        onToggle={() => (following ? unfollow : follow).mutate({ id: artistId })}
      />
    </Group>
  );
}
