// The first pass of every search: the most played songs, kept in memory (`PopularWindow`) and fresh with
// the catalog, sorted into the query's tiers without a statement.
import { mostPlayedTitles } from "../../data/search/catalog.js";
import type { Queryable } from "../../data/sql.js";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import { searchFold } from "./search-fold.js";
import { PopularWindow } from "./search-popular.js";

/** How many of the most played songs the first pass classifies (about 2 MB in memory). */
export const POPULAR_WINDOW = 20_000;
/** How long the in-memory copy of the most played songs is used before it is read again. */
export const POPULAR_TTL_MS = 10_000;

export interface PopularSongs {
  /**
   * The `popularWindow` most played songs, most played first, kept in memory for POPULAR_TTL_MS (an
   * index-only scan of idx_songs_popular reads them).
   */
  window(): Promise<PopularWindow>;
  /** Stops following the catalog's changes. */
  close(): void;
}

export function createPopularSongs(
  db: Queryable,
  caches: Pick<CatalogCaches, "onChange">,
  popularWindow: number,
): PopularSongs {
  let popularCopy: { window: PopularWindow; expires: number } | null = null;
  let popularLoad: Promise<PopularWindow> | null = null;
  // A song hidden, unhidden or added: the in-memory copy of the most played songs is dropped at once, so
  // that the next search neither shows a hidden song nor leaves its place on the page empty. A write that
  // may have changed anything (another instance's, or one the REST shim does not know, such as a
  // listener's playlist edit) only ages the copy: the next search reloads it without waiting.
  let generation = 0;
  const stopListening = caches.onChange((change) => {
    if (change === undefined) {
      if (popularCopy) popularCopy.expires = Math.min(popularCopy.expires, Date.now());
      return;
    }
    if (!change.songs) return;
    generation++;
    popularCopy = null;
    popularLoad = null;
  });

  function popularSongs(): Promise<PopularWindow> {
    const now = Date.now();
    if (popularCopy && popularCopy.expires > now) return Promise.resolve(popularCopy.window);
    // Just expired: this search uses the copy it has while the next one loads (20,000 rows), so no
    // search waits for the reload; a copy more than twice as old is not used.
    if (popularCopy && popularCopy.expires + POPULAR_TTL_MS > now) {
      loadPopular().catch(() => {});
      return Promise.resolve(popularCopy.window);
    }
    return loadPopular();
  }

  function loadPopular(): Promise<PopularWindow> {
    if (popularLoad) return popularLoad;
    const loadedFor = generation;
    const load = mostPlayedTitles(db, popularWindow)
      .then((rows) => {
        const window = new PopularWindow(
          rows.map((r) => r.id),
          rows.map((r) => searchFold(r.title)),
        );
        // Read before the catalog changed: used by the searches that waited for it, not kept.
        if (generation === loadedFor) popularCopy = { window, expires: Date.now() + POPULAR_TTL_MS };
        return window;
      })
      .finally(() => {
        if (popularLoad === load) popularLoad = null;
      });
    popularLoad = load;
    return load;
  }

  return { window: popularSongs, close: stopListening };
}

/**
 * The window's songs holding the folded query, in play order, by tier (each kept to `want` songs): exact
 * title, the completed title (`completed`, see `completionOf`), title prefix, word start, inside a word
 * (INFIX_TIER).
 */
export function popularTiers(
  window: PopularWindow,
  folded: string,
  completed: string | null,
  want: number,
): string[][] {
  const tiers: Array<(lt: string) => boolean> = [
    (lt) => lt === folded,
    (lt) => lt === completed,
    (lt) => lt.startsWith(folded),
    (lt) => ` ${lt}`.includes(` ${folded}`),
    () => true,
  ];
  const popular: string[][] = tiers.map(() => []);
  for (const i of window.holding(folded)) {
    const title = window.titles[i] ?? "";
    const inTier = popular[tiers.findIndex((holds) => holds(title))];
    const id = window.ids[i];
    if (inTier && id !== undefined && inTier.length < want) inTier.push(id);
  }
  return popular;
}
