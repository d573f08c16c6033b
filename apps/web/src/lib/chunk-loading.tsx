// Loading the app's lazy chunks (each screen, menu, dialog and player part is one: first-screen/lazy-screens.tsx)
// when the network may be gone or the build on the server may have changed. The one module that owns it:
//
// - `chunkLoader(importer)`: an import() kept once it has arrived and shared while it is on its way. One that
//   failed stays failed (every caller gets the same rejection, so a render does not start a new request in a loop)
//   until the next attempt: `retryChunks()`, which the Retry buttons call and the browser's `online` event calls
//   by itself (and again a few times while what it asked for still fails). A failure is a `ChunkLoadError`.
// - `lazyChunk(importer, { failed })`: React's `lazy` on such a loader: after a failure and a retry it loads
//   again (React's own lazy keeps its first rejection for good, and with no error boundary above it the whole app
//   went blank). Its failure shows `failed` in its place (ui/chunks/ChunkUnavailable.tsx says why, with a Retry),
//   or goes up to the nearest `ChunkBoundary` (the screens' one keeps the shell); either resets at the next attempt.
// - A stylesheet that failed with its chunk (Vite's preload: 'Unable to preload CSS for ...', the event
//   `vite:preloadError`) is not asked for again by Vite, which counts it as seen: the next attempt loads it
//   again itself before the chunk's code runs.
// - A new deploy: the chunks of the build the page came with are gone (404). A chunk that fails while online is
//   looked for again; when the server says it is not there, the page is out of date (`chunkState().updateReady`):
//   it reloads by itself at the first moment nothing plays (at once, or at the next navigation), and until then
//   the app offers 'A new version is available' with a Reload. The service worker's new version is offered the
//   same way (`noteUpdateReady`), and taken when the listener reloads.
import {
  Component,
  createElement,
  lazy,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";

/** A lazily loaded part of the app whose code (or stylesheet) did not arrive. */
export class ChunkLoadError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = "ChunkLoadError";
  }
}

/** What browsers and Vite say when a module or its stylesheet could not be fetched. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** A failure to load code, not a bug in it: ChunkLoadError, or the browser's own error for an import(). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

export interface ChunkState {
  /** The browser says it is online (navigator.onLine: false is certain, true may still be a dead network). */
  online: boolean;
  /** A newer build is on the server: this page's chunks may be gone (reload to take the new one). */
  updateReady: boolean;
  /** How many times failed chunks have been asked for again (each retry, each return of the network). */
  attempt: number;
}

let state: ChunkState = {
  online: typeof navigator === "undefined" || navigator.onLine !== false,
  updateReady: false,
  attempt: 0,
};
const listeners = new Set<() => void>();

function setState(next: Partial<ChunkState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener();
}

/** The network and build state, as the app's notices and boundaries show it. */
export function chunkState(): ChunkState {
  return state;
}

/** Calls `listener` at every change of chunkState(); returns what stops it. */
export function onChunkStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: ChunkState = { online: true, updateReady: false, attempt: 0 };

/** chunkState() in a component (online during the server render and hydration's first pass). */
export function useChunkState(): ChunkState {
  return useSyncExternalStore(onChunkStateChange, chunkState, () => serverState);
}

/**
 * Asks for every failed chunk again: boundaries showing a failure reset (their parts render, and load, again).
 * Called by a Retry button, and by itself when the browser comes back online.
 */
export function retryChunks(): void {
  failedThisAttempt = false;
  setState({ attempt: state.attempt + 1, online: isOnlineNow() });
}

/** A chunk failed in the current attempt. */
let failedThisAttempt = false;

/**
 * The browser's `online` comes before a connection works (the radio, DNS, a captive portal): a chunk that fails
 * in the attempt the return started, or in one of these, is asked for again after each pause in turn. After the
 * last, it is the listener's Retry (or the next navigation).
 */
const RETURN_RETRY_PAUSES_MS = [1_000, 2_000, 4_000, 8_000];
/** The pause the next retry after a return waits (an index of RETURN_RETRY_PAUSES_MS); null: no return behind. */
let returnRetry: number | null = null;
let returnRetryTimer: ReturnType<typeof setTimeout> | undefined;

function networkReturned(): void {
  clearTimeout(returnRetryTimer);
  returnRetryTimer = undefined;
  returnRetry = 0;
  retryChunks();
}

