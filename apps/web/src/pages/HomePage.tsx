import { Text } from "@mantine/core";
import type { PlaylistDto } from "@purplebeats/contracts/schemas";
import { loadFollowedActivityShelf, useAuth } from "../features/account";
import { useMemo } from "react";
import { PlaylistCard, PlaylistCardSkeletons } from "../features/playlists";
import { Grid2, Section, Strip } from "../ui/layout/Section";
import { LoadError } from "../ui/layout/LoadError";
import { AppHeader } from "./AppHeader";
import {
  SongList,
  SongRowSkeletons,
  SongTile,
  SongTileSkeletons,
  SongTileStripSpace,
} from "../features/catalog";
import { SkeletonLine } from "../ui/layout/SkeletonLine";
import { useDeferredCount, useDeferredQuery } from "../lib/deferred-query";
import { trpc } from "../lib/trpc";
import { lazyChunk } from "../lib/chunk-loading";
import { HOME_COUNTS, HOME_IN_SERVER_HTML, HOME_READS } from "../first-screen/first-screen-reads";
import { useT } from "../i18n";

/** How many cards of a strip a phone shows at once: their covers load first, the rest lazily. */
const VISIBLE_CARDS = 3;
/**
 * The cards rendered with the page (and server-rendered): those in view and the next few a swipe brings in;
 * the rest of the page of playlists (up to 50) follow in a background render.
 */
const FIRST_CARDS = 6;

/**
 * A section's first songs of a page, the same array for the same page: the section re-renders with the
 * listener's session, and its memoized tiles (and their queue) must see nothing new then.
 */
function useFirst<T>(page: { items: T[] } | undefined, count: number): T[] {
  return useMemo(() => page?.items.slice(0, count) ?? [], [page, count]);
}

export function HomePage() {
  return (
    <>
      <AppHeader withSearch />
      <RecentlyPlayed />
      <MadeForYou />
      <TrendingNow />
      <NewReleases />
      <TopCharts />
      <FromPeopleYouFollow />
    </>
  );
}

/**
 * 'From people you follow': its own chunk, last on the page and only with a session (it moves nothing above
 * it when it comes). Offline before its code came, it is left out until the network returns.
 */
const FollowedActivityShelf = lazyChunk(
  () => loadFollowedActivityShelf().then((module) => ({ default: module.FollowedActivityShelf })),
  { failed: () => null },
);

function FromPeopleYouFollow() {
  const { user } = useAuth();
  return user === null ? null : <FollowedActivityShelf />;
}

function RecentlyPlayed() {
  // Read as the listener, once the session is known: read before it, the section showed the catalog's
  // most recently played songs, then a new listener's 'Nothing played yet' a moment later (the page below
  // moved twice). What the server rendered shows meanwhile: for a first visit, the trending songs a new
  // listener starts with (first-screen/first-screen-reads.ts), which the guest's empty history then confirms.
  const { loading } = useAuth();
  const query = trpc.songs.recentlyPlayed.useQuery(HOME_READS.recentlyPlayed, { enabled: !loading });
  const recent = useDeferredQuery(query);
  const songs = useFirst(recent.data, HOME_COUNTS.recentlyPlayed);
  const t = useT();
  return (
    <Section title={t("home.recentlyPlayed")} testId="home-section-recently-played">
      {recent.isPending ? (
        <StartWithTrendingSkeleton />
      ) : recent.isError ? (
        <LoadError error={recent.error} onRetry={() => void query.refetch()} />
      ) : songs.length === 0 ? (
        <StartWithTrending />
      ) : (
        <Strip label={t("home.recentlyPlayed")}>
          {songs.map((song) => (
            <SongTile key={song.id} song={song} queue={songs} />
          ))}
        </Strip>
      )}
    </Section>
  );
}

/** How many of the listener's own and liked playlists 'Made For You' adds after the editorial ones. */
const YOURS_IN_MADE_FOR_YOU = 20;

/**
 * The listener's own and liked playlists, once the session is known (never server-rendered: the server
 * renders the editorial ones: the same for everyone).
 */
function useYourPlaylists(): PlaylistDto[] {
  const { user } = useAuth();
  const input = { limit: YOURS_IN_MADE_FOR_YOU };
  const own = trpc.myPlaylists.list.useQuery(input, { enabled: user !== null });
  const liked = trpc.likedPlaylists.list.useQuery(input, { enabled: user !== null });
  return [...(own.data?.items ?? []), ...(liked.data?.items ?? [])];
}

