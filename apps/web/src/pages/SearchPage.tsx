import { Skeleton, Text, UnstyledButton } from "@mantine/core";
import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { memo, Suspense, type CSSProperties } from "react";
import { useSearchParams } from "react-router-dom";
import { ScreenLink } from "../ui/screen-link";
import { ArrowLeftIcon } from "../ui/icons";
import { LoadError } from "../ui/layout/LoadError";
import { ChunkUnavailable } from "../ui/chunks/ChunkUnavailable";
import { lazyChunk } from "../lib/chunk-loading";
import { LoadMore } from "../ui/layout/LoadMore";
import { NearView } from "../ui/layout/NearView";
import { Grid2, Section } from "../ui/layout/Section";
import { useAuth } from "../features/account";
import { mayAddSongsTo } from "../features/library";
import { AppHeader } from "./AppHeader";
import {
  anySectionResult,
  useSectionResults,
  loadAddableSongs,
  loadSearchSections,
} from "../features/search";
import { SongList, SongRowSkeletons } from "../features/catalog";
import { paths } from "../lib/paths";
import { searchTextOf } from "../lib/search-rules";
import { useDeferredQuery, useRowsShown } from "../lib/deferred-query";
import { trpc } from "../lib/trpc";
import { SEARCH_READS } from "../first-screen/first-screen-reads";
import classes from "./SearchPage.module.css";
import { useT } from "../i18n";

/** Results with add buttons (adding to a playlist): loaded only in that mode. */
const AddableSongs = lazyChunk(
  () => loadAddableSongs().then((module) => ({ default: module.AddableSongs })),
  { failed: () => <ChunkUnavailable variant="screen" what="addingSongs" /> },
);

/**
 * The genre, artists, albums and playlists below the results: their own chunk, loaded (and their data
 * read) once a scroll nears them (the server renders only their marker).
 */
const SearchSections = lazyChunk(
  () => loadSearchSections().then((module) => ({ default: module.SearchSections })),
  // Offline before their code came: left out until the network returns.
  { failed: () => null },
);

/** SPEC.md section 2 "Search page": five placeholder rows while results load. */
export const SEARCH_SKELETON_ROWS = 5;
/** The result rows a phone shows at once: rendered with the page, the others right after (all in the server's HTML). */
const FIRST_RESULT_ROWS = 10;

/**
 * /search?q={text}&playlist={id}: genres to browse, or the songs matching the text followed by the
 * genre, artists, albums and playlists matching it.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const text = searchTextOf(params);
  const playlistId = params.get("playlist");
  const { user } = useAuth();
  // Unknown, still loading, or not one the listener may add to: plain search.
  const playlist = trpc.playlists.byId.useQuery({ id: playlistId ?? "" }, { enabled: !!playlistId }).data;
  const target = playlist && user && mayAddSongsTo(playlist) ? playlist : undefined;
  return (
    <>
      <AppHeader withSearch searchText={text} />
      {target && <AddingToPlaylistBar playlist={target} />}
      {text ? <SearchResults text={text} target={target} /> : <BrowseByGenre />}
      {/* While adding songs to a playlist only songs matter. Below a screenful of results: rendered when a
          scroll nears them. */}
      {text && !target && (
        <NearView>
          <Suspense fallback={null}>
            <SearchSections text={text} />
          </Suspense>
        </NearView>
      )}
    </>
  );
}

/** While adding songs to a playlist: which one, and the way back to it. */
function AddingToPlaylistBar({ playlist }: { playlist: PlaylistDetailDto }) {
  const t = useT();
  const { name, id } = playlist;
  return (
    <div className={classes.playlistBar} data-testid="adding-to-playlist">
      <ScreenLink to={paths.playlist(id)} className={classes.backLink}>
        <ArrowLeftIcon size={18} />
        <span>{t("search.backTo", { name })}</span>
      </ScreenLink>
      <Text size="sm" c="dimmed">
        {t("search.addingTo", { name })}
      </Text>
    </div>
  );
}

/**
 * The results; while adding to a playlist (`target`), each song has an add button. Memo: the page reads the
 * session, whose arrival after hydration would otherwise render every row again in one task (a query
 * response reaches React synchronously).
 */
const SearchResults = memo(function SearchResults({
  text,
  target,
}: {
  text: string;
  target?: PlaylistDetailDto;
}) {
  const t = useT();
  // SPEC.md section 5: results are fetched from the first character (suggestions wait for two).
  const search = trpc.songs.search.useInfiniteQuery(
    { q: text, limit: SEARCH_READS.resultsPageSize },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const results = useDeferredQuery(search);
  const songs = results.data?.pages.flatMap((page) => page.items) ?? [];
  // The list's end, once SongList has rendered all its rows (the same deferral as its own): rendered under the
  // first screenful of rows only, the end is in view at once and the next page loads before any scroll.
  const rowsDrawn = useRowsShown(songs.length, FIRST_RESULT_ROWS);
  return (
    <Section title={t("search.resultsFor", { text })} testId="search-results">
      {results.isPending ? (
        <SongRowSkeletons count={SEARCH_SKELETON_ROWS} />
      ) : results.isError ? (
        <LoadError error={results.error} onRetry={() => void search.refetch()} />
      ) : songs.length === 0 ? (
        target ? (
          <NothingFound text={text} />
        ) : (
          <NothingFoundInSections text={text} />
        )
      ) : (
        <>
          {target ? (
            <Suspense fallback={<SongRowSkeletons count={SEARCH_SKELETON_ROWS} />}>
              <AddableSongs
                songs={songs}
                target={target}
                label={t("search.songsMatching", { text })}
                className={classes.list}
              />
            </Suspense>
          ) : (
            <SongList
              songs={songs}
              label={t("search.songsMatching", { text })}
              firstRows={FIRST_RESULT_ROWS}
            />
          )}
          {rowsDrawn === songs.length && (
            <LoadMore
              hasMore={search.hasNextPage}
              loading={search.isFetchingNextPage}
              onLoadMore={() => void search.fetchNextPage()}
            />
          )}
        </>
      )}
    </Section>
  );
});

function NothingFound({ text }: { text: string }) {
  const t = useT();
  return (
    <Text c="dimmed" className={classes.empty}>
      {t("search.noResults", { text })}
    </Text>
  );
}

/**
 * No song matches: the page says nothing was found only once the other sections (artists, albums,
 * playlists, genre) have answered with nothing either; while they load it says nothing.
 */
function NothingFoundInSections({ text }: { text: string }) {
  const sections = useSectionResults(text);
  if (sections.isPending || (sections.data && anySectionResult(sections.data))) return null;
  return <NothingFound text={text} />;
}

/** Without text: every genre as a button to its category page. */
function BrowseByGenre() {
  const t = useT();
  const genres = trpc.songs.genres.useQuery();
  return (
    <Section title={t("search.browseGenres")} testId="browse-genres">
      {genres.isPending ? (
        <Grid2>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={72} data-testid="skeleton" />
          ))}
        </Grid2>
      ) : genres.isError ? (
        <LoadError error={genres.error} onRetry={() => void genres.refetch()} />
      ) : (
        <Grid2>
          {genres.data.map((genre, index) => (
            <UnstyledButton
              key={genre}
              component={ScreenLink}
              to={paths.category(genre)}
              className={classes.genre}
              // Each tile its own hue, walking round the colour wheel from purple.
              style={{ "--genre-hue": `${(270 + index * 47) % 360}` } as CSSProperties}
            >
              {genre}
            </UnstyledButton>
          ))}
        </Grid2>
      )}
    </Section>
  );
}