function networkLost(): void {
  clearTimeout(returnRetryTimer);
  returnRetryTimer = undefined;
  returnRetry = null;
  setState({ online: false });
}

/** A chunk failed in the current attempt: once the network has just returned, the next try is scheduled. */
function scheduleReturnRetry(): void {
  if (returnRetry === null || returnRetryTimer !== undefined || !isOnlineNow()) return;
  const pause = RETURN_RETRY_PAUSES_MS[returnRetry];
  if (pause === undefined) {
    returnRetry = null;
    return;
  }
  returnRetry += 1;
  returnRetryTimer = setTimeout(() => {
    returnRetryTimer = undefined;
    if (failedThisAttempt && isOnlineNow()) retryChunks();
  }, pause);
}

/** A new attempt if a chunk failed in this one: a navigation asks again for what it needs (it may be back). */
export function retryChunksIfFailed(): void {
  if (failedThisAttempt) retryChunks();
}

const isOnlineNow = () => typeof navigator === "undefined" || navigator.onLine !== false;

// ---------------------------------------------------------------------------------------------------------------
// Stylesheets that failed with their chunk.

/** The stylesheets (absolute URLs) Vite failed to preload: it will not ask for them again. */
const failedStylesheets = new Set<string>();
const PRELOAD_CSS_FAILURE = /Unable to preload CSS for (\S+)/;

/** Notes a failure Vite reports (`vite:preloadError`); the import's own rejection is what the loaders handle. */
function notePreloadError(error: unknown): void {
  const match = error instanceof Error ? PRELOAD_CSS_FAILURE.exec(error.message) : null;
  if (match?.[1]) failedStylesheets.add(new URL(match[1], document.baseURI).href);
}

/** The stylesheets being linked again, each shared by every chunk that waits for it. */
const restoring = new Map<string, Promise<void>>();

/**
 * Links each failed stylesheet again (the failed link element replaced) and waits until they have loaded. One link
 * per stylesheet however many chunks wait for it: a second link replacing a first that is still loading would take
 * the first one's load event with it, and the chunk waiting for that event would wait for good.
 */
async function restoreStylesheets(): Promise<void> {
  if (failedStylesheets.size === 0 || typeof document === "undefined") return;
  await Promise.all([...failedStylesheets].map(restoreStylesheet));
}

function restoreStylesheet(href: string): Promise<void> {
  const onItsWay = restoring.get(href);
  if (onItsWay) return onItsWay;
  const restored = new Promise<void>((resolve, reject) => {
    const stale = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (link) => link.href === href,
    );
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.crossOrigin = "";
    link.href = href;
    link.addEventListener("load", () => {
      failedStylesheets.delete(href);
      resolve();
    });
    link.addEventListener("error", () => {
      link.remove();
      reject(new Error(`Unable to preload CSS for ${href}`));
    });
    if (stale) stale.replaceWith(link);
    else document.head.appendChild(link);
  }).finally(() => restoring.delete(href));
  restoring.set(href, restored);
  return restored;
}

// ---------------------------------------------------------------------------------------------------------------
// A new deploy.

/** Whether a reload now would interrupt the listener (the app says so while something plays). */
let listening = false;

/** The app tells whether something is playing: a new build is taken (a reload) only when nothing is. */
export function noteListening(playing: boolean): void {
  listening = playing;
}

let reloader = () => window.location.reload();

/** Reloads the page into the newest build (through the service worker's new version when one waits). */
export const reloadPage = { now: (): void => reloader() };

/** How the page reloads into a new build (lib/service-worker.ts: the waiting worker takes over first). */
export function setPageReloader(reload: () => void): void {
  reloader = reload;
}

/** A reload the app made by itself this recently is not made again (a build that still fails: no loop). */
const AUTO_RELOAD_PAUSE_MS = 30_000;
const AUTO_RELOAD_KEY = "purplebeats:auto-reload";

/** Whether the app may reload by itself now (not within AUTO_RELOAD_PAUSE_MS of its last one); notes it. */
function mayReloadByItself(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(AUTO_RELOAD_KEY) ?? 0);
    if (Date.now() - last < AUTO_RELOAD_PAUSE_MS) return false;
    window.sessionStorage.setItem(AUTO_RELOAD_KEY, String(Date.now()));
  } catch {
    // No storage: reload anyway.
  }
  return true;
}

