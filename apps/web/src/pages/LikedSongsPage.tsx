import { useMemo } from "react";
import { Button, Loader, Text, Title } from "@mantine/core";
import { DownloadButton, readAllLikedSongs, useDownloadedItem, type WholeList } from "../features/downloads";
import { ScreenLink } from "../ui/screen-link";
import { HeartIcon, PlayIcon } from "../ui/icons";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import { Section, Strip } from "../ui/layout/Section";
import { CrownIcon } from "../features/library";
import { useMembership, useIsPremium } from "../features/account";
import { PlaylistCard, PlaylistCardSkeletons } from "../features/playlists";
import { SongList, SongRowSkeletons } from "../features/catalog";
import { formatSongCount } from "../lib/format";
import { paths } from "../lib/paths";
import { trpc } from "../lib/trpc";
import { usePlayerControls } from "../features/player";
import { AppHeader } from "./AppHeader";
import screen from "../ui/layout/Screen.module.css";
import classes from "./LikedSongsPage.module.css";
import { useT } from "../i18n";
import { PREMIUM_PRICE } from "@purplebeats/contracts/constants";

const SONGS_PAGE_SIZE = 50;
const PLAYLISTS_PAGE_SIZE = 50;

/** /liked-songs: the premium listener's liked songs and playlists; a teaser for everyone else. */
export function LikedSongsPage() {
  const membership = useMembership();
  const isPremium = useIsPremium();
  const t = useT();
  // The app's header, as on the other tabs, whoever is listening.
  return (
    <>
      <AppHeader />
      {membership.isPending ? (
        <div className={screen.notice} aria-busy="true">
          <Loader aria-label={t("common.loading")} />
        </div>
      ) : isPremium ? (
        <LikedSongs />
      ) : (
        <PremiumTeaser />
      )}
    </>
  );
}

/** SPEC.md section 2: what a free listener sees instead of the list, under the tab's heading. */
function PremiumTeaser() {
  const t = useT();
  return (
    <div className={screen.screen}>
      <Title order={2} className={classes.heading}>
        {t("nav.likedSongs")}
      </Title>
      <div className={classes.teaser} data-testid="liked-songs-teaser">
        <span className={classes.teaserIcon}>
          <CrownIcon size={30} />
        </span>
        <Title order={3} className={classes.teaserTitle}>
          {t("premium.feature")}
        </Title>
        <Text c="dimmed">{t("liked.teaser", { price: PREMIUM_PRICE })}</Text>
        <Button component={ScreenLink} to={paths.premium} mt="md">
          {t("premium.upgrade")}
        </Button>
      </div>
    </div>
  );
}

const LIKED_DOWNLOAD = { kind: "liked", id: "liked" } as const;

function LikedSongs() {
  const t = useT();
  const player = usePlayerControls();
  const utils = trpc.useUtils();
  const count = trpc.likedSongs.count.useQuery();
  const liked = trpc.likedSongs.list.useInfiniteQuery(
    { limit: SONGS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  // With no network (the list cannot be read), the songs downloaded for offline listening.
  const downloaded = useDownloadedItem(LIKED_DOWNLOAD);
  const offline = liked.isError && downloaded !== undefined;
  const songs = offline ? downloaded.songs : (liked.data?.pages.flatMap((page) => page.items) ?? []);
  // The server's count, else the songs loaded; none while loading or when neither could be read.
  const total = count.data?.count ?? (liked.isSuccess || offline ? songs.length : null);
  // The download takes every liked song, not the pages on screen.
  const whole = useMemo<WholeList>(
    () => ({
      total: count.data?.count ?? null,
      load: () => readAllLikedSongs(utils),
    }),
    [count.data?.count, utils],
  );

  return (
    <>
      <div className={screen.screen}>
        <div className={classes.hero}>
          <span className={classes.heroIcon}>
            <HeartIcon size={40} fill="currentColor" />
          </span>
          <div>
            <Title order={2} className={classes.heading}>
              {t("nav.likedSongs")}
            </Title>
            <Text c="dimmed" size="sm" data-testid="liked-songs-count">
              {total === null ? "\u00a0" : formatSongCount(total, t)}
            </Text>
          </div>
        </div>
        <div className={screen.actions}>
          <Button
            leftSection={<PlayIcon size={16} />}
            disabled={songs.length === 0}
            onClick={() => player.startPlaylist(songs)}
          >
            {t("common.playAll")}
          </Button>
          <DownloadButton source={{ ...LIKED_DOWNLOAD, title: t("liked.songs"), songs }} whole={whole} />
        </div>
      </div>
      <LikedPlaylists />
      <Section title={t("liked.songs")} testId="liked-songs-list">
        {liked.isPending ? (
          <SongRowSkeletons count={5} />
        ) : offline ? (
          <SongList songs={songs} numbered label={t("liked.songsLabel")} />
        ) : liked.isError ? (
          <LoadError error={liked.error} onRetry={() => void liked.refetch()} />
        ) : songs.length === 0 ? (
          <div className={classes.empty}>
            <Text fw={600}>{t("library.noLikedSongs")}</Text>
            <Text c="dimmed" size="sm">
              {t("liked.songsEmpty")}
            </Text>
          </div>
        ) : (
          <>
            <SongList songs={songs} numbered label={t("liked.songsLabel")} />
            <LoadMore
              hasMore={liked.hasNextPage}
              loading={liked.isFetchingNextPage}
              onLoadMore={() => void liked.fetchNextPage()}
            />
          </>
        )}
      </Section>
    </>
  );
}

function LikedPlaylists() {
  const playlists = trpc.likedPlaylists.list.useQuery({ limit: PLAYLISTS_PAGE_SIZE });
  const items = playlists.data?.items ?? [];
  const t = useT();
  return (
    <Section title={t("liked.playlists")} testId="liked-playlists">
      {playlists.isPending ? (
        <Strip label={t("liked.playlists")}>
          <PlaylistCardSkeletons count={2} />
        </Strip>
      ) : playlists.isError ? (
        <LoadError error={playlists.error} onRetry={() => void playlists.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("liked.playlistsEmpty")}
        </Text>
      ) : (
        <Strip label={t("liked.playlists")}>
          {items.map((playlist) => (
            <PlaylistCard key={playlist.id} playlist={playlist} />
          ))}
        </Strip>
      )}
    </Section>
  );
}
