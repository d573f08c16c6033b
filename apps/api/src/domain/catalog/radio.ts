// Radio: when the listener's queue runs out, autoplay continues with songs like the last ones, ranked by
// one statement whose cost does not grow with the catalog (data/radio.ts).
import type { DataSource } from "typeorm";
import type { CatalogService, Page, SongDto } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { radioSongs } from "../../data/radio.js";
import { toSongDto } from "../../data/song-rows.js";

export function createRadio(db: DataSource): Pick<CatalogService, "radio"> {
  return {
    async radio(input, { premium }): Promise<Page<SongDto>> {
      // Offset-paged: the ranking is recomputed per page and stays the same for the same seeds.
      const offset = decodeCursor(input.cursor, ["n"] as const)?.[0] ?? 0;
      const rows = await radioSongs(db, {
        seeds: input.seeds,
        exclude: input.exclude,
        premium,
        limit: input.limit + 1,
        offset,
      });
      return toPage(rows, input.limit, toSongDto, () => [offset + input.limit]);
    },
  };
}
