// SPEC.md section 2 "Profile": who the listener is, their figures and four tabs. Every figure is real:
// profile.stats and profile.top from the play history, the follower counts and the Following tab from
// follows; the Activity tab from the listener's own playlists, likes and follows (activity.ofListener).
import "@mantine/core/styles/Tabs.css";
import { useT } from "../i18n";
import "@mantine/core/styles/SegmentedControl.css";
import { Badge, Button, SegmentedControl, Skeleton, Tabs, Text, Title } from "@mantine/core";
import type { TopRange } from "@purplebeats/contracts/constants";
import type { PlaylistDto } from "@purplebeats/contracts/schemas";
import { useState } from "react";
import { ScreenLink } from "../ui/screen-link";
import {
  useAuth,
  useIsPremium,
  useProfile,
  useProfileStats,
  useProfileTop,
  usePublicProfile,
  FollowingList,
  ListenerActivity,
  PlaylistRowLink,
  RowLink,
  RowList,
  SignInWithPi,
  UserAvatar,
  formatCount,
  formatListeningTime,
} from "../features/account";
import { HeartIcon } from "../ui/icons";
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { SongList, SongRowSkeletons } from "../features/catalog";
import { formatSongCount } from "../lib/format";
import { paths } from "../lib/paths";
import { ListeningSettings } from "../features/player";
import { trpc } from "../lib/trpc";
import classes from "./ProfilePage.module.css";

/** SPEC.md section 9: the overview's top tracks and recently played. */
export const PROFILE_COUNTS = { topTracks: 5, recentlyPlayed: 10 } as const;
export const DEFAULT_PROFILE_NAME = "Premium User";
const RANGE_LABELS: Array<{ value: TopRange; label: string }> = [
  { value: "4w", label: "4 weeks" },
  { value: "6m", label: "6 months" },
  { value: "all", label: "All time" },
];

type ProfileTab = "overview" | "playlists" | "following" | "activity";

export function ProfilePage() {
  const { user, logout, resetGuestProfile } = useAuth();
  const isPremium = useIsPremium();
  const profile = useProfile();
  const stats = useProfileStats();
  const [tab, setTab] = useState<ProfileTab>("overview");
  const name = profile.data?.name || DEFAULT_PROFILE_NAME;
  const handle = profile.data?.handle ?? "";
  const follows = usePublicProfile(handle);

  return (
    <div className={classes.page}>
      <header className={classes.sticky}>
        <BackButton to={paths.home} label="Back to Home" />
        <Title order={1} className={classes.heading}>
          Profile
        </Title>
      </header>

      <section className={classes.hero} aria-label="Your profile">
        {profile.isPending ? (
          <>
            <Skeleton circle height={96} />
            <Skeleton height={24} width={160} />
          </>
        ) : (
          <>
            <UserAvatar name={name} imageUrl={profile.data?.imageUrl} size={96} />
            <Title order={2} className={classes.name}>
              {name}
            </Title>
            {handle && (
              <Text size="sm" c="dimmed">
                @{handle}
              </Text>
            )}
          </>
        )}
        <Badge color={isPremium ? "yellow" : "gray"} variant={isPremium ? "filled" : "light"} size="lg">
          {isPremium ? "Premium Member" : "Free Account"}
        </Badge>
        {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}

        <dl className={classes.counts}>
          <Count label="Followers" value={countOf(follows.data?.followers)} />
          <Count label="Following" value={countOf(follows.data?.following)} />
          <Count label="Playlists" value={stats.data ? formatCount(stats.data.playlists) : "–"} />
        </dl>

        <div className={classes.buttons}>
          <Button component={ScreenLink} to={paths.editProfile} size="sm">
            Edit Profile
          </Button>
          <Button variant="light" size="sm" onClick={() => setTab("playlists")}>
            My Playlists
          </Button>
          {handle && (
            <Button component={ScreenLink} to={paths.user(handle)} variant="default" size="sm">
              Public Profile
            </Button>
          )}
        </div>
        {user?.isGuest && (
          <div className={classes.signIn}>
            <Text size="sm" c="dimmed" mb={8}>
              You are listening as a guest. Sign in with your Pi account to keep your music everywhere.
            </Text>
            <SignInWithPi fullWidth />
            <Button variant="subtle" color="gray" size="xs" mt={8} onClick={() => void resetGuestProfile()}>
              Reset Profile
            </Button>
          </div>
        )}
        {user?.isAdmin && (
          <Button component={ScreenLink} to={paths.admin} variant="subtle" size="sm">
            Admin Dashboard
          </Button>
        )}
        {user && !user.isGuest && (
          <Button variant="subtle" color="gray" size="sm" onClick={() => void logout()}>
            Log out
          </Button>
        )}
      </section>

      <Tabs
        value={tab}
        onChange={(value) => setTab((value as ProfileTab | null) ?? "overview")}
        color="purple"
      >
        <Tabs.List grow className={classes.tabs}>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="playlists">Playlists</Tabs.Tab>
          <Tabs.Tab value="following">Following</Tabs.Tab>
          <Tabs.Tab value="activity">Activity</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" className={classes.panel}>
          <Overview />
        </Tabs.Panel>
        <Tabs.Panel value="playlists" className={classes.panel}>
          <PlaylistsTab likedCount={stats.data?.likedSongs} />
        </Tabs.Panel>
        <Tabs.Panel value="following" className={classes.panel}>
          {handle && tab === "following" && (
            <FollowingList handle={handle} emptyText="You are not following anyone yet" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="activity" className={classes.panel}>
          {handle && tab === "activity" && (
            <ListenerActivity
              handle={handle}
              emptyText="Nothing yet: your public playlists, likes and follows will show here."
            />
          )}
        </Tabs.Panel>
      </Tabs>

      <div className={classes.settings} id="listening-settings">
        <ListeningSettings />
      </div>
    </div>
  );
}

const countOf = (value: number | null | undefined) => (value == null ? "–" : formatCount(value));

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.count}>
      <dd>{value}</dd>
      <dt>{label}</dt>
    </div>
  );
}

