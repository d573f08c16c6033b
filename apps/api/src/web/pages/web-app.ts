import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { CATALOG_TTL_MS, type CatalogCaches } from "../../infra/cache/catalog-cache.js";
import { ResponseCache } from "../../infra/cache/response-cache.js";
import type {
  PageReply,
  PageRequest,
  PageWorkerData,
  PageWorkerReady,
  RenderedFirstScreen,
} from "./page-worker.js";
import { SESSION_COOKIE } from "../http/session.js";
import { IMMUTABLE_CACHE, NAMED_FILE_CACHE } from "../../infra/storage/media-store.js";
import { withOpenGraph, type OpenGraph } from "./open-graph.js";
import {
  renderedPageTemplate,
  stylesheetsOf,
  type RenderedPageTemplate,
  type WebManifest,
} from "./web-manifest.js";

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

/** The screen the web app renders for a path it has no screen for (named as in Vite's manifest). */
const NOT_FOUND_SCREEN = "src/pages/NotFoundPage.tsx";

/** A page with its first screen server-rendered, and the status it is sent with (404 for the app's 'not found'). */
interface ServerRenderedPage {
  html: string;
  status: 200 | 404;
}

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
 * Where the web app's index.html holds its placeholder shell, which a server render replaces (with the
 * white space around it: the root element must hold React's markup alone).
 */
