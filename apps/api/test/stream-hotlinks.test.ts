// What the server enforces of playback without breaking it. The stream plays on our pages
// (an audio element's request is same-origin and carries the session cookie) and nowhere else: another site
// cannot hotlink the catalog, and a caller without a session gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

describe.each(testBackends())("stream hotlinking and sessions on %s", (kind) => {
  let t: TestServer;
  let listener: Client;
  let songId: string;
  let audioUrl: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    listener = new Client(t.url);
    await listener.asGuest();
    const songs = await listener.get<Array<{ id: string; audioUrl: string }>>("/api/songs?limit=1");
    songId = songs.body[0]!.id;
    audioUrl = songs.body[0]!.audioUrl;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** What Chromium sends for <audio src> on one of our pages (same origin, no Origin header on a GET). */
  const fromOurPage = () => ({
    "sec-fetch-site": "same-origin",
    "sec-fetch-mode": "no-cors",
    "sec-fetch-dest": "audio",
    referer: `${t.url}/playlist/discover-weekly`,
    range: "bytes=0-",
  });
  const stream = (headers: Record<string, string>) =>
    fetch(`${t.url}/api/songs/${songId}/stream?quality=standard`, { headers });

  it("plays for our own page's audio element, seeking included", async () => {
    const whole = await stream({ ...fromOurPage(), cookie: listener.cookie });
    expect(whole.status).toBe(206);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    const seek = await stream({ ...fromOurPage(), cookie: listener.cookie, range: "bytes=1000-1999" });
    expect(seek.status).toBe(206);
    expect((await seek.arrayBuffer()).byteLength).toBe(1000);
  });

  it("refuses another site's page, even with the listener's cookie", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "audio" },
      { referer: "https://evil.example/player.html" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ]) {
      const res = await stream({ ...headers, cookie: listener.cookie });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe("Songs play on PurpleBeats only");
    }
  });

  it("needs a session: a caller without one gets 401 and no audio", async () => {
    const res = await stream(fromOurPage());
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("hands out no file path that would get round these rules", async () => {
    expect(audioUrl).toBe(`/api/songs/${songId}/stream?quality=standard`);
    const [row] = await t.server.db.dataSource.query<Array<{ audio_url: string }>>(
      `SELECT audio_url FROM songs WHERE id = $1`,
      [songId],
    );
    const clip = row!.audio_url;
    expect(clip).toMatch(/^\/media\/audio\//);
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { ...fromOurPage(), cookie: listener.cookie },
    ]) {
      const res = await fetch(`${t.url}${clip}`, { headers });
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
  });
});
