// Downloads for offline listening: authorised like a stream (a session, hidden songs not found, members-only
// songs for members) and for premium members only at any quality, counted per listener against
// RATE_LIMIT_DOWNLOAD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { DOWNLOADS_PREMIUM_MESSAGE } from "@purplebeats/contracts/constants";
import {
  Client,
  listenerOf,
  startTestServer,
  UNLIMITED_RATE_LIMITS,
  type TestServer,
} from "./helpers/server.js";

const LIMIT = 4;

describe.each(testBackends())("song downloads on %s", (kind) => {
  let t: TestServer;
  let songs: string[];
  const query = (sql: string, params: unknown[] = []) => t.server.db.dataSource.query(sql, params);

  const listener = (premium: boolean) => listenerOf(t, premium, "dl");
  const download = (client: Client, id: string, quality = "standard") =>
    fetch(`${t.url}/api/songs/${id}/download?quality=${quality}`, {
      headers: client.cookie ? { cookie: client.cookie } : {},
    });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimits: { ...UNLIMITED_RATE_LIMITS, download: LIMIT } });
    songs = (await new Client(t.url).get<Array<{ id: string }>>("/api/songs?limit=4")).body.map((s) => s.id);
  });
  afterAll(() => t?.close());

  it("gives a member the song at the quality asked for, the stream's bytes", async () => {
    const member = await listener(true);
    for (const quality of ["low", "high"]) {
      const kept = await download(member, songs[0]!, quality);
      expect(kept.status).toBe(200);
      expect(kept.headers.get("content-type")).toBe("audio/mpeg");
      const streamed = await fetch(`${t.url}/api/songs/${songs[0]}/stream?quality=${quality}`, {
        headers: { cookie: member.cookie },
      });
      expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(await streamed.arrayBuffer()))).toBe(
        true,
      );
    }
  });

  it("refuses free listeners and guests at every quality, and callers without a session", async () => {
    const guest = new Client(t.url);
    await guest.asGuest();
    for (const client of [guest, await listener(false)])
      for (const quality of ["low", "standard"]) {
        const refused = await download(client, songs[1]!, quality);
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { message: string }).message).toContain(DOWNLOADS_PREMIUM_MESSAGE);
        // The same song still streams for them.
        const streamed = await fetch(`${t.url}/api/songs/${songs[1]}/stream?quality=${quality}`, {
          headers: { cookie: client.cookie },
        });
        expect(streamed.status).toBe(200);
        await streamed.arrayBuffer();
      }
    expect((await download(new Client(t.url), songs[1]!)).status).toBe(401);
  });

  it("does not find a hidden song for members, and answers 400 for a bad quality", async () => {
    await query(`UPDATE songs SET hidden = true WHERE id = $1`, [songs[2]]);
    const member = await listener(true);
    expect((await download(member, songs[2]!)).status).toBe(404);
    expect((await download(member, songs[3]!, "ultra")).status).toBe(400);
  });

  it(`answers 429 past ${LIMIT} downloads a minute for one member, not for another`, async () => {
    const member = await listener(true);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await download(member, songs[3]!, "low");
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    const other = await listener(true);
    expect((await download(other, songs[3]!, "low")).status).toBe(200);
  });
});
