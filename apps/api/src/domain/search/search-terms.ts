// The typo dictionary's copy in this process, kept up to date with the catalog.
//
// Triggers on songs, artists and albums append every change of a title, name or genre to
// search_term_changes (migration SearchTerms), whoever makes it: the library scan, an admin's edit, an
// upload. Every TERMS_POLL_MS one instance (whichever takes the advisory lock) folds that queue into
// search_terms and bumps search_terms_version; each instance then sees the new version and loads the
// words again in the background, swapping its copy when the new one is built. Searches keep using the
// old copy meanwhile: new songs' words are correctable within seconds, and no search waits.
import type { DataSource } from "typeorm";
import { TermDictionary } from "./search-dictionary.js";
import { allTerms, foldTermChanges, termsVersion, tryTransactionLock } from "../../data/search/terms.js";
import { must } from "../../data/must.js";

/** How often the queue is folded in and the version checked. */
export const TERMS_POLL_MS = 5_000;
/** The advisory lock that lets one instance at a time fold the queue in (any fixed number). */
const DRAIN_LOCK = 160_016;

export interface TermStore {
  /** The current dictionary (the first call waits for it to load). */
  dictionary(): Promise<TermDictionary>;
  /** Folds pending changes in and reloads when the words changed: what the timer runs. */
  refresh(): Promise<void>;
  close(): void;
}

export function createTermStore(db: DataSource, pollMs = TERMS_POLL_MS): TermStore {
  let current: { version: string; dictionary: TermDictionary } | null = null;
  let refreshing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function drain(): Promise<void> {
    await db.transaction(async (tx) => {
      if (await tryTransactionLock(tx, DRAIN_LOCK)) await foldTermChanges(tx);
    });
  }

  async function reload(): Promise<void> {
    const version = (await termsVersion(db)) ?? "0";
    if (current?.version === version) return;
    const terms = await allTerms(db);
    current = { version, dictionary: await TermDictionary.build(terms) };
  }

  function refresh(): Promise<void> {
    refreshing ??= drain()
      .then(reload)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function start() {
    if (timer || pollMs <= 0) return;
    timer = setInterval(() => void refresh().catch(() => {}), pollMs);
    timer.unref();
  }

  return {
    async dictionary() {
      start();
      if (!current) await refresh();
      return must(current, "refresh() sets the dictionary").dictionary;
    },
    refresh,
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
