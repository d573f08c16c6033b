// The first screen arrives as HTML the server rendered (src/entry-server.tsx), which React then hydrates:
// for that, the browser's first render must render exactly what the server rendered. Whatever only
// the browser knows (what the player kept from the last visit, the Pi Browser) follows right after.
import { createContext, use, useState } from "react";

const ServerHtmlContext = createContext(false);

/** Provided by the app's root: whether this tree starts by hydrating the server-rendered HTML. */
export const ServerHtmlProvider = ServerHtmlContext.Provider;

/** Whether this tree's first render hydrates the server-rendered HTML (and the server's render itself). */
export function useStartsFromServerHtml(): boolean {
  return use(ServerHtmlContext);
}

/** Set in the browser once the first screen is hydrated (never on the server: its renders are all first). */
let serverHtmlTakenOver = false;

/** The first screen is hydrated (AppLayout): components that mount from now on are not in the server's HTML. */
export function markServerHtmlTakenOver(): void {
  serverHtmlTakenOver = true;
}

/** For tests: as before the first screen was hydrated. */
export function resetServerHtmlTakenOver(): void {
  serverHtmlTakenOver = false;
}

/**
 * Whether this component mounted in the server's render or in the browser's hydration of it, rather than
 * later (after a navigation, or a section revealed afterwards). Decided at mount, so it stays what it was.
 */
export function useMountedInServerHtml(): boolean {
  const fromServerHtml = useStartsFromServerHtml();
  const [inServerHtml] = useState(() => fromServerHtml && !serverHtmlTakenOver);
  return inServerHtml;
}

const RenderedScreensContext = createContext<Set<string> | null>(null);

/**
 * The server's renderer collects the lazily loaded modules a page rendered (its screen, the rows' hearts): the
 * page's head links their stylesheets and its boot script loads their chunks with the app's own, at once.
 */
export const RenderedScreensProvider = RenderedScreensContext.Provider;

/**
 * Records that the lazily loaded module in `file` (its path in the web app's source, as Vite's manifest
 * names it) is rendered.
 */
export function useRecordRenderedModule(file: string): void {
  use(RenderedScreensContext)?.add(file);
}

/** The element of the server's HTML that carries the first screen's data (TanStack Query's dehydrated cache). */
export const FIRST_SCREEN_STATE_ID = "pb-first-screen-state";