/** This page's build no longer loads (a chunk is gone): it reloads by itself at the first moment nothing plays. */
let reloadByItself = false;

/**
 * A newer build is on the server. A chunk of this one is gone (`atOnce`): a part of the page no longer loads, so it
 * reloads now unless something plays, else at the first navigation when nothing does. Or the service worker has a
 * new version: the page still has its whole build (the old worker's precache), so the shell offers a Reload and
 * the listener chooses the moment (closed and opened again, the app starts on the new version anyway).
 */
export function noteUpdateReady({ atOnce = false }: { atOnce?: boolean } = {}): void {
  if (!state.updateReady) setState({ updateReady: true });
  if (!atOnce) return;
  reloadByItself = true;
  reloadIfIdle();
}

/**
 * Takes the new build if nothing plays (and the app has not just reloaded by itself): called when a chunk of
 * this build is found gone and at each navigation once a new build is known. Otherwise the app's notice offers it.
 */
export function reloadIfIdle(): boolean {
  if (!state.updateReady || !reloadByItself || listening || !mayReloadByItself()) return false;
  reloadPage.now();
  return true;
}

/** The URL of the file a chunk failure names (the module, or the stylesheet), if any. */
const FAILED_URL = /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/;

/**
 * After a chunk failed while online: is the file still on the server? A 404 means this page's build has been
 * replaced (its chunks are named by their content and the new build has others).
 */
async function checkForNewBuild(error: unknown): Promise<void> {
  if (!isOnlineNow() || state.updateReady || typeof fetch === "undefined") return;
  const url = error instanceof Error ? FAILED_URL.exec(error.message)?.[1] : undefined;
  if (!url) return;
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store" });
    if (response.status === 404) noteUpdateReady({ atOnce: true });
  } catch {
    // No answer: the network, not the build.
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Loaders.

export interface ChunkLoader<T> {
  /** The chunk's module: at once when it is here, else its import (shared while on its way). */
  (): Promise<T>;
  /** The module, once it has arrived. */
  loaded(): T | undefined;
}

/**
 * `importer` (an `import()`) run once, kept once it has arrived. A failure is kept for the current attempt (every
 * caller gets the same ChunkLoadError) and forgotten at the next one (retryChunks, the network's return).
 */
export function chunkLoader<T>(importer: () => Promise<T>): ChunkLoader<T> {
  let module: T | undefined;
  let arrived = false;
  /** The import on its way, or the failed one of `attempt` (kept until the next attempt). */
  let current: { promise: Promise<T>; failedAttempt?: number } | undefined;
  const load = (): Promise<T> => {
    if (arrived) return Promise.resolve(module as T);
    const failedBefore = current?.failedAttempt !== undefined && current.failedAttempt !== state.attempt;
    if (current && !failedBefore) return current.promise;
    const attempt = state.attempt;
    const entry: { promise: Promise<T>; failedAttempt?: number } = {
      promise: restoreStylesheets()
        .then(importer)
        .then(
          (value) => {
            module = value;
            arrived = true;
            return value;
          },
          (error: unknown) => {
            entry.failedAttempt = attempt;
            if (attempt === state.attempt) {
              failedThisAttempt = true;
              scheduleReturnRetry();
            }
            void checkForNewBuild(error);
            if (!isOnlineNow() && state.online) setState({ online: false });
            throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
          },
        ),
    };
    // A failure nobody awaits (a preload ahead of a tap) is not an unhandled rejection: the render that needs
    // the chunk gets it.
    entry.promise.catch(() => undefined);
    current = entry;
    return entry.promise;
  };
  return Object.assign(load, { loaded: () => module });
}

export type LazyChunk<P> = ((props: P) => ReactElement) & {
  /** Loads the code ahead of the first render. */
  preload(): Promise<void>;
  /** The code is here: it renders without suspending. */
  isLoaded(): boolean;
};

/** The props of a component type. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export interface LazyChunkOptions<P> {
  /** The component's name in React's tools. */
  name?: string;
  /**
   * What shows in its place when its code could not be loaded (until the next attempt, which renders it again).
   * Without it, the failure goes up to an outer ChunkBoundary (the screens': app/shell/AppLayout.tsx).
   */
  failed?: (props: P) => ReactNode;
}

