// The client against the simulator over real HTTP: the simulator verifies SigV4 for real, so a wrong
// secret, a tampered URL or an expired one is refused with S3's own error codes.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client, parseErrorXml, type S3Client, S3Error } from "../src/index.js";
import { startS3Simulator, type S3Simulator } from "../src/simulator/index.js";

const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let sim: S3Simulator;
let s3: S3Client;
const clientWith = (overrides: Partial<Parameters<typeof createS3Client>[0]> = {}) =>
  createS3Client({
    endpoint: sim.url,
    bucket: "media",
    region: sim.region,
    accessKeyId: sim.accessKeyId,
    secretAccessKey: sim.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  });

beforeAll(async () => {
  sim = await startS3Simulator({ buckets: ["media"] });
  s3 = clientWith();
});
afterAll(async () => {
  await sim?.close();
});

async function refusal(response: Response) {
  return { status: response.status, ...parseErrorXml(await response.text()) };
}

describe("S3 client and simulator", () => {
  it("stores, describes, reads (whole, ranged, streamed) and deletes an object", async () => {
    const body = Buffer.concat([PNG_HEAD, Buffer.from("rest of the picture")]);
    await s3.put("covers/a b.png", body, "image/png");
    expect(sim.object("media", "covers/a b.png")?.body.equals(body)).toBe(true);

    expect(await s3.head("covers/a b.png")).toMatchObject({ size: body.length, contentType: "image/png" });
    expect((await s3.getRange("covers/a b.png", 0, 7))?.equals(PNG_HEAD.subarray(0, 8))).toBe(true);
    // A range past the end is cut to the object, as S3 does.
    expect((await s3.getRange("covers/a b.png", 0, 10_000))?.length).toBe(body.length);

    const stream = await s3.getStream("covers/a b.png");
    expect(stream).toMatchObject({ size: body.length, contentType: "image/png" });
    expect(Buffer.from(await new Response(stream!.body).arrayBuffer()).equals(body)).toBe(true);

    await s3.delete("covers/a b.png");
    expect(await s3.head("covers/a b.png")).toBeNull();
    expect(await s3.getRange("covers/a b.png", 0, 7)).toBeNull();
    expect(await s3.getStream("covers/a b.png")).toBeNull();
    // Deleting what is not there succeeds, as on S3.
    await expect(s3.delete("covers/a b.png")).resolves.toBeUndefined();
  });

  it("accepts a browser PUT to a presigned URL, with CORS, and a presigned GET reads it back", async () => {
    const url = await s3.presign("PUT", "avatars/1", 60);
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: "http://app.example",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");

    const put = await fetch(url, {
      method: "PUT",
      body: PNG_HEAD,
      headers: { "content-type": "image/png", origin: "http://app.example" },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get("access-control-allow-origin")).toBe("*");
    expect(sim.object("media", "avatars/1")?.contentType).toBe("image/png");

    const get = await fetch(await s3.presign("GET", "avatars/1", 60));
    expect(Buffer.from(await get.arrayBuffer()).equals(PNG_HEAD)).toBe(true);
  });

  it("refuses a tampered presigned URL, another key, and an unsigned request", async () => {
    const url = new URL(await s3.presign("PUT", "avatars/2", 60));
    const longer = new URL(url);
    longer.searchParams.set("X-Amz-Expires", "604800");
    expect(await refusal(await fetch(longer, { method: "PUT", body: "x" }))).toMatchObject({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    const elsewhere = new URL(url);
    elsewhere.pathname = "/media/avatars/3";
    expect((await refusal(await fetch(elsewhere, { method: "PUT", body: "x" }))).code).toBe(
      "SignatureDoesNotMatch",
    );
    const flipped = new URL(url);
    const signature = flipped.searchParams.get("X-Amz-Signature")!;
    flipped.searchParams.set("X-Amz-Signature", (signature[0] === "a" ? "b" : "a") + signature.slice(1));
    expect((await refusal(await fetch(flipped, { method: "PUT", body: "x" }))).code).toBe(
      "SignatureDoesNotMatch",
    );
    expect(await refusal(await fetch(`${sim.url}/media/avatars/2`, { method: "PUT", body: "x" }))).toEqual({
      status: 403,
      code: "AccessDenied",
      message: "Access Denied",
    });
    expect(sim.keys("media")).not.toContain("avatars/2");
    expect(sim.keys("media")).not.toContain("avatars/3");
  });

  it("refuses a presigned URL once it has expired", async () => {
    const url = await s3.presign("PUT", "avatars/late", 60);
    sim.advanceClock(61);
    try {
      expect(await refusal(await fetch(url, { method: "PUT", body: PNG_HEAD }))).toMatchObject({
        status: 403,
        code: "AccessDenied",
        message: "Request has expired",
      });
    } finally {
      sim.advanceClock(-61);
    }
    expect(sim.object("media", "avatars/late")).toBeUndefined();
  });

  it("refuses a wrong secret, an unknown key id, a skewed clock and a body that is not the one signed", async () => {
    const wrongSecret = clientWith({ secretAccessKey: "not-the-secret" });
    await expect(wrongSecret.head("x")).rejects.toMatchObject({ kind: "forbidden", status: 403 });
    await expect(wrongSecret.put("x", PNG_HEAD)).rejects.toMatchObject({
      kind: "forbidden",
      code: "SignatureDoesNotMatch",
    });
    await expect(clientWith({ accessKeyId: "nobody" }).put("x", PNG_HEAD)).rejects.toMatchObject({
      code: "InvalidAccessKeyId",
    });
    await expect(
      clientWith({ now: () => new Date(Date.now() - 60 * 60 * 1000) }).put("x", PNG_HEAD),
    ).rejects.toMatchObject({ code: "RequestTimeTooSkewed" });
    await expect(clientWith({ region: "eu-west-1" }).put("x", PNG_HEAD)).rejects.toMatchObject({
      status: 400,
      code: "AuthorizationHeaderMalformed",
    });

    // Signed for one body, sent with another.
    const signedFor = clientWith({
      fetch: (input, init) => fetch(input, { ...init, body: Buffer.from("something else") }),
    });
    await expect(signedFor.put("x", PNG_HEAD)).rejects.toMatchObject({
      status: 400,
      code: "XAmzContentSHA256Mismatch",
    });
    expect(sim.object("media", "x")).toBeUndefined();
  });

  it("answers ranges like S3: 206 with Content-Range, 416 past the end", async () => {
    await s3.put("r", Buffer.from("0123456789abcdef"));
    const url = await s3.presign("GET", "r", 60);
    const ranged = await fetch(url, { headers: { range: "bytes=10-" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 10-15/16");
    expect(await ranged.text()).toBe("abcdef");
    const suffix = await fetch(url, { headers: { range: "bytes=-3" } });
    expect(await suffix.text()).toBe("def");
    const past = await fetch(url, { headers: { range: "bytes=99-" } });
    expect(past.status).toBe(416);
    expect(parseErrorXml(await past.text()).code).toBe("InvalidRange");
  });

  it("refuses a CORS preflight without an origin or for a method it does not allow", async () => {
    const url = await s3.presign("PUT", "p", 60);
    expect(
      (await fetch(url, { method: "OPTIONS", headers: { "access-control-request-method": "PUT" } })).status,
    ).toBe(403);
    expect(
      (
        await fetch(url, {
          method: "OPTIONS",
          headers: { origin: "http://app.example", "access-control-request-method": "PATCH" },
        })
      ).status,
    ).toBe(403);
  });

  it("fails with clear errors: an unknown bucket, a timeout, unreachable storage", async () => {
    await expect(clientWith({ bucket: "nope" }).put("x", PNG_HEAD)).rejects.toMatchObject({
      kind: "not_found",
      code: "NoSuchBucket",
    });

    const silent = createServer(() => {}); // accepts connections, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const slow = clientWith({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      const error = await slow.head("x").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(S3Error);
      expect(error).toMatchObject({ kind: "timeout", message: "S3 HEAD media/x timed out after 200 ms" });
    } finally {
      silent.close();
    }
    await expect(clientWith({ endpoint: `http://127.0.0.1:${port}` }).head("x")).rejects.toMatchObject({
      kind: "unavailable",
    });
  });

  it("copies an object server-side, only the version asked for, and reads only a pinned version", async () => {
    await s3.put("incoming/c", PNG_HEAD, "application/octet-stream");
    const etag = (await s3.head("incoming/c"))!.etag!;
    expect((await s3.getRange("incoming/c", 0, 3, etag))?.length).toBe(4);

    await s3.copy("incoming/c", "final/c", { ifMatch: etag, contentType: "image/png" });
    expect(sim.object("media", "final/c")).toMatchObject({ contentType: "image/png", etag });
    expect(sim.object("media", "final/c")?.body.equals(PNG_HEAD)).toBe(true);

    // Replaced since it was checked: neither the read nor the copy may use the new bytes.
    await s3.put("incoming/c", Buffer.from("<html>"), "text/html");
    await expect(s3.getRange("incoming/c", 0, 3, etag)).rejects.toMatchObject({
      status: 412,
      code: "PreconditionFailed",
    });
    await expect(s3.copy("incoming/c", "final/d", { ifMatch: etag })).rejects.toMatchObject({
      status: 412,
      code: "PreconditionFailed",
    });
    expect(sim.object("media", "final/d")).toBeUndefined();
    await expect(s3.copy("incoming/none", "final/e")).rejects.toMatchObject({
      status: 404,
      code: "NoSuchKey",
    });
  });

  it("knows which URLs name its objects", async () => {
    expect(s3.keyOf(await s3.presign("PUT", "avatars/9", 60))).toBe("avatars/9");
    expect(s3.keyOf(`${sim.url}/other-bucket/avatars/9`)).toBeNull();
    expect(s3.keyOf("https://elsewhere.example/media/avatars/9")).toBeNull();
    const virtual = createS3Client({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "media",
      region: "eu-central-1",
      accessKeyId: "a",
      secretAccessKey: "s",
      forcePathStyle: false,
    });
    expect(virtual.origin).toBe("https://media.s3.eu-central-1.amazonaws.com");
    expect(virtual.keyOf("https://media.s3.eu-central-1.amazonaws.com/avatars/9?X-Amz-Signature=x")).toBe(
      "avatars/9",
    );
  });
});
