// The built web app as the API serves it: the build's own brotli/gzip copies, caching by kind of file,
// and index.html for the client router's paths (a build without the server renderer: server-render.test.ts
// has the pages the server draws).
import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SETTINGS, registerWebApp, withPageSettings } from "../src/web/pages/web-app.js";
import { CatalogCaches } from "../src/infra/cache/catalog-cache.js";

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
  writeFileSync(path.join(dist, "favicon.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  app = Fastify();
  // As in server/http-app.ts: the compression plugin is registered for everything else.
  await app.register(fastifyCompress, { threshold: 1024, syncThreshold: 65_536 });
  expect(await registerWebApp(app, dist, new CatalogCaches())).not.toBeNull();
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

  it("has the service worker revalidated at every check, at the root (its scope is the whole app)", async () => {
    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the web app manifest: PurpleBeats, standalone from /, in its purple, with installable icons", async () => {
    const reply = await get("/manifest.webmanifest");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("no-cache");
    const manifest = reply.json<Record<string, unknown> & { icons: Array<Record<string, string>> }>();
    expect(manifest).toMatchObject({
      name: "PurpleBeats",
      short_name: "PurpleBeats",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#7e22ce",
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ]),
    );
  });

  it("lets the browser keep the icon for a day: it asks for it again at every move between screens", async () => {
    const icon = await get("/favicon.png");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("answers the client router's paths with index.html, compressed, and leaves API paths alone", async () => {
    const screen = await get("/playlist/discover-weekly", "gzip");
    expect(screen.statusCode).toBe(200);
    expect(screen.headers["cache-control"]).toBe("no-cache");
    expect(screen.headers["content-encoding"]).toBe("gzip");
    // The page names the Pi network the server runs on (mainnet unless PI_SANDBOX=1).
    expect(gunzipSync(screen.rawPayload).toString()).toBe(withPageSettings(INDEX, DEFAULT_PAGE_SETTINGS));
    expect(gunzipSync(screen.rawPayload).toString()).toContain('<meta name="pi-network" content="mainnet">');

    expect((await get("/api/no-such-route")).statusCode).toBe(404);
  });
});
