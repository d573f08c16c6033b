// The `backfill-low-renditions` job: songs encoded before the data saver existed get their low rendition,
// encoded from their best one (high, else standard). Queued at every start; a song is written as soon as its
// rendition is stored, so a stopped run resumes where it was. One song at a time: new songs' encodes first.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { encodeLowMp3, LOW_KBPS } from "@purplebeats/media";
import { renditionKey, type MediaStore } from "../../infra/storage/media-store.js";
import { setLowRendition, songsWithoutLowRendition } from "../../data/catalog-writes.js";

const BATCH = 20;

/** Makes every missing low rendition; answers how many songs got one. */
export async function backfillLowRenditions(
  dataSource: DataSource,
  store: MediaStore,
  log: { error(obj: unknown, message?: string): void },
  signal?: AbortSignal,
): Promise<number> {
  const work = await mkdtemp(path.join(tmpdir(), "pb-backfill-low-"));
  const failed = new Set<string>();
  let done = 0;
  try {
    for (;;) {
      const batch = (await songsWithoutLowRendition(dataSource, BATCH + failed.size)).filter(
        (song) => !failed.has(song.id),
      );
      if (batch.length === 0) return done;
      for (const song of batch) {
        signal?.throwIfAborted();
        const key = renditionKey(song.content_hash ?? song.id, LOW_KBPS);
        try {
          if (!(await store.has(key))) {
            const bytes =
              (song.high_key && (await store.read(song.high_key))) ||
              (song.standard_key && (await store.read(song.standard_key)));
            if (!bytes) throw new Error("no rendition to encode from");
            const input = path.join(work, "source");
            const output = path.join(work, path.basename(key));
            await writeFile(input, bytes);
            await encodeLowMp3(input, output, { signal });
            await store.putFile(key, output, "audio/mpeg");
          }
          await setLowRendition(dataSource, song.id, key, LOW_KBPS);
          done++;
        } catch (error) {
          if (signal?.aborted) throw error;
          // A song whose audio cannot be read keeps playing its standard rendition at 'low'.
          failed.add(song.id);
          log.error({ err: error, songId: song.id }, "low rendition backfill skipped a song");
        }
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
