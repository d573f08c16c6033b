import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { CATALOG_TTL_MS, type CatalogCaches } from "../../infra/cache/catalog-cache.js";
import { ResponseCache } from "../../infra/cache/response-cache.js";
import { SESSION_COOKIE } from "../http/session.js";
import { IMMUTABLE_CACHE, NAMED_FILE_CACHE } from "../../infra/storage/media-store.js";
import { withOpenGraph, type OpenGraph } from "./open-graph.js";
import { registerAppManifest } from "./app-manifest.js";
import { pageLocale, withLocale } from "./page-locale.js";
import { DEFAULT_LOCALE, type Locale } from "@purplebeats/contracts/constants";
import { adSettingsMeta, DEFAULT_AD_SETTINGS, type AdSettings } from "./ad-settings.js";
import {
  aborted,
  loadRenderer,
  renderPage,
  type PageCall,
  type ServerRenderedPage,
} from "./page-renderer.js";

const API_PREFIXES = ["/api/", "/trpc/", "/media/", "/objects/", "/pi-sim/"];

/** How long a server render may take (Config.pageRendering; RENDER_TIMEOUT_MS, RENDER_WARM_UP_MS). */
export interface PageRendering {
  /** A page whose render (its reads and React's) takes longer is sent not server-rendered: the browser renders it itself. */
  timeoutMs: number;
  /**
   * At start, the worker loads the renderer and renders Home once before the server reports ready, so that no
   * visitor pays the cold start (module loading, JIT, the first reads); it may take this long, after which
   * the server reports ready anyway and pages are rendered in the browser only until the renderer catches up.
   */
  warmUpMs: number;
}

export const DEFAULT_PAGE_RENDERING: PageRendering = { timeoutMs: 1_500, warmUpMs: 30_000 };

/** The page the server renders at start (the one most first visits ask for). */
const WARM_UP_URL = "/";

/**
 * Renders under way at once, beyond which pages are sent not server-rendered: a render is milliseconds of CPU that the
 * API's own calls wait behind, so under a burst of page loads the server sheds rendering, not responding.
 */
export const MAX_CONCURRENT_RENDERS = 4;

/**
 * Pages rendered for callers without a session (a first visit) are alike for all of them: kept as long as
 * the catalog reads they show (dropped on any catalog change but plays), within this many bytes.
 */
export const ANONYMOUS_PAGES_BYTES = 4 * 1024 * 1024;

/**
 * The built web app: hashed assets cached for a year, index.html always revalidated, each file sent as
 * the brotli or gzip copy the web build wrote beside it (apps/web/vite.config.ts) when the browser takes
 * one (no compression work per request; @fastify/compress leaves an encoded reply alone), and
 * every other GET that is not an API path or a built file answered with the page for the client router,
 * its first screen rendered by the server when the web build includes its renderer (dist-server beside dist).
 * (`wildcard: false` registers one route per built file, which wins over the catch-all.)
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  /** This server's catalog changes: a first visit's cached page shows catalog reads. */
  catalog: Pick<CatalogCaches, "onChange">,
  rendering: PageRendering = DEFAULT_PAGE_RENDERING,
  pageSettings: PageSettings = DEFAULT_PAGE_SETTINGS,
  /** The Open Graph of a shared item's page (open-graph.ts) in the page's language, put in its head. */
  openGraph: (pathname: string, locale: Locale) => Promise<OpenGraph | null> = async () => null,
): Promise<WebApp | null> {
  if (!existsSync(path.join(webDist, "index.html"))) return null;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header("Cache-Control", webFileCaching(filePath));
    },
  });
  registerAppManifest(app);
  const indexHtml = withPageSettings(readFileSync(path.join(webDist, "index.html"), "utf8"), pageSettings);
  const renderer = loadRenderer(app, webDist, indexHtml);
  if (!renderer)
    app.log.info("the web build has no server renderer: pages are rendered by the browser alone");
  let renders = 0;
  const serverRender = async (
    call: PageCall,
    timeoutMs = rendering.timeoutMs,
  ): Promise<ServerRenderedPage | null> => {
    if (!renderer || renders >= MAX_CONCURRENT_RENDERS) return null;
    renders += 1;
    try {
      return await renderPage(call, renderer, timeoutMs);
    } finally {
      renders -= 1;
    }
  };
  const anonymousPages = new ResponseCache({ maxBytes: ANONYMOUS_PAGES_BYTES });
  const stopListening = catalog.onChange((change) => {
    if (!change || change.playlistId !== undefined || change.songs) anonymousPages.invalidate();
  });
  app.addHook("onClose", async () => stopListening());
  /** A first visit's page (no session): rendered once and shared by every first visit. */
  const anonymousPage = (call: PageCall, timeoutMs?: number): Promise<ServerRenderedPage | null> =>
    anonymousPages
      // One page per language: the cookie or Accept-Language picked it.
      .get(`${call.locale} ${call.url}`, {
        ttl: CATALOG_TTL_MS,
        load: async () => {
          const page = await serverRender(call, timeoutMs);
          if (page === null) throw new Error("not server-rendered"); // a page not server-rendered is not kept
          return page;
        },
        body: (page) => ({ html: page.html }),
      })
      .catch(() => null);
  /** The page rendered for `request`: shared with every other caller without a session, else its own. */
  const page = (request: FastifyRequest): Promise<ServerRenderedPage | null> => {
    if (!renderer) return Promise.resolve(null);
    const call = {
      url: request.url,
      cookie: request.headers.cookie,
      locale: pageLocale(request),
      log: request.log,
    };
    return request.cookies?.[SESSION_COOKIE]
      ? serverRender({ ...call, withSession: true })
      : anonymousPage({ ...call, withSession: false });
  };
  /** The page not server-rendered: the browser renders it (index.html, with the Pi network named), in the caller's language. */
  const sendShell = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(withLocale(indexHtml, pageLocale(request)));
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    // A HEAD (a link checker, a monitor, a preview bot) gets the page's headers: rendering a body nobody
    // receives would cost the renders that visitors wait for.
    // The page's language follows the cookie and Accept-Language: a shared cache keeps one per both.
    reply.header("Vary", "Accept-Language, Cookie");
    if (request.method === "HEAD") return sendShell(request, reply);
    const started = performance.now();
    const [rendered, og] = await Promise.all([
      page(request),
      openGraph(url, pageLocale(request)).catch(() => null),
    ]);
    // How long the server render took (0 for a first visit's page kept), for operators and `pnpm bench`.
    reply.header("Server-Timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
    // Added per request, after the shared first-visit page: its cached copy stays the same for every URL.
    const withHead = (html: string) =>
      og ? withOpenGraph(html, og, `${request.protocol}://${request.host}`) : html;
    if (!rendered) {
      if (!og) return sendShell(request, reply);
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(withHead(withLocale(indexHtml, pageLocale(request))));
    }
    // Rendered for this caller (their session's cookie went with the reads): never shared by a cache.
    reply.header("Cache-Control", "private, no-cache");
    return reply.code(rendered.status).type("text/html; charset=utf-8").send(withHead(rendered.html));
  });
  return {
    async warmUp() {
      if (!renderer) return null;
      const started = performance.now();
      const limit = AbortSignal.timeout(rendering.warmUpMs);
      try {
        await Promise.race([renderer.ready, aborted(limit)]);
        const loadedMs = performance.now() - started;
        const home = await anonymousPage(
          { url: WARM_UP_URL, log: app.log, withSession: false, locale: DEFAULT_LOCALE },
          rendering.warmUpMs,
        );
        const firstRenderMs = performance.now() - started - loadedMs;
        if (home === null) throw new Error("the first render failed");
        const figures = { loadedMs: Math.round(loadedMs), firstRenderMs: Math.round(firstRenderMs) };
        app.log.info(figures, "page renderer ready");
        return figures;
      } catch (error) {
        app.log.warn(
          { err: error },
          "the page renderer is not ready: pages are sent not server-rendered until it is",
        );
        return null;
      }
    },
  };
}

