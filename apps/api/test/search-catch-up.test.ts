import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { SongDto } from "@purplebeats/contracts";
import { writeProcessedTrack, type ProcessedTrack } from "../src/domain/library/catalog-writer.js";
import { TERMS_POLL_MS } from "../src/domain/search/search-terms.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

// With new songs ingested, the typo dictionary and the indexes catch up within a minute,
// and searches keep answering meanwhile (they use the dictionary they have while the next is built).

/** A song as ingestion hands it to the catalog writer once its renditions are stored. */
const ingested = (title: string): ProcessedTrack => ({
  track: {
    source: `/music/${title}.mp3`,
    size: 1000,
    mtimeMs: Date.now(),
    contentHash: `catch-up-${title}`,
    format: "mp3",
    title,
    artists: ["Quiet Unit"],
    album: null,
    albumArtist: null,
    compilation: false,
    trackNo: null,
    discNo: null,
    year: null,
    genre: "Pop",
    durationMs: 200_000,
    bitrateKbps: 192,
    lossless: false,
  },
  lyrics: null,
  pictureUrl: null,
  standard: { key: "renditions/catch-up-160.mp3", kbps: 160 },
  high: { key: "renditions/catch-up.mp3", kbps: 192 },
  low: { key: "renditions/catch-up-64.mp3", kbps: 64 },
  loudness: { integratedLufs: -14, truePeakDb: -1 },
});

describe.each(testBackends())("search catching up with new songs on %s", (kind) => {
  let t: TestServer;
  const songs = async (q: string) => {
    const answer = await getJson<SongDto[]>(`${t.url}/api/songs/search?q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    // The dictionary of the catalog as it was is loaded (the first search waits for it).
    await songs("love");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds a song ingested a moment ago by a typo of its new word within the poll interval, answering meanwhile", async () => {
    const id = await t.server.db.dataSource.transaction((tx) =>
      writeProcessedTrack(tx, ingested("Zephyrnox Parade")),
    );
    const written = Date.now();
    // The title as typed is found at once: the indexes are the table's own.
    expect((await songs("zephyrnox parade")).map((s) => s.id)).toContain(id);
    let answered = 0;
    let slowest = 0;
    for (;;) {
      const asked = Date.now();
      const found = (await songs("zehpyrnox")).some((s) => s.id === id);
      slowest = Math.max(slowest, Date.now() - asked);
      answered++;
      if (found) break;
      if (Date.now() - written > 60_000) throw new Error("the typo dictionary never learnt the new word");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Within a poll interval or two (folding the queue in, then loading the words), far within a minute.
    expect(Date.now() - written).toBeLessThan(Math.max(30_000, 4 * TERMS_POLL_MS));
    // Every search meanwhile was answered, none held until the new dictionary was built.
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(5_000);
  });
});