/**
 * React's `lazy` for a chunk: suspends while the code is on its way (the caller's Suspense shows its fallback),
 * renders it at once when it is here, and when it could not be loaded shows `failed` (or throws a ChunkLoadError
 * to the ChunkBoundary above). At the next attempt it loads again: React's own lazy keeps its first failure.
 */
export function lazyChunk<C>(
  importer: () => Promise<{ default: C }>,
  options: LazyChunkOptions<NoInfer<PropsOf<C>>> = {},
): LazyChunk<PropsOf<C>> {
  return untypedLazyChunk(
    importer as unknown as () => Promise<{ default: ComponentType<AnyProps> }>,
    options as unknown as LazyChunkOptions<AnyProps>,
  ) as unknown as LazyChunk<PropsOf<C>>;
}

type AnyProps = Record<string, unknown>;

function untypedLazyChunk(
  importer: () => Promise<{ default: ComponentType<AnyProps> }>,
  { name, failed }: LazyChunkOptions<AnyProps>,
): LazyChunk<AnyProps> {
  const load = chunkLoader(importer);
  let current: { attempt: number; Lazy: ComponentType<AnyProps> } | undefined;
  function Code(props: AnyProps): ReactElement {
    const loaded = load.loaded();
    if (loaded) return createElement(loaded.default, props);
    // A new lazy for each attempt: React's keeps the first one's failure.
    if (current?.attempt !== state.attempt) current = { attempt: state.attempt, Lazy: lazy(load) };
    return createElement(current.Lazy, props);
  }
  function Chunk(props: AnyProps): ReactElement {
    // Mounted once the code is here, without the boundary: a list's rows render one component less each. Decided
    // at mount, so that the part is not mounted anew (its state lost) when its code arrives.
    const [guarded] = useState(() => failed !== undefined && !load.loaded());
    const code = createElement(Code, props);
    if (!guarded || !failed) return code;
    return createElement(ChunkBoundary, { fallback: failed(props), children: code });
  }
  if (name) Chunk.displayName = name;
  return Object.assign(Chunk, {
    preload: () => load().then(() => undefined),
    isLoaded: () => load.loaded() !== undefined,
  });
}

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** What shows in place of a part whose code could not be loaded. */
  fallback: ReactNode;
  /** A change of this value renders the part again (a navigation to another screen). */
  resetKey?: unknown;
}

interface ChunkBoundaryState {
  error: unknown;
  /** The attempt the failure belongs to. */
  attempt: number;
  resetKey: unknown;
}

/**
 * The error boundary of lazily loaded parts (a screen, a menu, a dialog, a player part): when their code does
 * not arrive, `fallback` shows in their place and the rest of the app stays. At the next attempt (Retry, the
 * network's return) or a new `resetKey` they render, and load, again. Any other error is not this boundary's:
 * it goes on up.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, ChunkBoundaryState> {
  override state: ChunkBoundaryState = { error: null, attempt: state.attempt, resetKey: this.props.resetKey };
  private stopListening: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown): Partial<ChunkBoundaryState> {
    return { error, attempt: state.attempt };
  }

  static getDerivedStateFromProps(
    props: ChunkBoundaryProps,
    current: ChunkBoundaryState,
  ): Partial<ChunkBoundaryState> | null {
    if (Object.is(props.resetKey, current.resetKey)) return null;
    return { resetKey: props.resetKey, error: null };
  }

  override componentDidMount(): void {
    this.stopListening = onChunkStateChange(() => {
      if (this.state.error !== null && state.attempt !== this.state.attempt) this.setState({ error: null });
    });
  }

  override componentWillUnmount(): void {
    this.stopListening?.();
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return this.props.fallback;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The browser's events.

if (typeof window !== "undefined") {
  // The network back: every failed chunk is asked for again (the boundaries showing 'offline' reset).
  window.addEventListener("online", networkReturned);
  window.addEventListener("offline", networkLost);
  // Vite's preload of a chunk's stylesheets and imports failed. Not prevented: the import rejects, and the
  // loader above handles it (a boundary shows it, the next attempt loads again).
  window.addEventListener("vite:preloadError", (event) => {
    notePreloadError((event as Event & { payload?: unknown }).payload);
  });
}