const SHELL = /\s*<!--app-->[\s\S]*<!--\/app-->\s*/;

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
  piNetwork: PiNetwork = "mainnet",
  /** The Open Graph of a shared item's page (open-graph.ts), put in its head. */
  openGraph: (pathname: string) => Promise<OpenGraph | null> = async () => null,
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
  const indexHtml = withPiNetwork(readFileSync(path.join(webDist, "index.html"), "utf8"), piNetwork);
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
      .get(call.url, {
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
    const call = { url: request.url, cookie: request.headers.cookie, log: request.log };
    return request.cookies?.[SESSION_COOKIE]
      ? serverRender({ ...call, withSession: true })
      : anonymousPage({ ...call, withSession: false });
  };
  /** The page not server-rendered: the browser renders it (index.html, with the Pi network named). */
  const sendShell = (reply: FastifyReply) =>
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  app.get("/*", async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    // A HEAD (a link checker, a monitor, a preview bot) gets the page's headers: rendering a body nobody
    // receives would cost the renders that visitors wait for.
    if (request.method === "HEAD") return sendShell(reply);
    const started = performance.now();
    const [rendered, og] = await Promise.all([page(request), openGraph(url).catch(() => null)]);
    // How long the server render took (0 for a first visit's page kept), for operators and `pnpm bench`.
    reply.header("Server-Timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
    // Added per request, after the shared first-visit page: its cached copy stays the same for every URL.
    const withHead = (html: string) =>
      og ? withOpenGraph(html, og, `${request.protocol}://${request.host}`) : html;
    if (!rendered) {
      if (!og) return sendShell(reply);
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(withHead(indexHtml));
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
          { url: WARM_UP_URL, log: app.log, withSession: false },
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
  const meta = `<meta name="pi-network" content="${network}">`;
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

/** What a render needs of the request it renders for. */
interface PageCall {
  /** The page's path and query. */
  url: string;
  /** The caller's cookies: the reads are theirs. */
  cookie?: string;
  /**
   * The page is rendered for this caller alone (they have a session), with who they are and their membership;
   * never for a page the anonymous page cache shares.
   */
  withSession: boolean;
  log: FastifyBaseLogger;
}

/** A promise that rejects when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
}

interface LoadedRenderer {
  /** The first screen of the page `call` asks for, rendered by the page worker within `timeoutMs`. */
  render(call: PageCall, timeoutMs: number): Promise<RenderedFirstScreen>;
  /** Settles once the worker has loaded the renderer (rejects if it cannot). */
  ready: Promise<void>;
  template: RenderedPageTemplate;
  /** What the head of a page that rendered `screens` adds (made once per set of screens). */
  headFor(screens: readonly string[]): string;
}

/** The web app's server build and the client build's manifest, or null when the build has no renderer. */
function loadRenderer(app: FastifyInstance, webDist: string, indexHtml: string): LoadedRenderer | null {
  const entry = path.join(webDist, "..", "dist-server", "entry-server.js");
  const manifestFile = path.join(webDist, ".vite", "manifest.json");
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as WebManifest;
  const template = renderedPageTemplate(indexHtml, manifest);
  if (!template) return null;
  // Pages render a handful of sets of screens (one per kind of page): a few heads in all.
  const heads = new Map<string, string>();
  const headFor = (screens: readonly string[]) => {
    const key = screens.join(" ");
    let head = heads.get(key);
    if (head === undefined) {
      // The screen's own stylesheets are small (a few hundred bytes each): inline, they cost the page no
      // request of its own before the first paint. A stylesheet cannot close the element it is inlined in.
      const inlined = stylesheetsOf(manifest, screens).filter((href) => !template.linkedStyles.has(href));
      const styles = inlined
        .map((href) => readFileSync(path.join(webDist, href), "utf8").replaceAll("</style", "<\\/style"))
        .join("");
      head = [
        `<style>${styles}</style>`,
        inlinedStylesheetMarks(inlined),
        startChunkMarks(template.startChunks(screens)),
        template.bootScript(screens),
      ].join("\n    ");
      heads.set(key, head);
    }
    return head;
  };
  return { ...startPageWorker(app, entry), template, headFor };
}

/**
 * How long a browser may keep a file of the build: assets/ are named by their content's hash; the HTML is
 * always revalidated; the other files (the icons) keep their names across releases, so a day, after which a
 * new icon shows (the browser asks for the page's icon again at every move between screens, a same-page
 * navigation; with no-cache each one went to the server).
 */
function webFileCaching(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE_CACHE;
  return filePath.endsWith(".html") ? "no-cache" : NAMED_FILE_CACHE;
}

/**
 * The inlined stylesheets named as disabled links: the browser neither fetches nor applies them, but the app's
 * code loader (Vite's preload helper) finds each as already linked when the screen's chunk loads. Without
 * them it links all the screen's stylesheets again after hydration, and each one's arrival restyles the
 * whole document (a long task each on a phone).
 */
export function inlinedStylesheetMarks(hrefs: readonly string[]): string {
  return hrefs.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join("");
}

/**
 * The chunks the page loads at its start (boot's, apps/web/src/boot.ts, and what they import) named as links
 * of a kind the browser ignores: it neither fetches nor runs them. For the same loader as the marks above,
 * every one is then linked already when the screen's chunk is imported at hydration; without them it adds a
 * module preload link for each of the screen's imports (about 30 on Home), all requested already, each one a
 * DOM insertion on the main thread during hydration.
 */
export function startChunkMarks(files: readonly string[]): string {
  return files.map((file) => `<link rel="x-start-chunk" href="${file}">`).join("");
}

/** Memory of the page worker's heap: a few renders at once leave little. */
const PAGE_WORKER_HEAP_MB = 128;
/**
 * The worker's young generation, where a render's short-lived objects go. V8's default let it grow to
 * 16 MB semi-spaces under a burst of renders (the worker's heap 14 -> 31 MB, all of it resident); a render
 * leaves far less than this alive, so a smaller one only means more, cheap, scavenges.
 */
const PAGE_WORKER_YOUNG_MB = 8;

/**
 * Renders pages on a worker thread (./page-worker.ts), whose reads come back over loopback HTTP as the
 * caller. A worker that fails is not restarted: pages go out not server-rendered, which the browser handles.
 */
function startPageWorker(app: FastifyInstance, entry: string): Pick<LoadedRenderer, "render" | "ready"> {
  const workerData: PageWorkerData = { entry };
  const worker = new Worker(new URL("./page-worker-entry.mjs", import.meta.url), {
    workerData,
    resourceLimits: {
      maxOldGenerationSizeMb: PAGE_WORKER_HEAP_MB,
      maxYoungGenerationSizeMb: PAGE_WORKER_YOUNG_MB,
    },
  });
  worker.unref();
  const pending = new Map<number, { resolve(page: RenderedFirstScreen): void; reject(error: Error): void }>();
  let failure: Error | null = null;
  let nextId = 0;
  let loaded: () => void;
  let notLoaded: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    loaded = resolve;
    notLoaded = reject;
  });
  ready.catch(() => {}); // a worker that fails is logged below; waiting for it is optional
  worker.on("message", (reply: PageReply | PageWorkerReady) => {
    if ("ready" in reply) return loaded();
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ("page" in reply) waiting?.resolve(reply.page);
    else waiting?.reject(new Error(reply.error));
  });
  const fail = (error: Error) => {
    failure ??= error;
    notLoaded(error);
    app.log.error({ err: error }, "the page worker stopped: pages are sent not server-rendered");
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the page worker exited (${code})`)));
  app.addHook("onClose", async () => {
    worker.removeAllListeners("exit");
    await worker.terminate();
  });
  const render: LoadedRenderer["render"] = (call, timeoutMs) =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const message: PageRequest = {
        id,
        url: call.url,
        apiBase: apiBase(app),
        cookie: call.cookie,
        withSession: call.withSession,
        timeoutMs,
      };
      worker.postMessage(message);
    });
  return { render, ready };
}

/** Where this server listens on the loopback interface. */
function apiBase(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server is not listening");
  const { family, port } = address;
  const host =
    family === "IPv6" ? (address.address === "::" ? "[::1]" : `[${address.address}]`) : "127.0.0.1";
  return `http://${host}:${port}`;
}

/**
 * The page with its first screen server-rendered, the data beside it for the browser's hydration, the
 * screen's stylesheets linked from the head and the app's code loaded after the first paint
 * (apps/web/src/boot.ts); null when the render fails or is too slow.
 */
async function renderPage(
  call: PageCall,
  { render, template, headFor }: LoadedRenderer,
  timeoutMs: number,
): Promise<ServerRenderedPage | null> {
  try {
    // The worker gives up too; this also covers a worker that does not respond.
    const page = await Promise.race([render(call, timeoutMs), aborted(AbortSignal.timeout(timeoutMs))]);
    const html = template.html
      .replace("</head>", () => `  ${headFor(page.screens)}\n  </head>`)
      .replace(SHELL, () => page.html)
      .replace("</body>", () => `  ${page.stateScript}\n  </body>`);
    return { html, status: page.screens.includes(NOT_FOUND_SCREEN) ? 404 : 200 };
  } catch (error) {
    call.log.warn({ err: error, url: call.url }, "first screen not rendered");
    return null;
  }
}