function uniqueById<T extends { id: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** 'Made For You' (DESIGN.md): the editorial playlists, then the listener's own and liked ones, each once. */
function MadeForYou() {
  const query = trpc.playlists.list.useQuery(HOME_READS.madeForYou);
  const editorial = useDeferredQuery(query);
  const yours = useYourPlaylists();
  const items = editorial.data ? uniqueById([...editorial.data.items, ...yours]) : [];
  const playlists = { ...editorial, data: editorial.data && { items } };
  const count = items.length;
  const shown = useDeferredCount(count, FIRST_CARDS);
  const t = useT();
  return (
    <Section title={t("home.madeForYou")} testId="home-section-made-for-you">
      {playlists.isPending ? (
        <Strip label={t("home.madeForYou")}>
          <PlaylistCardSkeletons count={HOME_COUNTS.madeForYouSkeletons} />
        </Strip>
      ) : playlists.isError ? (
        <LoadError error={playlists.error} onRetry={() => void query.refetch()} />
      ) : !playlists.data?.items.length ? (
        <Text c="dimmed" size="sm">
          {t("home.noPlaylists")}
        </Text>
      ) : (
        <Strip label={t("home.madeForYou")}>
          {playlists.data.items.slice(0, shown).map((playlist, index) => (
            <PlaylistCard
              key={playlist.id}
              playlist={playlist}
              priority={index < VISIBLE_CARDS}
              songsWhenIdle={index < VISIBLE_CARDS}
            />
          ))}
        </Strip>
      )}
    </Section>
  );
}

/**
 * 'Recently Played' while it loads, shaped as a new listener's (the line that says so, then the strip): a
 * returning listener's history is read once their session is known, and a history that turns out empty
 * must not move the section below (layout shift).
 */
function StartWithTrendingSkeleton() {
  const t = useT();
  return (
    <>
      <SkeletonLine size="sm" width="70%" mb={8} />
      <Strip label={t("home.recentlyPlayed")}>
        <SongTileSkeletons count={HOME_COUNTS.recentlyPlayed} />
      </Strip>
    </>
  );
}

/** A new listener's 'Recently Played': something to play (the trending songs, said so) rather than a hole. */
function StartWithTrending() {
  const trending = useTrending();
  const songs = useFirst(trending.data, HOME_COUNTS.recentlyPlayed);
  const t = useT();
  if (trending.isPending) return <StartWithTrendingSkeleton />;
  if (songs.length === 0)
    return (
      <SongTileStripSpace>
        <Text c="dimmed" size="sm">
          {t("home.nothingHereYet")}
        </Text>
      </SongTileStripSpace>
    );
  return (
    <>
      <Text c="dimmed" size="sm" mb={8}>
        {t("home.startWithTrending")}
      </Text>
      <Strip label={t("home.trendingToStart")}>
        {songs.map((song) => (
          <SongTile key={song.id} song={song} queue={songs} />
        ))}
      </Strip>
    </>
  );
}

function useTrending() {
  return trpc.songs.trending.useQuery(HOME_READS.trending);
}

function TrendingNow() {
  const query = useTrending();
  const trending = useDeferredQuery(query, HOME_IN_SERVER_HTML);
  const t = useT();
  const songs = useFirst(trending.data, HOME_COUNTS.trendingNow);
  return (
    <Section title={t("home.trendingNow")} testId="home-section-trending-now">
      {trending.isPending ? (
        <Grid2>
          <SongTileSkeletons count={HOME_COUNTS.trendingNow} variant="compact" />
        </Grid2>
      ) : trending.isError ? (
        <LoadError error={trending.error} onRetry={() => void query.refetch()} />
      ) : (
        <Grid2 label={t("home.trendingNow")}>
          {songs.map((song) => (
            <SongTile key={song.id} song={song} queue={songs} variant="compact" />
          ))}
        </Grid2>
      )}
    </Section>
  );
}

function NewReleases() {
  const query = trpc.songs.list.useQuery(HOME_READS.newReleases);
  const latest = useDeferredQuery(query, HOME_IN_SERVER_HTML);
  const t = useT();
  const songs = useFirst(latest.data, HOME_COUNTS.newReleases);
  return (
    <Section title={t("home.newReleases")} testId="home-section-new-releases">
      {latest.isPending ? (
        <SongRowSkeletons count={HOME_COUNTS.newReleases} />
      ) : latest.isError ? (
        <LoadError error={latest.error} onRetry={() => void query.refetch()} />
      ) : (
        <SongList songs={songs} label={t("home.newReleases")} />
      )}
    </Section>
  );
}

function TopCharts() {
  const query = useTrending();
  const trending = useDeferredQuery(query, HOME_IN_SERVER_HTML);
  const t = useT();
  const songs = useFirst(trending.data, HOME_COUNTS.topCharts);
  return (
    <Section title={t("home.topCharts")} testId="home-section-top-charts">
      {trending.isPending ? (
        <SongRowSkeletons count={HOME_COUNTS.topCharts} />
      ) : trending.isError ? (
        <LoadError error={trending.error} onRetry={() => void query.refetch()} />
      ) : (
        <SongList songs={songs} numbered label={t("home.topCharts")} />
      )}
    </Section>
  );
}
