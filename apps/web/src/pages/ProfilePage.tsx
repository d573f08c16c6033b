// SPEC.md section 2 "Profile": who the listener is, their figures and four tabs. Every figure is real:
// profile.stats and profile.top from the play history, the follower counts and the Following tab from
// follows; the Activity tab from the listener's own playlists, likes and follows (activity.ofListener).
import "@mantine/core/styles/Tabs.css";
import { intlLocale, useLocale, useT, type MessageKey, type Translate } from "../i18n";
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
const RANGE_LABELS = (t: Translate): Array<{ value: TopRange; label: string }> => [
  { value: "4w", label: t("profile.range4w") },
  { value: "6m", label: t("profile.range6m") },
  { value: "all", label: t("profile.rangeAll") },
];

type ProfileTab = "overview" | "playlists" | "following" | "activity";

export function ProfilePage() {
  const { t, locale } = useLocale();
  const language = intlLocale(locale);
  const { user, logout, resetGuestProfile } = useAuth();
  const isPremium = useIsPremium();
  const profile = useProfile();
  const stats = useProfileStats();
  const [tab, setTab] = useState<ProfileTab>("overview");
  const name = profile.data?.name || t("profile.defaultName");
  const handle = profile.data?.handle ?? "";
  const follows = usePublicProfile(handle);

  return (
    <div className={classes.page}>
      <header className={classes.sticky}>
        <BackButton to={paths.home} label={t("common.backToHome")} />
        <Title order={1} className={classes.heading}>
          {t("profile.title")}
        </Title>
      </header>

      <section className={classes.hero} aria-label={t("profile.yours")}>
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
          {isPremium ? t("account.premiumMember") : t("profile.freeAccount")}
        </Badge>
        {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}

        <dl className={classes.counts}>
          <Count label={t("profile.followers")} value={countOf(follows.data?.followers, language)} />
          <Count label={t("profile.following")} value={countOf(follows.data?.following, language)} />
          <Count label={t("profile.playlists")} value={countOf(stats.data?.playlists, language)} />
        </dl>

        <div className={classes.buttons}>
          <Button component={ScreenLink} to={paths.editProfile} size="sm">
            {t("profile.editProfile")}
          </Button>
          <Button variant="light" size="sm" onClick={() => setTab("playlists")}>
            {t("profile.myPlaylists")}
          </Button>
          {handle && (
            <Button component={ScreenLink} to={paths.user(handle)} variant="default" size="sm">
              {t("profile.publicProfile")}
            </Button>
          )}
        </div>
        {user?.isGuest && (
          <div className={classes.signIn}>
            <Text size="sm" c="dimmed" mb={8}>
              {t("profile.guestText")}
            </Text>
            <SignInWithPi fullWidth />
            <Button variant="subtle" color="gray" size="xs" mt={8} onClick={() => void resetGuestProfile()}>
              {t("profile.reset")}
            </Button>
          </div>
        )}
        {user?.isAdmin && (
          <Button component={ScreenLink} to={paths.admin} variant="subtle" size="sm">
            {t("profile.admin")}
          </Button>
        )}
        {user && !user.isGuest && (
          <Button variant="subtle" color="gray" size="sm" onClick={() => void logout()}>
            {t("profile.logOut")}
          </Button>
        )}
      </section>

      <Tabs
        value={tab}
        onChange={(value) => setTab((value as ProfileTab | null) ?? "overview")}
        color="purple"
      >
        <Tabs.List grow className={classes.tabs}>
          <Tabs.Tab value="overview">{t("profile.overview")}</Tabs.Tab>
          <Tabs.Tab value="playlists">{t("profile.playlists")}</Tabs.Tab>
          <Tabs.Tab value="following">{t("profile.following")}</Tabs.Tab>
          <Tabs.Tab value="activity">{t("profile.activity")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" className={classes.panel}>
          <Overview />
        </Tabs.Panel>
        <Tabs.Panel value="playlists" className={classes.panel}>
          <PlaylistsTab likedCount={stats.data?.likedSongs} />
        </Tabs.Panel>
        <Tabs.Panel value="following" className={classes.panel}>
          {handle && tab === "following" && (
            <FollowingList handle={handle} emptyText={t("profile.youFollowNoOne")} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="activity" className={classes.panel}>
          {handle && tab === "activity" && (
            <ListenerActivity handle={handle} emptyText={t("profile.activityEmpty")} />
          )}
        </Tabs.Panel>
      </Tabs>

      <div className={classes.settings} id="listening-settings">
        <ListeningSettings />
      </div>
    </div>
  );
}

const countOf = (value: number | null | undefined, locale: string) =>
  value == null ? "–" : formatCount(value, locale);

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.count}>
      <dd>{value}</dd>
      <dt>{label}</dt>
    </div>
  );
}

