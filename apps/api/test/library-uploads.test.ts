// Admin uploads of audio and catalog edits over HTTP: a FLAC made with FFmpeg is granted, PUT, ingested and
// encoded into a song that search finds and that streams; non-admins get 403, bad input 400/415 and nothing
// is written; hiding a song and marking its album members only change what listeners may play.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { AdminSongDto, LibraryUploadDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { makeTrack } from "./helpers/library.js";

describe.each(testBackends())("admin library uploads on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let listener: Client;
  let work: string;
  let flac: Buffer;

  const put = (client: Client, url: string, bytes: Uint8Array) =>
    fetch(url, {
      method: "PUT",
      headers: { "x-purplebeats-client": "1", cookie: client.cookie, "content-type": "audio/flac" },
      body: bytes,
    });
  const grant = async (client: Client) => {
    const res = await client.post<{ uploadURL: string }>("/api/admin/library/uploads");
    expect(res.status).toBe(201);
    return res.body.uploadURL;
  };
  const uploadCount = async () =>
    Number(
      (await t.query<{ n: string }>(`SELECT count(*) AS n FROM uploads WHERE used_at IS NOT NULL`))[0]!.n,
    );

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-upload-src-"));
    const file = await makeTrack(work, "Upload Song.flac", {
      title: "Uploaded Aurora",
      artist: "Upload Artist",
      album: "Upload Album",
    });
    flac = await readFile(file);
    t = await startTestServer(kind, { adminUids: new Set([`upload-admin-${kind}`]) });
    admin = new Client(t.url);
    await admin.signInWithPi("upload-admin", `upload-admin-${kind}`);
    listener = new Client(t.url);
    await listener.signInWithPi("upload-listener");
  });
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("takes an admin's audio file through ingestion into a song that search finds and that plays", async () => {
    const uploadURL = await grant(admin);
    const stored = await put(admin, uploadURL, flac);
    expect(stored.status).toBe(200);
    // Single use: the same URL again is refused.
    expect((await put(admin, uploadURL, flac)).status).toBe(410);

    const ingested = await admin.post<LibraryUploadDto>("/api/admin/library/uploads/ingest", {
      uploadURL,
      fileName: "Upload Song.flac",
    });
    expect(ingested.status).toBe(202);
    expect(ingested.body).toMatchObject({
      state: "queued",
      title: "Uploaded Aurora",
      artist: "Upload Artist",
    });
    // Recorded as used, so a sweeper of unused grants leaves the file alone.
    const [row] = await t.query<{ used_at: Date | null }>(
      `SELECT used_at FROM uploads WHERE object_key LIKE 'library/%'`,
    );
    expect(row!.used_at).not.toBeNull();
    // Days later, the sweeper of replaced pictures leaves the catalog's music alone (it is encoded below).
    await t.query(
      `UPDATE uploads SET used_at = used_at - interval '2 days', expires_at = expires_at - interval '2 days'
       WHERE object_key LIKE 'library/%'`,
    );
    expect((await t.server.sweepUploads()).objects).toBe(0);

    let songId: string | undefined;
    for (const deadline = Date.now() + 240_000; !songId && Date.now() < deadline;) {
      const found = await listener.get<{ songs: Array<{ id: string; title: string }> }>(
        "/api/search?q=Uploaded%20Aurora",
      );
      songId = found.body.songs?.find((s) => s.title === "Uploaded Aurora")?.id;
      if (!songId) await new Promise((r) => setTimeout(r, 500));
    }
    expect(songId).toBeDefined();
    const audio = await fetch(`${t.url}/api/songs/${songId}/stream?quality=standard`, {
      headers: { cookie: listener.cookie }, // the stream needs a session
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");

    // The same music uploaded again joins the song it already is.
    const again = await grant(admin);
    expect((await put(admin, again, flac)).status).toBe(200);
    const joined = await admin.post<LibraryUploadDto>("/api/admin/library/uploads/ingest", {
      uploadURL: again,
      fileName: "copy.flac",
    });
    expect(joined.body).toMatchObject({ state: "existing", songId });

    // Catalog edits: hidden songs are not found; a members-only album needs premium.
    const songs = await admin.get<AdminSongDto[]>("/api/admin/songs?q=Aurora");
    const managed = songs.body.find((s) => s.id === songId)!;
    expect(managed).toMatchObject({ hidden: false, membersOnly: false, renditions: true });
    const hidden = await admin.put<AdminSongDto>(`/api/admin/songs/${songId}`, { hidden: true });
    expect(hidden.body.hidden).toBe(true);
    expect(
      (await fetch(`${t.url}/api/songs/${songId}/stream`, { headers: { cookie: listener.cookie } })).status,
    ).toBe(404);
    await admin.put(`/api/admin/songs/${songId}`, { hidden: false });
    const album = await admin.put<{ membersOnly: boolean }>(`/api/admin/albums/${managed.album!.id}`, {
      membersOnly: true,
    });
    expect(album.body.membersOnly).toBe(true);
    const locked = await fetch(`${t.url}/api/songs/${songId}/stream`, {
      headers: { cookie: listener.cookie },
    });
    expect(locked.status).toBe(403);
  });

  it("refuses what is not audio, an empty body, and an ingest before the upload, storing nothing", async () => {
    const before = await uploadCount();
    const uploadURL = await grant(admin);
    const text = await put(admin, uploadURL, new TextEncoder().encode("just some text, not audio at all"));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toMatch(/Only audio files/);
    expect((await put(admin, uploadURL, new Uint8Array())).status).toBe(400);
    const early = await admin.post("/api/admin/library/uploads/ingest", { uploadURL, fileName: "a.flac" });
    expect(early.status).toBe(400);
    for (const bad of [
      {},
      { uploadURL, fileName: "../escape.flac" },
      { uploadURL: "/api/objects/upload/nope", fileName: "a.flac" },
    ])
      expect((await admin.post("/api/admin/library/uploads/ingest", bad)).status).toBe(400);
    expect(await uploadCount()).toBe(before);
    // The grant is still unused: the real file can follow.
    expect((await put(admin, uploadURL, flac)).status).toBe(200);
  });

  it("refuses a format it does not take before reading the file, with a code that names the format", async () => {
    const uploadURL = await grant(admin);
    // A MIDI file's header: a format the upload recognises and does not take.
    const midi = new Uint8Array([
      ...new TextEncoder().encode("MThd"),
      ...[0, 0, 0, 6, 0, 0, 0, 1, 0, 0x60],
      ...new TextEncoder().encode("MTrk"),
      ...[0, 0, 0, 4, 0, 0xff, 0x2f, 0],
    ]);
    const refused = await put(admin, uploadURL, midi);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({
      message:
        "Unsupported format: MIDI. Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded",
      code: "uploadUnsupportedFormat",
      values: { format: "MIDI" },
    });
  });

  it("refuses a file it cannot use with its name, a stable English reason and the reason's code", async () => {
    const uploadURL = await grant(admin);
    // Its tags are whole, its audio cut short: read, then refused.
    expect((await put(admin, uploadURL, flac.subarray(0, Math.floor(flac.length / 2)))).status).toBe(200);
    const fileName = "Live: Side A.flac";
    const refused = await admin.post<{ message: string; code: string }>("/api/admin/library/uploads/ingest", {
      uploadURL,
      fileName,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: `${fileName}: Corrupt or truncated audio`,
      code: "fileCorrupt",
    });
  });

  it("is for admins only", async () => {
    const songs = await listener.get<unknown>("/api/songs?limit=1");
    const someSong = (songs.body as Array<{ id: string }>)[0]!.id;
    expect((await listener.post("/api/admin/library/uploads")).status).toBe(403);
    expect((await new Client(t.url).post("/api/admin/library/uploads")).status).toBe(401);
    expect((await listener.get("/api/admin/songs")).status).toBe(403);
    expect((await listener.put(`/api/admin/songs/${someSong}`, { hidden: true })).status).toBe(403);
    const adminURL = await grant(admin);
    expect((await put(listener, adminURL, flac)).status).toBe(403);
    expect(
      (await listener.post("/api/admin/library/uploads/ingest", { uploadURL: adminURL, fileName: "a.flac" }))
        .status,
    ).toBe(403);
    // Admins' bad edits: 400, 404, and the song unchanged.
    expect((await admin.put(`/api/admin/songs/${someSong}`, {})).status).toBe(400);
    expect((await admin.put(`/api/admin/songs/${someSong}`, { hidden: "yes" })).status).toBe(400);
    expect((await admin.put(`/api/admin/songs/not-a-uuid`, { hidden: true })).status).toBe(400);
    expect(
      (await admin.put(`/api/admin/songs/00000000-0000-4000-8000-000000000000`, { hidden: true })).status,
    ).toBe(404);
    const [row] = await t.query<{ hidden: boolean }>(`SELECT hidden FROM songs WHERE id = $1`, [someSong]);
    expect(row!.hidden).toBe(false);
  });

  it("renames an artist, sets its picture, and merges two artists into one", async () => {
    const [a, b] = await t.query<{ id: string; name: string; songs: number }>(
      `SELECT ar.id, ar.name, count(s.id)::int AS songs FROM artists ar JOIN songs s ON s.artist_id = ar.id
       GROUP BY ar.id, ar.name ORDER BY ar.name LIMIT 2`,
    );
    const refused = [
      await listener.put(`/api/admin/artists/${a!.id}`, { name: "Nope" }),
      await admin.put(`/api/admin/artists/${a!.id}`, {}),
      await admin.put(`/api/admin/artists/${a!.id}`, {
        imageUrl: "/objects/00000000-0000-4000-8000-000000000000.png",
      }),
      await admin.post("/api/admin/artists/merge", { fromId: a!.id, intoId: a!.id }),
      await admin.post("/api/admin/artists/merge", { fromId: a!.id }),
      await listener.post("/api/admin/artists/merge", { fromId: a!.id, intoId: b!.id }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 400, 400, 400, 400, 403]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.post("/api/admin/artists/merge", { fromId: unknown, intoId: b!.id })).status).toBe(
      404,
    );
    const [unchanged] = await t.query<{ name: string }>(`SELECT name FROM artists WHERE id = $1`, [a!.id]);
    expect(unchanged!.name).toBe(a!.name);

    // Another host's picture would learn the address of everyone who opens the artist's page.
    expect(
      (await admin.put(`/api/admin/artists/${a!.id}`, { imageUrl: "https://example.com/artist.jpg" })).status,
    ).toBe(400);
    const renamed = await admin.put<{ name: string; imageUrl: string }>(`/api/admin/artists/${a!.id}`, {
      name: "Renamed Artist",
      imageUrl: "/media/artists/renamed.svg",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Renamed Artist",
      imageUrl: "/media/artists/renamed.svg",
    });

    const merged = await admin.post<{ id: string; songCount: number }>("/api/admin/artists/merge", {
      fromId: a!.id,
      intoId: b!.id,
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: b!.id, songCount: a!.songs + b!.songs });
    expect(await t.query(`SELECT id FROM artists WHERE id = $1`, [a!.id])).toHaveLength(0);
  });
});
