import type { QueryClient } from "@tanstack/react-query";
import { Route, Routes } from "react-router-dom";
import { ScreenRouter } from "./screen-router";
import type { I18n } from "@lingui/core";
import { AppProviders } from "./providers";
import { SCREEN_PATHS, screenLoadedAt, screenNameAt } from "../first-screen/lazy-screens";
import { ServerHtmlProvider } from "../first-screen/server-html";
import { lazyChunk } from "../lib/chunk-loading";
import { AppLayout } from "./shell/AppLayout";
import type { ApiClient } from "../lib/trpc";
import { PlayerProvider, type NowPlayingParts } from "../features/player";
// The loaders alone, not the library's index: its parts are code of their own, not the entry's.
import { loadLikeSongButton, loadSaveQueueButton } from "../features/library/lazy";
// The rows' menu behind its light trigger (already the entry's): its menu's code loads when first pressed.
import { SongMenu } from "../features/library/LazyMenus";

/**
 * Now Playing's heart, 'Save as playlist' and the song's menu: the library's, each a chunk of its own loaded when first drawn
 * (offline before they came, they are left out until the network returns).
 */
const NOW_PLAYING_PARTS: NowPlayingParts = {
  LikeSongButton: lazyChunk(loadLikeSongButton, { failed: () => null }),
  SaveQueueButton: lazyChunk(loadSaveQueueButton, { failed: () => null }),
  SongMenu,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout screenNameAt={screenNameAt} />}>
        {SCREEN_PATHS.map(({ path, screen: Screen }) =>
          path === "/" ? (
            <Route key={path} index element={<Screen />} />
          ) : (
            <Route key={path} path={path.slice(path === "*" ? 0 : 1)} element={<Screen />} />
          ),
        )}
      </Route>
    </Routes>
  );
}

export interface AppProps {
  /** The entry's clients, already holding or fetching the first screen's reads (src/first-screen/first-screen-reads.ts). */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** The first render hydrates the server-rendered HTML (src/entry-server.tsx): it renders what the server rendered. */
  fromServerHtml?: boolean;
  /** The server's translator for this page (the browser's is shared). */
  i18n?: I18n;
}

/** The app inside a router: the browser's (App) or the server's (src/entry-server.tsx). */
export function AppTree({ queryClient, apiClient, fromServerHtml = false, i18n }: AppProps) {
  return (
    <ServerHtmlProvider value={fromServerHtml}>
      <AppProviders queryClient={queryClient} apiClient={apiClient} i18n={i18n}>
        <PlayerProvider nowPlayingParts={NOW_PLAYING_PARTS}>
          <AppRoutes />
        </PlayerProvider>
      </AppProviders>
    </ServerHtmlProvider>
  );
}

export function App(props: AppProps) {
  return (
    <ScreenRouter rendersAtOnce={screenLoadedAt}>
      <AppTree {...props} />
    </ScreenRouter>
  );
}