function Overview() {
  const { t, locale } = useLocale();
  const language = intlLocale(locale);
  const stats = useProfileStats();
  const [range, setRange] = useState<TopRange>("4w");
  const top = useProfileTop(range);
  const recent = trpc.songs.recentlyPlayed.useQuery({ limit: PROFILE_COUNTS.recentlyPlayed });
  const recentSongs = recent.data?.items.slice(0, PROFILE_COUNTS.recentlyPlayed) ?? [];
  const topTracks = top.data?.tracks.slice(0, PROFILE_COUNTS.topTracks) ?? [];
  const topArtists = top.data?.artists ?? [];
  const data = stats.data;
  const figures: Array<[MessageKey, string | null]> = [
    ["profile.thisMonth", data ? formatListeningTime(data.listeningSecondsThisMonth, t) : null],
    ["profile.listeningTime", data ? formatListeningTime(data.listeningSeconds, t) : null],
    ["profile.songsPlayed", data ? formatCount(data.plays, language) : null],
    ["profile.likedSongs", data ? formatCount(data.likedSongs, language) : null],
  ];

  return (
    <>
      <Title order={3} className={classes.sectionTitle}>
        {t("profile.listeningStats")}
      </Title>
      {stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className={classes.stats} data-testid="listening-stats">
          {figures.map(([label, value]) => (
            <Stat key={label} label={t(label)} value={value} />
          ))}
        </div>
      )}

      <SegmentedControl
        fullWidth
        mt="md"
        value={range}
        onChange={(value) => setRange(value as TopRange)}
        data={RANGE_LABELS(t)}
        aria-label={t("profile.rangeLabel")}
      />
      <Title order={3} className={classes.sectionTitle}>
        {t("profile.topTracks")}
      </Title>
      {top.isPending ? (
        <SongRowSkeletons count={PROFILE_COUNTS.topTracks} />
      ) : top.isError ? (
        <LoadError error={top.error} onRetry={() => void top.refetch()} />
      ) : topTracks.length > 0 ? (
        <SongList songs={topTracks} numbered label={t("profile.topTracks")} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("profile.topTracksEmpty")}
        </Text>
      )}

      <Title order={3} className={classes.sectionTitle}>
        {t("profile.topArtists")}
      </Title>
      {top.isPending ? (
        <Skeleton height={44} />
      ) : topArtists.length > 0 ? (
        <RowList label={t("profile.topArtists")} ordered>
          {topArtists.map((artist) => (
            <li key={artist.id}>
              <RowLink
                to={paths.artist(artist.id)}
                picture={<UserAvatar name={artist.name} imageUrl={artist.imageUrl} size={44} />}
                title={artist.name}
                subtitle={t("profile.plays", { count: artist.plays })}
              />
            </li>
          ))}
        </RowList>
      ) : (
        !top.isError && (
          <Text size="sm" c="dimmed">
            {t("profile.topArtistsEmpty")}
          </Text>
        )
      )}

      <Title order={3} className={classes.sectionTitle}>
        {t("profile.recentlyPlayed")}
      </Title>
      {recent.isPending ? (
        <SongRowSkeletons count={PROFILE_COUNTS.recentlyPlayed} />
      ) : recent.isError ? (
        <LoadError error={recent.error} onRetry={() => void recent.refetch()} />
      ) : recentSongs.length > 0 ? (
        <SongList songs={recentSongs} label={t("profile.recentlyPlayed")} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("profile.nothingPlayed")}
        </Text>
      )}
    </>
  );
}

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
    <RowList label={t("profile.yourPlaylists")}>
      <li>
        <RowLink
          to={paths.likedSongs}
          picture={
            <span className={classes.likedCover} aria-hidden>
              <HeartIcon size={22} />
            </span>
          }
          title={t("profile.likedSongsTitle")}
          subtitle={likedCount === undefined ? t("profile.favouriteSongs") : formatSongCount(likedCount, t)}
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
            {playlists.isError ? t("profile.playlistsFailed") : t("profile.noPlaylists")}
          </Text>
        </li>
      )}
    </RowList>
  );
}