function Overview() {
  const stats = useProfileStats();
  const [range, setRange] = useState<TopRange>("4w");
  const top = useProfileTop(range);
  const recent = trpc.songs.recentlyPlayed.useQuery({ limit: PROFILE_COUNTS.recentlyPlayed });
  const recentSongs = recent.data?.items.slice(0, PROFILE_COUNTS.recentlyPlayed) ?? [];
  const topTracks = top.data?.tracks.slice(0, PROFILE_COUNTS.topTracks) ?? [];
  const topArtists = top.data?.artists ?? [];

  return (
    <>
      <Title order={3} className={classes.sectionTitle}>
        Listening Stats
      </Title>
      {stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className={classes.stats} data-testid="listening-stats">
          <Stat
            label="This month"
            value={stats.data ? formatListeningTime(stats.data.listeningSecondsThisMonth) : null}
          />
          <Stat
            label="Listening time"
            value={stats.data ? formatListeningTime(stats.data.listeningSeconds) : null}
          />
          <Stat label="Songs played" value={stats.data ? formatCount(stats.data.plays) : null} />
          <Stat label="Liked songs" value={stats.data ? formatCount(stats.data.likedSongs) : null} />
        </div>
      )}

      <SegmentedControl
        fullWidth
        mt="md"
        value={range}
        onChange={(value) => setRange(value as TopRange)}
        data={RANGE_LABELS}
        aria-label="Top tracks and artists over"
      />
      <Title order={3} className={classes.sectionTitle}>
        Top Tracks
      </Title>
      {top.isPending ? (
        <SongRowSkeletons count={PROFILE_COUNTS.topTracks} />
      ) : top.isError ? (
        <LoadError error={top.error} onRetry={() => void top.refetch()} />
      ) : topTracks.length > 0 ? (
        <SongList songs={topTracks} numbered label="Top Tracks" />
      ) : (
        <Text size="sm" c="dimmed">
          Play some songs and your favourites will show up here.
        </Text>
      )}

      <Title order={3} className={classes.sectionTitle}>
        Top Artists
      </Title>
      {top.isPending ? (
        <Skeleton height={44} />
      ) : topArtists.length > 0 ? (
        <RowList label="Top Artists" ordered>
          {topArtists.map((artist) => (
            <li key={artist.id}>
              <RowLink
                to={paths.artist(artist.id)}
                picture={<UserAvatar name={artist.name} imageUrl={artist.imageUrl} size={44} />}
                title={artist.name}
                subtitle={formatPlays(artist.plays)}
              />
            </li>
          ))}
        </RowList>
      ) : (
        !top.isError && (
          <Text size="sm" c="dimmed">
            The artists you play most will show up here.
          </Text>
        )
      )}

      <Title order={3} className={classes.sectionTitle}>
        Recently Played
      </Title>
      {recent.isPending ? (
        <SongRowSkeletons count={PROFILE_COUNTS.recentlyPlayed} />
      ) : recent.isError ? (
        <LoadError error={recent.error} onRetry={() => void recent.refetch()} />
      ) : recentSongs.length > 0 ? (
        <SongList songs={recentSongs} label="Recently Played" />
      ) : (
        <Text size="sm" c="dimmed">
          Nothing played yet.
        </Text>
      )}
    </>
  );
}

const formatPlays = (plays: number) => (plays === 1 ? "1 play" : `${formatCount(plays)} plays`);

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={classes.stat}>
      {value === null ? <Skeleton height={22} width="70%" /> : <Text fw={700}>{value}</Text>}
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function PlaylistsTab({ likedCount }: { likedCount: number | undefined }) {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  const playlists = trpc.myPlaylists.list.useQuery({ userId, limit: 50 }, { enabled: userId !== "" });
  const items: PlaylistDto[] = playlists.data?.items ?? [];

  return (
    <RowList label="Your playlists">
      <li>
        <RowLink
          to={paths.likedSongs}
          picture={
            <span className={classes.likedCover} aria-hidden>
              <HeartIcon size={22} />
            </span>
          }
          title="Liked Songs"
          subtitle={likedCount === undefined ? "Your favourite songs" : formatSongCount(likedCount, t)}
        />
      </li>
      {items.map((playlist) => (
        <li key={playlist.id}>
          <PlaylistRowLink playlist={playlist} />
        </li>
      ))}
      {!playlists.isPending && items.length === 0 && (
        <li>
          <Text size="sm" c="dimmed" className={classes.empty}>
            {playlists.isError ? "Your playlists could not be loaded." : "No playlists created yet"}
          </Text>
        </li>
      )}
    </RowList>
  );
}
