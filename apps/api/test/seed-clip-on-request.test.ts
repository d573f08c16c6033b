// A first start on an empty MEDIA_DIR: the server listens before the seed's clips are synthesised (minutes).
// A listener who plays a seed song meanwhile is not told 'Song not found': the clip they asked for is
// synthesised next, ahead of the others, and the stream answers it once written.
import { access, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { catalog } from "@purplebeats/seed";
import type { PurpleBeatsServer } from "../src/server.js";
import { Client, createTestServer } from "./helpers/server.js";

const kind = testBackends().at(-1)!;
let server: PurpleBeatsServer | undefined;
let mediaDir = "";

afterAll(async () => {
  await server?.stop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

it(`streams a seed song asked for before its clip is written, ahead of the rest (${kind})`, async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "pb-empty-media-"));
  server = (await createTestServer(kind, { mediaDir, seed: true, seedRenditions: false })).server;
  const url = await server.start();

  // The catalog's last song: the background writer reaches it last when nobody asks for it.
  const [song] = await server.db.dataSource.query<Array<{ id: string; audio_url: string }>>(
    `SELECT id, audio_url FROM songs WHERE audio_url = $1`,
    [`/media/audio/${catalog.songs.at(-1)!.slug}.mp3`],
  );
  const clipFile = path.join(mediaDir, song!.audio_url.slice("/media/".length));
  await expect(access(clipFile)).rejects.toThrow();

  const guest = new Client(url);
  await guest.asGuest();
  const response = await fetch(`${url}/api/songs/${song!.id}/stream?quality=standard`, {
    headers: { cookie: guest.cookie },
  });
  const written = await readdir(path.join(mediaDir, "audio")).catch(() => [] as string[]);

  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("audio/mpeg");
  expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(clipFile))).toBe(true);
  // Written ahead of the others: most of the 52 clips are still to come.
  expect(written.filter((name) => name.endsWith(".mp3")).length).toBeLessThan(26);
  // Stopping the server (afterAll) stops the synthesis of the rest.
}, 120_000);
