// The catalog's pictures at the widths the app shows them: /media/covers/<file>?w=<width> (src/web/http/media.ts,
// src/infra/storage/sized-art.ts), over HTTP on a seeded server, and the sizing itself on pictures a scan may bring.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProfileDto, SongDto } from "@purplebeats/contracts";
import { ART_WIDTHS } from "@purplebeats/contracts/schemas";
import { createSizedArt } from "../src/infra/storage/sized-art.js";
import { Client, getJson, startTestServer, type TestServer } from "./helpers/server.js";

const widthOf = async (bytes: ArrayBuffer | Buffer) =>
  (await sharp(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)).metadata()).width;

describe("a catalog picture at the app's widths", () => {
  let t: TestServer;
  let cover: string;
  beforeAll(async () => {
    t = await startTestServer("pglite");
    const { body } = await getJson<SongDto[]>(`${t.url}/api/songs?limit=1`);
    cover = body[0]!.imageUrl!;
    expect(cover).toMatch(/^\/media\/covers\/[a-z0-9-]+\.webp$/);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends a row's and a card's cover at their widths, as WebP, and the same bytes the next time", async () => {
    const stored = await fetch(t.url + cover);
    expect(await widthOf(await stored.arrayBuffer())).toBe(480); // the seed's pictures

    for (const width of [96, 384]) {
      const sized = await fetch(`${t.url}${cover}?w=${width}`);
      expect(sized.status).toBe(200);
      expect(sized.headers.get("content-type")).toBe("image/webp");
      // Named by the seed's slug, not by its content: kept a day, as the stored picture.
      expect(sized.headers.get("cache-control")).toBe("public, max-age=86400");
      const bytes = Buffer.from(await sized.arrayBuffer());
      expect(await widthOf(bytes)).toBe(width);
      const again = Buffer.from(await (await fetch(`${t.url}${cover}?w=${width}`)).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    }
    // Never enlarged: 768 of a 480 px picture is the picture's own width.
    expect(await widthOf(await (await fetch(`${t.url}${cover}?w=768`)).arrayBuffer())).toBe(480);
  });

  it("sizes an artist's picture too", async () => {
    const { body: songs } = await getJson<SongDto[]>(`${t.url}/api/songs?limit=1`);
    const { body } = await getJson<{ imageUrl: string | null }>(
      `${t.url}/api/artists/${songs[0]!.artist!.id}`,
    );
    const picture = body.imageUrl;
    expect(picture).toMatch(/^\/media\/artists\//);
    const sized = await fetch(`${t.url}${picture}?w=192`);
    expect(sized.status).toBe(200);
    expect(await widthOf(await sized.arrayBuffer())).toBeLessThanOrEqual(192);
  });

  it("refuses a width the app does not use, and answers 404 for a picture there is not", async () => {
    const odd = await fetch(`${t.url}${cover}?w=100`);
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toBe(
      `w must be one of ${ART_WIDTHS.join(", ")}`,
    );
    expect((await fetch(`${t.url}${cover}?w=abc`)).status).toBe(400);
    expect((await fetch(`${t.url}/media/covers/no-such-cover.webp?w=96`)).status).toBe(404);
    // Only the catalog's pictures are sized: the audio beside them is sent as it is.
    expect((await fetch(`${t.url}/media/covers/../package.json?w=96`)).status).not.toBe(200);
  });
});

describe("an uploaded picture at the app's widths", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A phone's photo as an avatar: 1,600 x 1,200 px, sent as the listener's upload. */
  async function avatarOf(c: Client, uid: string) {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 140, b: 90 } },
    })
      .png()
      .toBuffer();
    const { uploadURL } = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body;
    const stored = await c.put(new URL(uploadURL).pathname, photo, { "content-type": "image/png" });
    expect(stored.status).toBe(200);
    const avatar = await c.put<ProfileDto>(`/api/profile/${uid}/avatar`, { avatarURL: uploadURL });
    expect(avatar.status).toBe(200);
    return { picture: avatar.body.imageUrl!, photo };
  }

  it("sends an avatar at a row's width as WebP, with the stored object's headers", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const { picture, photo } = await avatarOf(c, uid);
    expect(picture).toMatch(/^\/objects\/[0-9a-f-]{36}\.png$/);
    // Without w: the upload as stored.
    expect(Buffer.from(await (await fetch(t.url + picture)).arrayBuffer()).equals(photo)).toBe(true);

    const sized = await fetch(`${t.url}${picture}?w=96`);
    expect(sized.status).toBe(200);
    expect(sized.headers.get("content-type")).toBe("image/webp");
    expect(sized.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(sized.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(sized.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await sized.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([96, 72]);
    expect(bytes.length).toBeLessThan(photo.length / 10);

    expect((await fetch(`${t.url}${picture}?w=100`)).status).toBe(400);
    expect((await fetch(`${t.url}/objects/00000000-0000-0000-0000-000000000000.png?w=96`)).status).toBe(404);
  });

  it("forgets a swept picture's sizes with it: a replaced avatar is gone at every width", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const { picture: old } = await avatarOf(c, uid);
    expect((await fetch(`${t.url}${old}?w=192`)).status).toBe(200);
    const sizes = path.join(t.config.mediaDir, ".sized", "objects", "192");
    const name = old.slice("/objects/".length);
    expect(readdirSync(sizes).some((file) => file.startsWith(name))).toBe(true);
    const { picture: current } = await avatarOf(c, uid);

    // Days later, the sweeper takes the replaced avatar away.
    await t.query(
      `UPDATE uploads SET used_at = used_at - interval '2 days', expires_at = expires_at - interval '2 days'
       WHERE user_id = $1`,
      [uid],
    );
    expect((await t.server.sweepUploads()).objects).toBeGreaterThanOrEqual(1);
    expect((await fetch(t.url + old)).status).toBe(404);
    expect((await fetch(`${t.url}${old}?w=192`)).status).toBe(404);
    expect(existsSync(path.join(sizes, `${name}.webp`))).toBe(false);
    expect((await fetch(`${t.url}${current}?w=192`)).status).toBe(200);
  });
});

describe("sizing a stored picture", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pb-sized-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes a scanned album's large JPEG as wide as asked, keeping its shape", async () => {
    const large = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 120, g: 40, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    let reads = 0;
    const art = createSizedArt({ read: async () => (reads++, large), cacheDir: dir });
    const [first, second] = await Promise.all([art.get("covers/a.jpg", 768), art.get("covers/a.jpg", 768)]);
    expect(first!.contentType).toBe("image/webp");
    const meta = await sharp(first!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([768, 512]);
    expect(first!.bytes.length).toBeLessThan(large.length);
    expect(second!.bytes.equals(first!.bytes)).toBe(true);
    // Made once: the second asker waited for the first, and a later one reads what was kept.
    await art.get("covers/a.jpg", 768);
    expect(reads).toBe(1);
  });

  it("sends bytes it cannot decode as they were stored, and nothing for a picture there is not", async () => {
    const notAPicture = Buffer.from("not a picture at all");
    const art = createSizedArt({
      read: async (key) => (key === "covers/b.png" ? notAPicture : null),
      cacheDir: dir,
    });
    expect(await art.get("covers/b.png", 96)).toEqual({ bytes: notAPicture, contentType: "image/png" });
    expect(await art.get("covers/missing.png", 96)).toBeNull();
  });
});
