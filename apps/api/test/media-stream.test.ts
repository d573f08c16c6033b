// The stream endpoint as listeners meet it: guests and free listeners get the standard rendition, premium
// members the high one too; members-only songs need premium; hidden songs are not found; ranges seek.
import { appendFile, rm, truncate, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, listenerOf, startTestServer, type TestServer } from "./helpers/server.js";

describe.each(testBackends())("song stream on %s", (kind) => {
  let t: TestServer;
  let songId: string;
  const guest = () => new Client(t.url);
  /** A visitor as the web app makes one: a guest session, whose cookie the audio element sends. */
  const guestSession = async () => {
    const client = guest();
    await client.asGuest();
    return client;
  };
  const query = (sql: string, params: unknown[] = []) => t.server.db.dataSource.query(sql, params);

  const listener = (premium: boolean) => listenerOf(t, premium, "listener");

  const stream = (client: Client, id: string, quality?: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/api/songs/${id}/stream${quality ? `?quality=${quality}` : ""}`, {
      headers: { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
    });

  /** The whole rendition, as an audio element first asks: 200, MP3, and ranges offered for seeking. */
  async function wholeMp3(client: Client, quality: string) {
    const whole = await stream(client, songId, quality);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    return new Uint8Array(await whole.arrayBuffer());
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    const songs = await guest().get<Array<{ id: string }>>("/api/songs?limit=3");
    songId = songs.body[0]!.id;
  });
  afterAll(() => t?.close());

  it("gives everyone the 128 kbps standard rendition, with ranges for seeking", async () => {
    for (const client of [await guestSession(), await listener(false), await listener(true)]) {
      const bytes = await wholeMp3(client, "standard");
      expect(bytes.length).toBeGreaterThan(10_000);

      const part = await stream(client, songId, undefined, { range: "bytes=100-199" });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));

      const past = await stream(client, songId, "standard", { range: `bytes=${bytes.length + 10}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    }
  });

  it("gives everyone the 64 kbps data saver rendition, about half of standard, with ranges", async () => {
    const [row] = (await query(`SELECT low_key, low_kbps FROM songs WHERE id = $1`, [songId])) as Array<{
      low_key: string;
      low_kbps: number;
    }>;
    expect(row).toEqual({
      low_key: expect.stringMatching(/^renditions\/[0-9a-f]{64}-64\.mp3$/),
      low_kbps: 64,
    });
    for (const client of [await guestSession(), await listener(false), await listener(true)]) {
      const bytes = await wholeMp3(client, "low");
      const standard = (await (await stream(client, songId, "standard")).arrayBuffer()).byteLength;
      expect(bytes.length / standard).toBeGreaterThan(0.4);
      expect(bytes.length / standard).toBeLessThan(0.6);
      const part = await stream(client, songId, "low", { range: "bytes=1000-1099" });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 1000-1099/${bytes.length}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(1000, 1100));
    }
    // Tells the player what it gets over tRPC too.
    const source = await guest().get<{ result: { data: { json: { url: string; kbps: number } } } }>(
      `/trpc/songs.stream?input=${encodeURIComponent(JSON.stringify({ json: { songId, quality: "low" } }))}`,
    );
    expect(source.body.result.data.json).toMatchObject({
      url: `/api/songs/${songId}/stream?quality=low`,
      kbps: 64,
    });
  });

  it("plays a song still waiting for its low rendition at standard, and refuses hidden ones at low", async () => {
    const songs = await guest().get<Array<{ id: string }>>("/api/songs?limit=8");
    const [waiting, hidden] = songs.body.slice(6).map((s) => s.id);
    await query(`UPDATE songs SET low_key = NULL, low_kbps = NULL WHERE id = $1`, [waiting]);
    await query(`UPDATE songs SET hidden = true WHERE id = $1`, [hidden]);
    const client = await guestSession();
    const low = new Uint8Array(await (await stream(client, waiting!, "low")).arrayBuffer());
    const standard = new Uint8Array(await (await stream(client, waiting!, "standard")).arrayBuffer());
    expect(low).toEqual(standard);
    expect((await stream(client, hidden!, "low")).status).toBe(404);
    expect((await stream(await listener(true), hidden!, "low")).status).toBe(404);
  });

  it("gives the high rendition to premium members only", async () => {
    for (const client of [await guestSession(), await listener(false)]) {
      const refused = await stream(client, songId, "high");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain("Premium feature required");
    }
    const premium = await listener(true);
    const high = await stream(premium, songId, "high");
    expect(high.status).toBe(200);
    const standard = await stream(premium, songId, "standard");
    expect(Buffer.from(await high.arrayBuffer()).equals(Buffer.from(await standard.arrayBuffer()))).toBe(
      false,
    );
    // songs.stream tells a player where to fetch it (the same rule over tRPC).
    const source = await premium.get<{ result: { data: { json: { url: string; kbps: number } } } }>(
      `/trpc/songs.stream?input=${encodeURIComponent(JSON.stringify({ json: { songId, quality: "high" } }))}`,
    );
    expect(source.status).toBe(200);
    expect(source.body.result.data.json.url).toBe(`/api/songs/${songId}/stream?quality=high`);
  });

  it("refuses members-only songs to non-members and hides hidden songs", async () => {
    const songs = await guest().get<Array<{ id: string }>>("/api/songs?limit=3");
    const [, exclusive, hidden] = songs.body.map((s) => s.id);
    await query(`UPDATE songs SET members_only = true WHERE id = $1`, [exclusive]);
    await query(`UPDATE songs SET hidden = true WHERE id = $1`, [hidden]);
    for (const client of [await guestSession(), await listener(false)]) {
      const refused = await stream(client, exclusive!, "standard");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain("Premium feature required");
    }
    expect((await stream(await listener(true), exclusive!, "standard")).status).toBe(200);
    expect((await stream(await listener(true), hidden!, "standard")).status).toBe(404);
    // Its lyrics follow the stream: hidden is not found, to members too.
    await query(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, false, $2::jsonb)`, [
      hidden,
      JSON.stringify([{ timeMs: null, text: "Hidden words" }]),
    ]);
    for (const client of [guest(), await listener(true)])
      expect((await client.get(`/api/songs/${hidden}/lyrics`)).status).toBe(404);
    // Nor does its clip's own path give its audio to anyone (it did: /media/audio/<slug>.mp3, no session).
    const [row] = await query(`SELECT audio_url FROM songs WHERE id = $1`, [hidden]);
    const clip = (row as { audio_url: string }).audio_url;
    for (const client of [guest(), await guestSession(), await listener(true)]) {
      const direct = await fetch(`${t.url}${clip}`, {
        headers: { range: "bytes=0-", ...(client.cookie ? { cookie: client.cookie } : {}) },
      });
      expect(direct.status, clip).toBe(404);
      expect(direct.headers.get("content-type")).not.toMatch(/^audio\//);
      await direct.arrayBuffer();
    }
  });

  it("answers 400 for a bad quality or id and 404 for an unknown song", async () => {
    expect((await stream(guest(), songId, "ultra")).status).toBe(400);
    expect((await stream(guest(), "not-a-uuid")).status).toBe(400);
    expect((await stream(await guestSession(), "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("answers a song's lyrics, synced or not, and no lines (200, not an error) when it has none", async () => {
    const songs = await guest().get<Array<{ id: string }>>("/api/songs?limit=6");
    const [, , , synced, plain, none] = songs.body.map((s) => s.id);
    const lines = [
      { timeMs: 0, text: "First line" },
      { timeMs: 2500, text: "Second line" },
    ];
    await query(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, true, $2::jsonb)`, [
      synced,
      JSON.stringify(lines),
    ]);
    await query(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, false, $2::jsonb)`, [
      plain,
      JSON.stringify([{ timeMs: null, text: "Unsynced words" }]),
    ]);
    expect((await guest().get(`/api/songs/${synced}/lyrics`)).body).toEqual({ synced: true, lines });
    expect((await guest().get(`/api/songs/${plain}/lyrics`)).body).toEqual({
      synced: false,
      lines: [{ timeMs: null, text: "Unsynced words" }],
    });
    const missing = await guest().get(`/api/songs/${none}/lyrics`);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ synced: false, lines: [] });
    // tRPC answers the same, so the browser logs no failed request for a song without words.
    const trpc = await guest().get<{ result: { data: { json: unknown } } }>(
      `/trpc/songs.lyrics?input=${encodeURIComponent(JSON.stringify({ json: { songId: none } }))}`,
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.json).toEqual({ synced: false, lines: [] });
    expect((await guest().get(`/api/songs/not-a-uuid/lyrics`)).status).toBe(400);
  });

  it("describes the stream endpoint in OpenAPI", async () => {
    const spec = await guest().get<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/songs/{songId}/stream",
        "/api/songs/{songId}/lyrics",
        "/api/admin/library/scan",
        "/api/admin/library/scans/latest",
      ]),
    );
  });

  it("serves renditions through the stream only, never as files under /media", async () => {
    const [row] = (await query(`SELECT standard_key FROM songs WHERE id = $1`, [songId])) as Array<{
      standard_key: string;
    }>;
    expect(row!.standard_key).toMatch(/^renditions\/[0-9a-f]{64}-128\.mp3$/);
    const listener = await guestSession();
    const direct = await fetch(`${t.url}/media/${row!.standard_key}`, {
      headers: { cookie: listener.cookie },
    });
    expect(direct.status).toBe(404);
    expect(direct.headers.get("content-type")).not.toMatch(/^audio\//);
    const streamed = await stream(listener, songId, "standard");
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("cache-control")).toBe("private, max-age=3600");
    await streamed.arrayBuffer();
  });
});

/** A connection read by hand: the head of what it has received, how much, and whether the server ended it. */
interface RawConnection {
  socket: net.Socket;
  /** The first bytes received (a response's head and its body's start). */
  head(): string;
  received(): number;
  closed: Promise<void>;
}

async function connect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let head = "";
  let received = 0;
  socket.on("data", (chunk: Buffer) => {
    if (head.length < 4096) head += chunk.subarray(0, 4096).toString("latin1");
    received += chunk.length;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  return { socket, head: () => head, received: () => received, closed };
}

/** Waits for the response's head: its status line and headers, the body's announced length, its own length. */
async function responseHead(connection: RawConnection) {
  for (let waited = 0; !connection.head().includes("\r\n\r\n"); waited += 10) {
    if (waited > 10_000) throw new Error("no response head");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const head = connection.head().slice(0, connection.head().indexOf("\r\n\r\n"));
  const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
  return { head, contentLength: Number(length), headBytes: head.length + 4 };
}

const get = (path: string, cookie: string, connection: "keep-alive" | "close" = "keep-alive") =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: ${connection}\r\n\r\n`;

// A listener who pauses holds the stream's response open (the socket's buffers full, the file half read):
// stopping must not wait for them, nor for a keep-alive connection, or a deploy waits out its grace period.
describe("stopping while songs stream", () => {
  /** A rendition larger than loopback's socket buffers can hold, so that its response stays under way. */
  const LARGE_RENDITION_BYTES = 64 * 1024 * 1024;
  let t: TestServer;
  let file: string;
  let streamPath: string;
  let cookie: string;
  let stopped = false;

  beforeAll(async () => {
    t = await startTestServer("pglite");
    const key = `renditions/stopping-${process.pid}-${Date.now()}.mp3`;
    file = path.join(t.config.mediaDir, key);
    await writeFile(file, "");
    await truncate(file, LARGE_RENDITION_BYTES);
    const [song] = await t.query<{ id: string }>(`SELECT id FROM songs ORDER BY id LIMIT 1`);
    await t.query(`UPDATE songs SET standard_key = $1 WHERE id = $2`, [key, song!.id]);
    const listener = new Client(t.url);
    await listener.asGuest();
    streamPath = `/api/songs/${song!.id}/stream?quality=standard`;
    cookie = listener.cookie;
  });
  afterAll(async () => {
    if (t && !stopped) await t.close();
    if (file) await rm(file, { force: true });
  });

  it("sends no more than the length it announced when the file grows meanwhile", async () => {
    const connection = await connect(t.url);
    connection.socket.write(get(streamPath, cookie, "close"));
    const { contentLength, headBytes } = await responseHead(connection);
    connection.socket.pause();
    expect(contentLength).toBe(LARGE_RENDITION_BYTES);
    await appendFile(file, Buffer.alloc(1024 * 1024, 1));
    connection.socket.resume();
    await connection.closed;
    expect(connection.received() - headBytes).toBe(contentLength);
  });

  it("ends the streams under way and idle connections, stops within a second or two and refuses new requests", async () => {
    const paused = await Promise.all(
      [1, 2].map(async () => {
        const connection = await connect(t.url);
        connection.socket.write(get(streamPath, cookie));
        expect((await responseHead(connection)).head).toMatch(/^HTTP\/1\.1 200/);
        connection.socket.pause();
        return connection;
      }),
    );
    // A player's request (fetch, keep-alive) whose body is left unread.
    const unread = await fetch(`${t.url}${streamPath}`, { headers: { cookie } });
    expect(unread.status).toBe(200);
    // A keep-alive connection whose response is done: idle, as a browser keeps it.
    const idle = await connect(t.url);
    idle.socket.write(get("/healthz", cookie));
    expect((await responseHead(idle)).head).toMatch(/^HTTP\/1\.1 200/);

    const started = performance.now();
    await t.close();
    const stopMs = performance.now() - started;
    stopped = true;
    console.log(`stopped in ${stopMs.toFixed(0)} ms with ${paused.length + 1} streams under way`);
    expect(stopMs).toBeLessThan(2_000);
    // The listeners read on (a paused socket reports its end only once read): each connection has ended.
    for (const connection of paused) connection.socket.resume();
    await Promise.all([...paused, idle].map((connection) => connection.closed));
    await expect(unread.arrayBuffer()).rejects.toThrow();
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
  });
});
