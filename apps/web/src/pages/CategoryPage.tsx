import { Button, Text, Title } from "@mantine/core";
import { useT } from "../i18n";
import { useParams } from "react-router-dom";
import { PlayIcon } from "../ui/icons";
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import { SkeletonLine } from "../ui/layout/SkeletonLine";
import { SongList, SongRowSkeletons } from "../features/catalog";
import { formatSongCount } from "../lib/format";
import { paths } from "../lib/paths";
import { trpc } from "../lib/trpc";
import { usePlayerControls } from "../features/player";
import screen from "../ui/layout/Screen.module.css";

const GENRE_PAGE_SIZE = 50;

/** /category/{genre}: every song of one genre, a page at a time. */
export function CategoryPage() {
  const t = useT();
  // react-router hands params over already decoded ('Hip%20Hop' arrives as 'Hip Hop').
  const genre = useParams().genre ?? "";
  const player = usePlayerControls();
  const byGenre = trpc.songs.byGenre.useInfiniteQuery(
    { genre, limit: GENRE_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor, enabled: genre.trim().length > 0 },
  );
  const songs = byGenre.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.search} label={t("search.backToSearch")} />
      </div>
      <Title order={1}>{genre}</Title>
      {/* The songs loaded so far (more arrive as the list scrolls); no count before they are known. */}
      {byGenre.isPending ? (
        <span data-testid="category-song-count-loading">
          <SkeletonLine size="sm" width="64px" />
        </span>
      ) : byGenre.isError ? null : (
        <Text c="dimmed" size="sm">
          {formatSongCount(songs.length, t)}
        </Text>
      )}
      <div className={screen.actions}>
        <Button
          leftSection={<PlayIcon size={16} />}
          disabled={songs.length === 0}
          onClick={() => player.startPlaylist(songs)}
        >
          {t("common.playAll")}
        </Button>
      </div>
      {byGenre.isPending ? (
        <SongRowSkeletons count={5} />
      ) : byGenre.isError ? (
        <LoadError error={byGenre.error} onRetry={() => void byGenre.refetch()} />
      ) : songs.length === 0 ? (
        <Text c="dimmed" className={screen.notice}>
          {t("search.noGenreSongs", { genre })}
        </Text>
      ) : (
        <>
          <SongList songs={songs} label={t("search.genreSongs", { genre })} />
          <LoadMore
            hasMore={byGenre.hasNextPage}
            loading={byGenre.isFetchingNextPage}
            onLoadMore={() => void byGenre.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
