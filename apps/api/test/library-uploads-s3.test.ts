// Admin audio uploads with S3-compatible storage (the project's S3 simulator, which checks SigV4 for real):
// the browser PUTs the file straight into the bucket through a presigned URL; ingestion checks it, moves it
// out of the URL's reach, and the encode fetches it to a temporary file for FFmpeg; the renditions land in
// the bucket and the song streams from there. A non-audio file is refused and deleted.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { LibraryUploadDto } from "@purplebeats/contracts";
import { startS3Simulator, type S3Simulator } from "@purplebeats/s3/simulator";
import { loadConfig } from "../src/config/env.js";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { makeTrack } from "./helpers/library.js";

const BUCKET = "pb-library";

describe.each(testBackends())("admin audio uploads to S3 on %s", (kind) => {
  let sim: S3Simulator;
  let t: TestServer;
  let admin: Client;
  let work: string;
  let flac: Buffer;
  const grant = async (client: Client) => {
    const res = await client.post<{ uploadURL: string }>("/api/admin/library/uploads");
    expect(res.status).toBe(201);
    return res.body.uploadURL;
  };
  /** The browser's PUT: cross-origin, straight to the bucket, no cookies. */
  const browserPut = (url: string, body: Uint8Array, type = "audio/flac") =>
    fetch(url, { method: "PUT", body, headers: { "content-type": type, origin: "http://app.example" } });
  const keyOf = (uploadURL: string) => new URL(uploadURL).pathname.slice(`/${BUCKET}/`.length);

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-upload-s3-"));
    const file = await makeTrack(work, "Cloud Song.flac", {
      title: "Cloud Aurora",
      artist: "Bucket Artist",
      album: "Bucket Album",
    });
    flac = await readFile(file);
    sim = await startS3Simulator({ buckets: [BUCKET] });
    t = await startTestServer(kind, {
      s3: loadConfig({ ...sim.env(BUCKET) }).s3,
      adminUids: new Set(["s3-admin"]),
    });
    admin = new Client(t.url);
    await admin.signInWithPi("s3-admin", "s3-admin");
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("ingests a file PUT into the bucket; its renditions live in the bucket and it streams from there", async () => {
    const uploadURL = await grant(admin);
    expect(new URL(uploadURL).origin).toBe(sim.url);
    expect(keyOf(uploadURL)).toMatch(/^incoming\/library\/[0-9a-f-]{36}$/);
    expect((await browserPut(uploadURL, flac)).status).toBe(200);

    const ingested = await admin.post<LibraryUploadDto>("/api/admin/library/uploads/ingest", {
      uploadURL,
      fileName: "Cloud Song.flac",
    });
    expect(ingested.status).toBe(202);
    expect(ingested.body).toMatchObject({ state: "queued", title: "Cloud Aurora", artist: "Bucket Artist" });
    // Out of the presigned URL's reach: only the checked copy stays.
    const key = keyOf(uploadURL).slice("incoming/".length);
    expect(sim.object(BUCKET, keyOf(uploadURL))).toBeUndefined();
    expect(sim.object(BUCKET, key)).toBeDefined();

    let song: { id: string; standard_key: string; high_key: string; source: string } | undefined;
    const deadline = Date.now() + 120_000;
    while (!song && Date.now() < deadline) {
      [song] = await t.query(
        `SELECT id, standard_key, high_key, source FROM songs WHERE title = 'Cloud Aurora'`,
      );
      if (!song) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(song).toBeDefined();
    expect(song!.source).toBe(`bucket:${key}`);
    expect(sim.object(BUCKET, song!.standard_key)).toBeDefined();
    expect(sim.object(BUCKET, song!.high_key)).toBeDefined();

    const res = await fetch(`${t.url}/api/songs/${song!.id}/stream?quality=standard`, {
      redirect: "manual",
      headers: { cookie: admin.cookie }, // the stream needs a session
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(sim.url);
    const audio = await fetch(location);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    // The same URL again: the adopted object is read, and it is the same song.
    const again = await admin.post<LibraryUploadDto>("/api/admin/library/uploads/ingest", {
      uploadURL,
      fileName: "Cloud Song.flac",
    });
    expect(again.body).toMatchObject({ state: "existing", songId: song!.id });
  });

  it("refuses a file that is not audio, deletes it, and lets no one else ingest an admin's upload", async () => {
    const uploadURL = await grant(admin);
    expect((await browserPut(uploadURL, Buffer.from("not music at all, just words\n"))).status).toBe(200);
    const refused = await admin.post<{ message: string }>("/api/admin/library/uploads/ingest", {
      uploadURL,
      fileName: "notes.flac",
    });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toContain("Only audio files");
    expect(sim.object(BUCKET, keyOf(uploadURL))).toBeUndefined();

    const other = await grant(admin);
    await browserPut(other, flac);
    const listener = new Client(t.url);
    await listener.signInWithPi("s3-listener");
    expect(
      (await listener.post("/api/admin/library/uploads/ingest", { uploadURL: other, fileName: "x.flac" }))
        .status,
    ).toBe(403);
    expect(
      (
        await admin.post("/api/admin/library/uploads/ingest", {
          uploadURL: `${sim.url}/${BUCKET}/incoming/elsewhere`,
          fileName: "x.flac",
        })
      ).status,
    ).toBe(400);
  });
});
