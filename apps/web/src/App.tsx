import type { QueryClient } from "@tanstack/react-query";
import { lazy, type ComponentType } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { AppProviders } from "./app/providers";
import { ServerHtmlProvider, useRecordScreen } from "./app/server-html";
import { AppLayout } from "./components/shell/AppLayout";
import type { ApiClient } from "./lib/trpc";
import { PlayerProvider } from "./player";

/** Each screen is its own chunk, so the first screen loads only its own code (budget: 170 KB gzip). */
const screenModules = import.meta.glob<Record<string, ComponentType>>("./pages/*Page.tsx");

/** The screen `name`, exported by ./pages/<name>.tsx, loaded on first use. */
function lazyScreen(name: string): ComponentType {
  const file = `./pages/${name}.tsx`;
  const load = screenModules[file];
  if (!load) throw new Error(`No screen module ${file}`);
  const Screen = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  // As Vite's manifest names the module: the server links the stylesheets of the screens it drew.
  const source = `src/${file.slice(2)}`;
  function RecordedScreen() {
    useRecordScreen(source);
    return <Screen />;
  }
  RecordedScreen.displayName = name;
  return RecordedScreen;
}

const HomePage = lazyScreen("HomePage");
const SearchPage = lazyScreen("SearchPage");
const LibraryPage = lazyScreen("LibraryPage");
const LikedSongsPage = lazyScreen("LikedSongsPage");
const PremiumPage = lazyScreen("PremiumPage");
const PlaylistPage = lazyScreen("PlaylistPage");
const CategoryPage = lazyScreen("CategoryPage");
const ProfilePage = lazyScreen("ProfilePage");
const EditProfilePage = lazyScreen("EditProfilePage");
const AdminPage = lazyScreen("AdminPage");
const ArtistPage = lazyScreen("ArtistPage");
const AlbumPage = lazyScreen("AlbumPage");
const LandingPage = lazyScreen("LandingPage");
const LegalPage = lazyScreen("LegalPage");
const NotFoundPage = lazyScreen("NotFoundPage");

/** SPEC.md section 2's route list. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="library" element={<LibraryPage />} />
        <Route path="liked-songs" element={<LikedSongsPage />} />
        <Route path="premium" element={<PremiumPage />} />
        <Route path="playlist/:id" element={<PlaylistPage />} />
        <Route path="category/:genre" element={<CategoryPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="edit-profile" element={<EditProfilePage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="artist/:id" element={<ArtistPage />} />
        <Route path="album/:id" element={<AlbumPage />} />
        <Route path="landing" element={<LandingPage />} />
        <Route path="legal" element={<LegalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export interface AppProps {
  /** The entry's clients, already holding or fetching the first screen's reads (app/first-screen-reads.ts). */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** The first render takes over HTML the server rendered (src/entry-server.tsx): it draws what the server drew. */
  fromServerHtml?: boolean;
}

/** The app inside a router: the browser's (App) or the server's (src/entry-server.tsx). */
export function AppTree({ queryClient, apiClient, fromServerHtml = false }: AppProps) {
  return (
    <ServerHtmlProvider value={fromServerHtml}>
      <AppProviders queryClient={queryClient} apiClient={apiClient}>
        <PlayerProvider>
          <AppRoutes />
        </PlayerProvider>
      </AppProviders>
    </ServerHtmlProvider>
  );
}

export function App(props: AppProps) {
  return (
    <BrowserRouter>
      <AppTree {...props} />
    </BrowserRouter>
  );
}
