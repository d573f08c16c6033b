// Uploads with S3-compatible storage configured, against the project's S3 simulator (which verifies
// SigV4 for real): the browser PUTs to a presigned URL, the server checks the file when it is used.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { MeDto, ProfileDto } from "@purplebeats/contracts";
import { startS3Simulator, type S3Simulator } from "@purplebeats/s3/simulator";
import { parseErrorXml } from "@purplebeats/s3";
import { loadConfig } from "../src/config/env.js";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { PNG } from "./helpers/images.js";

const BUCKET = "pb-uploads";
/** The server's S3 settings from the environment the simulator prints. */
const s3Settings = (sim: S3Simulator) => loadConfig({ ...sim.env(BUCKET) }).s3;
const APP_ORIGIN = "http://app.example";

describe.each(testBackends())("uploads to S3-compatible storage on %s", (kind) => {
  let sim: S3Simulator;
  let t: TestServer;
  beforeAll(async () => {
    sim = await startS3Simulator({ buckets: [BUCKET] });
    t = await startTestServer(kind, {
      s3: s3Settings(sim),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  const sql = (text: string, params: unknown[] = []) => t.server.db.dataSource.query(text, params);

  /** A signed-in guest with a fresh upload grant. */
  async function granted() {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const grant = await c.post<{ uploadURL: string }>("/api/objects/upload");
    expect(grant.status).toBe(200);
    return { c, uid, uploadURL: grant.body.uploadURL };
  }
  /** The browser's PUT: cross-origin, straight to the bucket, no cookies. */
  const browserPut = (url: string, body: string | Buffer, type = "image/png") =>
    fetch(url, { method: "PUT", body, headers: { "content-type": type, origin: APP_ORIGIN } });
  const setAvatar = (c: Client, uid: string, avatarURL: string) =>
    c.put<ProfileDto & { message: string }>(`/api/profile/${uid}/avatar`, { avatarURL });
  const incomingKey = (uploadURL: string) => new URL(uploadURL).pathname.slice(`/${BUCKET}/`.length);

  it("uploads an avatar through a presigned URL and serves it from the bucket with its type", async () => {
    const { c, uid, uploadURL } = await granted();
    const url = new URL(uploadURL);
    expect(url.origin).toBe(sim.url);
    expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/incoming/[0-9a-f-]{36}$`));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // The app's pages may send that PUT.
    expect((await c.get("/api/me")).headers.get("content-security-policy")).toMatch(
      new RegExp(`connect-src [^;]*${sim.url.replace(/[.]/g, "\\.")}`),
    );

    const preflight = await fetch(uploadURL, {
      method: "OPTIONS",
      headers: {
        origin: APP_ORIGIN,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(200);
    const put = await browserPut(uploadURL, PNG);
    expect(put.status).toBe(200);
    expect(put.headers.get("access-control-allow-origin")).toBe("*");

    const avatar = await setAvatar(c, uid, uploadURL);
    expect(avatar.status).toBe(200);
    expect(avatar.body.imageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect((await c.get<ProfileDto>(`/api/profile/${uid}`)).body.imageUrl).toBe(avatar.body.imageUrl);
    // Out of reach of the presigned URL now: only the checked copy is served.
    expect(sim.object(BUCKET, incomingKey(uploadURL))).toBeUndefined();

    const object = await fetch(`${t.url}${avatar.body.imageUrl}`);
    expect(object.status).toBe(200);
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(object.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(object.headers.get("x-content-type-options")).toBe("nosniff");
    expect(object.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await object.arrayBuffer()).equals(PNG)).toBe(true);

    const head = await fetch(`${t.url}${avatar.body.imageUrl}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PNG.length));
    expect(head.headers.get("content-type")).toBe("image/png");
    expect((await fetch(`${t.url}/objects/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${t.url}/objects/not-a-key`)).status).toBe(404);

    // The grant is single-use, and bound to its user.
    const again = await setAvatar(c, uid, uploadURL);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe("This upload URL has already been used");
    const other = new Client(t.url);
    const otherUid = await other.asGuest();
    const stolen = await setAvatar(other, otherUid, uploadURL);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe("This upload URL is not yours");
    expect((await setAvatar(other, otherUid, avatar.body.imageUrl!)).status).toBe(400);
    expect((await other.get<ProfileDto>(`/api/profile/${otherUid}`)).body.imageUrl).toBeNull();
  });

  it("sweeps the bucket: a replaced avatar and a PUT never used go, the avatar in use stays", async () => {
    const { c, uid, uploadURL: first } = await granted();
    expect((await browserPut(first, PNG)).status).toBe(200);
    const old = (await setAvatar(c, uid, first)).body.imageUrl!;
    const second = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body.uploadURL;
    expect((await browserPut(second, PNG)).status).toBe(200);
    const current = (await setAvatar(c, uid, second)).body.imageUrl!;
    // A file the browser PUT under incoming/ and never used (the listener left the page).
    const abandoned = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body.uploadURL;
    expect((await browserPut(abandoned, PNG)).status).toBe(200);
    const key = (objectPath: string) => objectPath.slice("/objects/".length);
    for (const k of [key(old), key(current), incomingKey(abandoned)])
      expect(sim.object(BUCKET, k), k).toBeDefined();

    await sql(
      `UPDATE uploads SET used_at = used_at - interval '2 days', expires_at = expires_at - interval '2 days'
       WHERE user_id = $1`,
      [uid],
    );
    const swept = await t.server.sweepUploads();
    expect(swept.objects).toBeGreaterThanOrEqual(1);
    expect(swept.grants).toBeGreaterThanOrEqual(1);
    expect(sim.object(BUCKET, key(old))).toBeUndefined();
    expect(sim.object(BUCKET, incomingKey(abandoned))).toBeUndefined();
    expect(sim.object(BUCKET, key(current))).toBeDefined();
    expect((await fetch(`${t.url}${current}`)).status).toBe(200);
  });

  it("sends an avatar from the bucket at the app's widths, and none once it is swept", async () => {
    const { c, uid, uploadURL } = await granted();
    const photo = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: { r: 200, g: 60, b: 120 } },
    })
      .png()
      .toBuffer();
    expect((await browserPut(uploadURL, photo)).status).toBe(200);
    const picture = (await setAvatar(c, uid, uploadURL)).body.imageUrl!;
    const sized = await fetch(`${t.url}${picture}?w=192`);
    expect(sized.status).toBe(200);
    expect(sized.headers.get("content-type")).toBe("image/webp");
    expect(sized.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(192);
    // Not a checked upload (a key nobody stored): nothing, whatever the bucket holds.
    expect((await fetch(`${t.url}/objects/00000000-0000-4000-8000-000000000000?w=96`)).status).toBe(404);

    // Replaced, then swept: gone at every width, though this instance had made the size.
    const next = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body.uploadURL;
    expect((await browserPut(next, PNG)).status).toBe(200);
    await setAvatar(c, uid, next);
    await sql(
      `UPDATE uploads SET used_at = used_at - interval '2 days', expires_at = expires_at - interval '2 days'
       WHERE user_id = $1`,
      [uid],
    );
    expect((await t.server.sweepUploads()).objects).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${t.url}${picture}?w=192`)).status).toBe(404);
  });

  it("makes a presigned upload a playlist cover, and refuses another user's bucket URL as a cover", async () => {
    const { c, uid, uploadURL } = await granted();
    await sql(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
      [uid],
    );
    expect((await browserPut(uploadURL, PNG)).status).toBe(200);
    const created = await c.post<{ imageUrl: string }>("/api/playlists", {
      name: "Covers",
      imageUrl: uploadURL,
    });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect((await fetch(`${t.url}${created.body.imageUrl}`)).headers.get("content-type")).toBe("image/png");

    // A bucket URL is never kept as an outside picture: someone else's is refused.
    const other = await granted();
    await sql(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
      [other.uid],
    );
    const theirs = await other.c.post<{ message: string }>("/api/playlists", {
      name: "Mine",
      imageUrl: uploadURL,
    });
    expect(theirs.status).toBe(403);
  });

  it("refuses another user's upload before it is used, and keeps the grant for its owner", async () => {
    const { c, uid, uploadURL } = await granted();
    expect((await browserPut(uploadURL, PNG)).status).toBe(200);
    const other = new Client(t.url);
    const otherUid = (await other.post<MeDto>("/api/guest")).body.uid;
    expect((await setAvatar(other, otherUid, uploadURL)).status).toBe(403);
    expect((await setAvatar(c, uid, uploadURL)).status).toBe(200);
  });

  it("refuses a renamed non-image and an oversized file, and deletes them from the bucket", async () => {
    const html = await granted();
    expect((await browserPut(html.uploadURL, "<html><script>alert(1)</script></html>")).status).toBe(200);
    const refused = await setAvatar(html.c, html.uid, html.uploadURL);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe("Only image files (PNG, JPEG, GIF, WebP, AVIF) can be uploaded");
    expect(sim.object(BUCKET, incomingKey(html.uploadURL))).toBeUndefined();

    const big = await granted();
    expect(
      (await browserPut(big.uploadURL, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).status,
    ).toBe(200);
    const tooBig = await setAvatar(big.c, big.uid, big.uploadURL);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("File size must be less than 5 MB");
    expect(sim.object(BUCKET, incomingKey(big.uploadURL))).toBeUndefined();
    expect((await big.c.get<ProfileDto>(`/api/profile/${big.uid}`)).body.imageUrl).toBeNull();
  });

  it("refuses an expired presigned URL at the bucket, and the expired grant with 410", async () => {
    const { c, uid, uploadURL } = await granted();
    sim.advanceClock(601);
    try {
      const late = await browserPut(uploadURL, PNG);
      expect(late.status).toBe(403);
      expect(parseErrorXml(await late.text())).toEqual({
        code: "AccessDenied",
        message: "Request has expired",
      });
    } finally {
      sim.advanceClock(-601);
    }
    expect(sim.object(BUCKET, incomingKey(uploadURL))).toBeUndefined();

    // Stored in time, but used after the grant expired.
    expect((await browserPut(uploadURL, PNG)).status).toBe(200);
    await sql(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [uid]);
    const expired = await setAvatar(c, uid, uploadURL);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This upload URL has expired. Please try again.");
  });

  it("refuses a tampered presigned URL at the bucket, so nothing is there to use", async () => {
    const { c, uid, uploadURL } = await granted();
    const tampered = new URL(uploadURL);
    const signature = tampered.searchParams.get("X-Amz-Signature")!;
    tampered.searchParams.set("X-Amz-Signature", (signature[0] === "0" ? "1" : "0") + signature.slice(1));
    const put = await browserPut(tampered.toString(), PNG);
    expect(put.status).toBe(403);
    expect(parseErrorXml(await put.text()).code).toBe("SignatureDoesNotMatch");

    const longer = new URL(uploadURL);
    longer.searchParams.set("X-Amz-Expires", "604800");
    expect((await browserPut(longer.toString(), PNG)).status).toBe(403);
    expect(sim.object(BUCKET, incomingKey(uploadURL))).toBeUndefined();

    const missing = await setAvatar(c, uid, uploadURL);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("The upload was not found in storage. Please upload the file first.");
  });
});

describe.each(testBackends())("uploads when S3 storage does not answer, on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // A port where nothing listens: the discard port, which no test binds (a simulator's port closed
    // earlier could be taken by another test file's server meanwhile, and then storage would answer).
    const gone = await startS3Simulator({ buckets: [BUCKET] });
    await gone.close();
    t = await startTestServer(kind, {
      s3: { ...s3Settings(gone)!, endpoint: "http://127.0.0.1:9" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 502 with a clear message, and keeps the grant for a retry", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const { uploadURL } = (await c.post<{ uploadURL: string }>("/api/objects/upload")).body;
    const down = await c.put<{ message: string }>(`/api/profile/${uid}/avatar`, { avatarURL: uploadURL });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe("File storage is not answering. Please try again in a moment.");
    const [grant] = (await t.server.db.dataSource.query(
      `SELECT object_key, used_at FROM uploads WHERE user_id = $1`,
      [uid],
    )) as Array<{ object_key: string; used_at: Date | null }>;
    expect(grant!.used_at).toBeNull();

    // An object recorded earlier cannot be read while storage is away.
    await t.server.db.dataSource.query(
      `UPDATE uploads SET used_at = now(), content_type = 'image/png' WHERE user_id = $1`,
      [uid],
    );
    const object = await fetch(`${t.url}/objects/${grant!.object_key}`);
    expect(object.status).toBe(502);
    // ... nor at the app's widths (a picture never sized here has nothing kept to send).
    const sized = await fetch(`${t.url}/objects/${grant!.object_key}?w=96`);
    expect(sized.status).toBe(502);
    expect(((await sized.json()) as { message: string }).message).toBe(
      "File storage is not answering. Please try again in a moment.",
    );
  });
});
