import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

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
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });
  return true;
}
