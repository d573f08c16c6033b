// With S3 configured, renditions live in the bucket (the seed's too) and the stream endpoint redirects to a
// short-lived signed URL there: any instance serves the catalog without a shared disk.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startS3Simulator, type S3Simulator } from "@purplebeats/s3/simulator";
import { createS3Client } from "@purplebeats/s3";
import { loadConfig } from "../src/config/env.js";
import { bucketMediaStore } from "../src/infra/storage/media-store.js";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const BUCKET = "pb-media";

describe("media in an S3-compatible bucket", () => {
  let sim: S3Simulator;
  let t: TestServer;
  beforeAll(async () => {
    sim = await startS3Simulator({ buckets: [BUCKET] });
    t = await startTestServer("pglite", { s3: loadConfig({ ...sim.env(BUCKET) }).s3 });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("redirects a stream to a signed bucket URL that answers the rendition with ranges", async () => {
    const visitor = new Client(t.url);
    await visitor.asGuest(); // the stream needs a session
    const songs = await visitor.get<Array<{ id: string }>>("/api/songs?limit=1");
    const res = await fetch(`${t.url}/api/songs/${songs.body[0]!.id}/stream?quality=standard`, {
      redirect: "manual",
      headers: { cookie: visitor.cookie },
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(sim.url);
    expect(location.pathname).toMatch(new RegExp(`^/${BUCKET}/renditions/[0-9a-f]{64}-128\\.mp3$`));
    expect(location.searchParams.get("X-Amz-Expires")).toBe("600");
    const part = await fetch(location, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // Nobody gets it signed by its key under /media: that would skip the song's rules.
    const bypass = await fetch(`${t.url}/media${location.pathname.slice(`/${BUCKET}`.length)}`, {
      redirect: "manual",
    });
    expect(bypass.status).toBe(404);
    expect(bypass.headers.get("location")).toBeNull();
    // The player may follow it (media-src names the bucket).
    expect(res.headers.get("content-security-policy") ?? "").toContain(
      `media-src 'self' blob: data: ${sim.url}`,
    );
  });

  it("sends the seed's covers, which stay in the instance's folder, whole and sized", async () => {
    const visitor = new Client(t.url);
    const songs = await visitor.get<Array<{ imageUrl: string | null }>>("/api/songs?limit=1");
    const cover = songs.body[0]!.imageUrl!;
    // Not in the bucket (the seed writes its pictures to each instance's folder): answered from there.
    const stored = await fetch(t.url + cover, { redirect: "manual" });
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(480);
    const sized = await fetch(`${t.url}${cover}?w=192`);
    expect(sized.status).toBe(200);
    expect(sized.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(192);
    expect((await fetch(`${t.url}/media/covers/no-such-cover.webp`)).status).toBe(404);
  });

  it("sizes a scanned cover kept in the bucket", async () => {
    const picture = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const key = `covers/${"ab".repeat(32)}.jpg`;
    // As the scanner stores a cover it found: in the bucket, by its content's hash.
    await bucketMediaStore(createS3Client(t.config.s3!)).putBytes(key, picture, "image/jpeg");
    const stored = await fetch(`${t.url}/media/${key}`, { redirect: "manual" });
    expect(stored.status).toBe(302);
    const sized = await fetch(`${t.url}/media/${key}?w=384`);
    expect(sized.status).toBe(200);
    expect(sized.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(384);
  });
});
