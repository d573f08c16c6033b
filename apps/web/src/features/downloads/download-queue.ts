// The order of a download's work: each song is fetched while the one before it is being stored, so that the
// download runs at the network's rate rather than waiting on storage between songs. At most one store is
// pending, so a download holds at most two songs' audio at a time (the one being stored and the one arriving),
// and a song the list holds twice is fetched and stored once.

export interface SongSteps {
  /** The song's audio as already stored, or null when it is not. */
  stored(songId: string): Promise<Blob | null>;
  /** The song's audio from the server, or null for a song it no longer gives. */
  fetch(songId: string): Promise<Blob | null>;
  store(songId: string, audio: Blob): Promise<void>;
  /** A song is done (stored, there already, or not given), with its size in bytes. */
  done(bytes: number): void;
}

/**
 * Fetches and stores the songs in order, the store of one beside the fetch of the next. Resolves once every
 * store is done; a cancel (the signal) or a failure rejects, after the store under way has finished.
 */
export async function downloadSongs(
  songIds: readonly string[],
  steps: SongSteps,
  signal: AbortSignal,
): Promise<void> {
  let storing: Promise<void> = Promise.resolve();
  const then = (step: () => void | Promise<void>) => {
    storing = storing.then(step);
    // A failed store is seen where the chain is awaited; until then it must not count as unhandled.
    storing.catch(() => undefined);
  };
  /** Sizes of the songs this download has handled, stored or on their way. */
  const handled = new Map<string, number>();
  try {
    for (const songId of songIds) {
      signal.throwIfAborted();
      const seen = handled.get(songId);
      if (seen !== undefined) {
        // Counted when its one store is done: the progress reaches the end only once everything is stored.
        then(() => steps.done(seen));
        continue;
      }
      const stored = await steps.stored(songId);
      const audio = stored ?? (await steps.fetch(songId));
      const size = audio?.size ?? 0;
      handled.set(songId, size);
      if (stored || !audio) {
        then(() => steps.done(size));
        continue;
      }
      // One store at a time: this song, fetched beside the last one's store, waits for it to finish.
      await storing;
      signal.throwIfAborted();
      then(async () => {
        await steps.store(songId, audio);
        steps.done(size);
      });
    }
  } catch (error) {
    await storing.catch(() => undefined);
    throw error;
  }
  await storing;
}
