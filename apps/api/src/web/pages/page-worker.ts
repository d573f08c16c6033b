// Runs in a worker thread: renders pages with the web app's server renderer (apps/web/src/entry-server.tsx).
// Apart from the API's thread, so that React's rendering (CPU, and the garbage it leaves) never holds up
// the API's own calls; the first screen's reads come back to the API over loopback HTTP, as the caller
// (docs/adr/0004-server-rendering-on-a-worker-thread.md).
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import type { Locale } from "@purplebeats/contracts/constants";

export interface PageWorkerData {
  /** The renderer's file (dist-server/entry-server.js). */
  entry: string;
}

export interface PageRequest {
  id: number;
  /** The page's path and query. */
  url: string;
  /** Where the API answers (http://127.0.0.1:port). */
  apiBase: string;
  /** The caller's cookie header, if any: the reads are theirs. */
  cookie?: string;
  /** The page is this caller's alone (they have a session): rendered with who they are and their membership. */
  withSession: boolean;
  /** The render gives up after this long. */
  timeoutMs: number;
  /** The page's language. */
  locale: Locale;
}

export interface RenderedFirstScreen {
  html: string;
  stateScript: string;
  screens: string[];
}

export type PageReply = { id: number; page: RenderedFirstScreen } | { id: number; error: string };

/** The worker's first message: the renderer is loaded and pages can be rendered. */
export interface PageWorkerReady {
  ready: true;
}

interface Renderer {
  renderFirstScreen(
    url: string,
    options: { callApi: typeof fetch; signal?: AbortSignal; withSession?: boolean; locale?: Locale },
  ): Promise<RenderedFirstScreen>;
}

if (!parentPort) throw new Error("the page worker must run in a worker thread");
const port = parentPort;
const { entry } = workerData as PageWorkerData;
const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
port.postMessage({ ready: true } satisfies PageWorkerReady);

port.on("message", (request: PageRequest) => {
  const callApi: typeof fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    if (request.cookie) headers.set("cookie", request.cookie);
    return fetch(request.apiBase + target.pathname + target.search, { ...init, headers });
  };
  renderer
    .renderFirstScreen(request.url, {
      callApi,
      signal: AbortSignal.timeout(request.timeoutMs),
      withSession: request.withSession,
      locale: request.locale,
    })
    .then(
      (page): PageReply => ({ id: request.id, page }),
      (error: unknown): PageReply => ({ id: request.id, error: String(error) }),
    )
    .then((reply) => port.postMessage(reply))
    // A page that cannot be posted back (not cloneable) is answered as an error, so its request ends.
    .catch((error: unknown) =>
      port.postMessage({ id: request.id, error: String(error) } satisfies PageReply),
    );
});
