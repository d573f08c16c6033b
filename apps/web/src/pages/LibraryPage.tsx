import { Skeleton, Text, Title } from "@mantine/core";
import { ScreenLink } from "../ui/screen-link";
import { useHasSession } from "../features/account";
import { HeartIcon } from "../ui/icons";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import { Section } from "../ui/layout/Section";
import { NewPlaylistButton, PlaylistRow, PlaylistRowSkeletons } from "../features/library";
import { DownloadsSection } from "../features/downloads";
import { AppHeader } from "./AppHeader";
import { paths } from "../lib/paths";
import { trpc } from "../lib/trpc";
import classes from "./LibraryPage.module.css";
import { useT } from "../i18n";

/** SPEC.md section 2 "Library": three placeholder rows while 'Recently Added' loads. */
export const RECENTLY_ADDED_SKELETONS = 3;
const PAGE_SIZE = 50;

/** /library: the listener's playlists (own, liked, added), their library playlists, and their liked songs. */
export function LibraryPage() {
  const t = useT();
  return (
    <>
      <AppHeader />
      <div className={classes.toolbar}>
        <Title order={2} className={classes.heading}>
          {t("library.title")}
        </Title>
        <NewPlaylistButton />
      </div>
      <Section title={t("library.downloads")} testId="library-downloads">
        <DownloadsSection />
      </Section>
      <RecentlyAdded />
      <LibraryPlaylists />
      <LikedSongsCard />
    </>
  );
}

/**
 * The listener's own reads wait for their session: on a first visit, read before the guest exists, they were
 * refused (401) and read again once it did.
 */
const useListenerReads = () => ({ enabled: useHasSession() });

/** 'Recently Added': the listener's own, liked and added playlists, newest first, a page at a time. */
function RecentlyAdded() {
  const playlists = trpc.myPlaylists.collected.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor, ...useListenerReads() },
  );
  const items = playlists.data?.pages.flatMap((page) => page.items) ?? [];
  const t = useT();
  return (
    <Section title={t("library.recentlyAdded")} testId="library-recently-added">
      {playlists.isPending ? (
        <PlaylistRowSkeletons count={RECENTLY_ADDED_SKELETONS} />
      ) : playlists.isError ? (
        <LoadError error={playlists.error} onRetry={() => void playlists.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("library.noPlaylists")}
        </Text>
      ) : (
        <>
          {items.map((playlist) => (
            <PlaylistRow key={playlist.id} playlist={playlist} />
          ))}
          <LoadMore
            hasMore={playlists.hasNextPage}
            loading={playlists.isFetchingNextPage}
            onLoadMore={() => void playlists.fetchNextPage()}
          />
        </>
      )}
    </Section>
  );
}

/** 'Your Library Playlists': shown only when the listener has added some. */
function LibraryPlaylists() {
  const library = trpc.libraryPlaylists.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor, ...useListenerReads() },
  );
  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  const t = useT();
  if (items.length === 0) return null;
  return (
    <Section title={t("library.libraryPlaylists")} testId="library-playlists">
      {items.map((playlist) => (
        <PlaylistRow key={playlist.id} playlist={playlist} />
      ))}
      <LoadMore
        hasMore={library.hasNextPage}
        loading={library.isFetchingNextPage}
        onLoadMore={() => void library.fetchNextPage()}
      />
    </Section>
  );
}

/** The Liked Songs card: how many, and the way to them. */
function LikedSongsCard() {
  const count = trpc.likedSongs.count.useQuery(undefined, useListenerReads());
  const t = useT();
  return (
    <Section title={t("nav.likedSongs")} testId="library-liked-songs">
      <div className={classes.likedCard}>
        <span className={classes.likedIcon}>
          <HeartIcon size={26} fill="currentColor" />
        </span>
        <div className={classes.likedText}>
          <Text fw={700}>{t("nav.likedSongs")}</Text>
          {count.isPending ? (
            <Skeleton height={10} width={70} mt={6} data-testid="skeleton" />
          ) : count.isError ? (
            <LoadError error={count.error} onRetry={() => void count.refetch()} />
          ) : count.data.count === 0 ? (
            <Text size="sm" c="dimmed">
              {t("library.noLikedSongs")}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t("songs.count", { count: count.data.count })}
            </Text>
          )}
        </div>
        {count.data && count.data.count > 0 && (
          <ScreenLink to={paths.likedSongs} className={classes.seeAll}>
            {t("library.seeAll")}
          </ScreenLink>
        )}
      </div>
    </Section>
  );
}
