// The built web app as the API serves it: the build's own brotli/gzip copies, caching by kind of file,
// and index.html for the client router's paths.
import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "../src/http/web-app.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

const INDEX = "<!doctype html><title>PurpleBeats</title>" + "<!-- padding -->".repeat(100);
const SCRIPT = "console.log('first screen');".repeat(200);

let dist: string;
let app: FastifyInstance;

/** A build as apps/web's vite.config.ts writes it: every text file with its .gz and .br beside it. */
function writeBuilt(file: string, body: string) {
  const full = path.join(dist, file);
  writeFileSync(full, body);
  writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${full}.br`, brotliCompressSync(body));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "pb-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeBuilt("index.html", INDEX);
  writeBuilt("assets/index-AbC123.js", SCRIPT);
  app = Fastify();
  // As in server.ts: the compression plugin is registered for everything else.
  await app.register(fastifyCompress, { threshold: 1024 });
  expect(await registerWebApp(app, dist)).toBe(true);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("the web app's files", () => {
  it("sends the build's brotli copy to browsers that take it, its gzip copy to the others, else plain text", async () => {
    const built = (suffix: string) => statSync(path.join(dist, `assets/index-AbC123.js${suffix}`)).size;
    const br = await get("/assets/index-AbC123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    // The very file the build wrote (compression per request would stream a body of its own, unsized).
    expect(Number(br.headers["content-length"])).toBe(built(".br"));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get("/assets/index-AbC123.js", "gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(built(".gz"));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get("/assets/index-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const reply of [br, gz, plain]) expect(reply.headers.vary).toMatch(/accept-encoding/i);
  });

  it("caches hashed assets for good and has index.html revalidated", async () => {
    expect((await get("/assets/index-AbC123.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/index.html")).headers["cache-control"]).toBe("no-cache");
  });

  it("answers the client router's paths with index.html, compressed, and leaves API paths alone", async () => {
    const screen = await get("/playlist/discover-weekly", "gzip");
    expect(screen.statusCode).toBe(200);
    expect(screen.headers["cache-control"]).toBe("no-cache");
    expect(screen.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(screen.rawPayload).toString()).toBe(INDEX);

    expect((await get("/api/no-such-route")).statusCode).toBe(404);
  });
});

describe("the first screen's picture", () => {
  let t: TestServer;
  let seededDist: string;
  const preloads = async (url: string) => {
    const html = await (await fetch(t.url + url)).text();
    return [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high"/g)].map(
      (m) => m[1],
    );
  };

  beforeAll(async () => {
    seededDist = mkdtempSync(path.join(tmpdir(), "pb-web-"));
    writeFileSync(
      path.join(seededDist, "index.html"),
      "<!doctype html><html><head></head><body></body></html>",
    );
    t = await startTestServer("pglite", { webDist: seededDist });
  });

  afterAll(async () => {
    await t.close();
    rmSync(seededDist, { recursive: true, force: true });
  });

  it("is requested by Home's HTML (the first 'Made For You' card) and a playlist's (its cover)", async () => {
    const { body: playlists } = await getJson<Array<{ id: string; imageUrl: string | null }>>(
      `${t.url}/api/playlists?limit=1`,
      { headers: { "x-purplebeats-client": "1" } },
    );
    const first = playlists[0]!;
    expect(first.imageUrl).toBeTruthy();
    expect(await preloads("/")).toEqual([first.imageUrl]);
    expect(await preloads(`/playlist/${first.id}`)).toEqual([first.imageUrl]);
  });

  it("is left out where the screen has none or the playlist is unknown", async () => {
    expect(await preloads("/search")).toEqual([]);
    expect(await preloads("/playlist/no-such-playlist")).toEqual([]);
  });
});
