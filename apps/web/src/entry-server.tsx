// The server's render of a page's first screen (built by `vite build --ssr`, run by the API's page worker,
// apps/api/src/web/pages/page-worker.ts): the phone paints the screen, cover included, from the HTML itself
// instead of after the app's code has downloaded and run (Largest Contentful Paint on a slow phone).
// The browser's entry (main.tsx) then hydrates the HTML with the same data.
import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
// The web-streams build: the Node build makes an AsyncLocalStorage when it loads, which turns on async
// hooks for every promise of the API's process (measured: a quarter of a playlist read's throughput).
import { prerender } from "react-dom/static.browser";
import { StaticRouter } from "react-router-dom";
import superjson from "superjson";
import { AppTree } from "./app/App";
import { prefetchFirstScreen } from "./first-screen/first-screen-reads";
import { createQueryClient } from "./app/query-client";
import { FIRST_SCREEN_STATE_ID, RenderedScreensProvider } from "./first-screen/server-html";
import { prefetchSessionReads } from "./app/session-reads";
import { createApiClient } from "./lib/trpc";
import { createI18n, MESSAGES_SCRIPT_ID } from "./i18n";
import { loadMessages } from "./i18n/catalogs";
import { recordingReads } from "./i18n/first-screen-messages";
import { DEFAULT_LOCALE, type Locale } from "@purplebeats/contracts/constants";

export interface FirstScreenRender {
  /** The markup of the app's root element. */
  html: string;
  /** Script elements with the data and the messages the markup was rendered from, for the browser's hydration. */
  stateScript: string;
  /** The screens rendered, named as in Vite's manifest (their stylesheets belong in the page's head). */
  screens: string[];
}

export interface RenderOptions {
  /** Calls the API (in process: the server's own routes, as the caller of the page). */
  callApi: typeof fetch;
  /** Gives up the render (the page is then sent without it). */
  signal?: AbortSignal;
  /**
   * The caller has a session: the page is theirs alone, rendered with who they are and their membership.
   * False for the page shared by every caller without one (the API's anonymous page cache).
   */
  withSession?: boolean;
  /** The page's language (the API picks it: the visitor's choice, else their browser's languages). */
  locale?: Locale;
}

/** Where the renderer's API calls go; `callApi` responds to them, so the host is never resolved. */
const API_URL = "http://purplebeats.internal/trpc";

/** Renders the page at `url` (path and query) with the first screen's reads answered. */
export async function renderFirstScreen(
  url: string,
  { callApi, signal, withSession = false, locale = DEFAULT_LOCALE }: RenderOptions,
): Promise<FirstScreenRender> {
  const { pathname, search } = new URL(url, "http://purplebeats.internal");
  const queryClient = createQueryClient();
  const apiClient = createApiClient({ url: API_URL, fetch: callApi });
  const [messages] = await Promise.all([
    loadMessages(locale),
    prefetchFirstScreen(pathname, search, queryClient, apiClient, {
      belowFold: false,
      newListener: !withSession,
    }),
    withSession ? prefetchSessionReads(queryClient, apiClient).catch(() => {}) : undefined,
  ]);
  // A read that failed is rendered as loading, as the browser's first render will render it (it asks again).
  queryClient.removeQueries({ predicate: (query) => query.state.status !== "success" });

  // The messages the render reads are those the page carries (the browser loads the rest after the first screen).
  const rendered = recordingReads(messages);
  const i18n = createI18n(locale, rendered.messages);
  const screens = new Set<string>();
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname + search}>
        <RenderedScreensProvider value={screens}>
          <AppTree queryClient={queryClient} apiClient={apiClient} i18n={i18n} fromServerHtml />
        </RenderedScreensProvider>
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, complete: no script reveals a part later (the page's policy allows no inline script).
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();

  // JSON inside a script element: '<' escaped so that no text can close the element.
  const state = superjson.stringify(dehydrate(queryClient)).replaceAll("<", "\\u003c");
  // The messages the screen shows go with the page, not in the first screen's code (its size budget).
  const catalog = JSON.stringify(rendered.read()).replaceAll("<", "\\u003c");
  const stateScript =
    `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${state}</script>` +
    `<script type="application/json" id="${MESSAGES_SCRIPT_ID}">${catalog}</script>`;
  return { html, stateScript, screens: [...screens] };
}
