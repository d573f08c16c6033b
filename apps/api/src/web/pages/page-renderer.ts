// The server renderer: the web build's entry-server on a worker thread (page-worker.ts), and the page it
// makes of a rendered first screen (the build's index.html with the screen's styles, its data and its code).
// How many renders run at once, and which pages are kept, is the route's (web-app.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Locale } from "@purplebeats/contracts/constants";
import { withLocale } from "./page-locale.js";
import type {
  PageReply,
  PageRequest,
  PageWorkerData,
  PageWorkerReady,
  RenderedFirstScreen,
} from "./page-worker.js";
import {
  renderedPageTemplate,
  stylesheetsOf,
  type RenderedPageTemplate,
  type WebManifest,
} from "./web-manifest.js";

/** The screen the web app renders for a path it has no screen for (named as in Vite's manifest). */
const NOT_FOUND_SCREEN = "src/pages/NotFoundPage.tsx";

/** A page with its first screen server-rendered, and the status it is sent with (404 for the app's 'not found'). */
export interface ServerRenderedPage {
  html: string;
  status: 200 | 404;
}

/**
 * Where the web app's index.html holds its placeholder shell, which a server render replaces (with the
 * white space around it: the root element must hold React's markup alone).
 */
const SHELL = /\s*<!--app-->[\s\S]*<!--\/app-->\s*/;

/** What a render needs of the request it renders for. */
export interface PageCall {
  /** The page's path and query. */
  url: string;
  /** The caller's cookies: the reads are theirs. */
  cookie?: string;
  /**
   * The page is rendered for this caller alone (they have a session), with who they are and their membership;
   * never for a page the anonymous page cache shares.
   */
  withSession: boolean;
  /** The page's language (page-locale.ts). */
  locale: Locale;
  log: FastifyBaseLogger;
}

/** A promise that rejects when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
}

export interface LoadedRenderer {
  /** The first screen of the page `call` asks for, rendered by the page worker within `timeoutMs`. */
  render(call: PageCall, timeoutMs: number): Promise<RenderedFirstScreen>;
  /** Settles once the worker has loaded the renderer (rejects if it cannot). */
  ready: Promise<void>;
  template: RenderedPageTemplate;
  /** What the head of a page that rendered `screens` adds (made once per set of screens). */
  headFor(screens: readonly string[]): string;
}

/** The web app's server build and the client build's manifest, or null when the build has no renderer. */
export function loadRenderer(
  app: FastifyInstance,
  webDist: string,
  indexHtml: string,
): LoadedRenderer | null {
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
        locale: call.locale,
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
export async function renderPage(
  call: PageCall,
  { render, template, headFor }: LoadedRenderer,
  timeoutMs: number,
): Promise<ServerRenderedPage | null> {
  try {
    // The worker gives up too; this also covers a worker that does not respond.
    const page = await Promise.race([render(call, timeoutMs), aborted(AbortSignal.timeout(timeoutMs))]);
    const html = withLocale(template.html, call.locale)
      .replace("</head>", () => `  ${headFor(page.screens)}\n  </head>`)
      .replace(SHELL, () => page.html)
      .replace("</body>", () => `  ${page.stateScript}\n  </body>`);
    return { html, status: page.screens.includes(NOT_FOUND_SCREEN) ? 404 : 200 };
  } catch (error) {
    call.log.warn({ err: error, url: call.url }, "first screen not rendered");
    return null;
  }
}