/** Which Pi network the web app initialises Pi's SDK for (PI_SANDBOX, read when the server starts). */
export type PiNetwork = "sandbox" | "mainnet";

/**
 * The page names the Pi network in a meta element (`<meta name="pi-network" content="sandbox">`) that the
 * web app reads before Pi.init: one build serves the sandbox and mainnet, as the server is configured.
 */
export function withPiNetwork(html: string, network: PiNetwork): string {
  return withHeadMeta(html, `<meta name="pi-network" content="${network}">`);
}

/** What every page tells the web app of the server's settings: the Pi network and the ads (ad-settings.ts). */
export interface PageSettings {
  piNetwork: PiNetwork;
  ads: AdSettings;
  /** A development server: the language picker offers the pseudo-locale (English accented, 40 % longer). */
  pseudoLocale?: boolean;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = { piNetwork: "mainnet", ads: DEFAULT_AD_SETTINGS };

/** The meta element that lets a production build offer the pseudo-locale, on a development server only. */
export const PSEUDO_LOCALE_META = '<meta name="pb-pseudo-locale" content="on">';

/** The page with its settings' meta elements: read by the app before it starts, so no request asks for them. */
export function withPageSettings(html: string, settings: PageSettings): string {
  const meta = adSettingsMeta(settings.ads) + (settings.pseudoLocale ? PSEUDO_LOCALE_META : "");
  return withHeadMeta(withPiNetwork(html, settings.piNetwork), meta);
}

function withHeadMeta(html: string, meta: string): string {
  if (html.includes("</head>")) return html.replace("</head>", () => `  ${meta}\n  </head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${meta}`);
}

/** The web app the API serves. */
export interface WebApp {
  /**
   * Loads the server renderer and renders the first page once (the server must be listening: a render's reads
   * come back over loopback); never fails, at most PageRendering.warmUpMs. Null when pages are rendered in the browser only.
   */
  warmUp(): Promise<RendererWarmUp | null>;
}

/** What the start-up render took. */
export interface RendererWarmUp {
  /** The worker's start and the renderer's loading. */
  loadedMs: number;
  /** The first page's render, reads included. */
  firstRenderMs: number;
}

/**
 * How long a browser may keep a file of the build: assets/ are named by their content's hash; the HTML and the
 * service worker are always revalidated (a new deploy's worker must be found at the browser's next check, not a
 * day later); the other files (the icons) keep their names across releases, so a day, after which a new icon
 * shows (the browser asks for the page's icon again at every move between screens, a same-page navigation; with
 * no-cache each one went to the server).
 */
export function webFileCaching(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE_CACHE;
  if (filePath.endsWith(".html") || path.basename(filePath) === SERVICE_WORKER_FILE) return "no-cache";
  return NAMED_FILE_CACHE;
}

/** The web build's service worker (apps/web/src/sw.ts), served at the site's root so that its scope is the app. */
export const SERVICE_WORKER_FILE = "sw.js";
