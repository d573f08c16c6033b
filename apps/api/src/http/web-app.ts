import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { CLIENT_HEADER } from "./session.js";

const API_PREFIXES = ["/api/", "/trpc/", "/media/", "/objects/", "/pi-sim/"];

/**
 * The built web app: hashed assets cached for a year, index.html always revalidated, each file sent as
 * the brotli or gzip copy the web build wrote beside it (apps/web/vite.config.ts) when the browser takes
 * one (no compression work per request; @fastify/compress leaves an encoded reply alone), and
 * every other GET that is not an API path or a built file answered with index.html for the client router.
 * (`wildcard: false` registers one route per built file, which wins over the catch-all.)
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  const indexHtml = readFileSync(path.join(webDist, "index.html"), "utf8");
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    reply.header("Cache-Control", "no-cache");
    const cover = await firstCoverOf(app, url);
    if (!cover) return reply.sendFile("index.html");
    return reply.type("text/html; charset=utf-8").send(withImagePreload(indexHtml, cover));
  });
  return true;
}

/**
 * The catalog read whose first picture a screen shows largest (its Largest Contentful Paint): Home's
 * first 'Made For You' card, a playlist's own cover. Read through the REST route, i.e. the same procedure
 * and catalog cache the screen's own call uses, as an anonymous caller (a private playlist stays unknown).
 */
function coverSourceOf(url: string): string | null {
  if (url === "/") return "/api/playlists?limit=1";
  const playlist = /^\/playlist\/([^/]+)$/.exec(url);
  return playlist ? `/api/playlists/${playlist[1]}` : null;
}

/** The cover to preload for `url`, or null (another screen, no picture, or the read failed). */
async function firstCoverOf(app: FastifyInstance, url: string): Promise<string | null> {
  const source = coverSourceOf(url);
  if (!source) return null;
  try {
    const answer = await app.inject({ method: "GET", url: source, headers: { [CLIENT_HEADER]: "1" } });
    if (answer.statusCode !== 200) return null;
    // A page of playlists is a JSON array (paging in headers); one playlist is an object.
    const body = answer.json<{ imageUrl?: unknown } | Array<{ imageUrl?: unknown }>>();
    const imageUrl = Array.isArray(body) ? body[0]?.imageUrl : body.imageUrl;
    // Only our own paths: the picture loads from this origin, and nothing odd lands in the HTML.
    return typeof imageUrl === "string" && /^\/[\w./-]+$/.test(imageUrl) ? imageUrl : null;
  } catch {
    return null; // the page still works without the hint
  }
}

/** index.html with the LCP picture requested by the HTML itself, in parallel with the app's code. */
function withImagePreload(html: string, href: string): string {
  const link = `<link rel="preload" as="image" href="${href}" fetchpriority="high" />`;
  return html.replace("</head>", `    ${link}\n  </head>`);
}
