import type { QueryClient } from "@tanstack/react-query";
import { lazy, type ComponentType } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { AppProviders } from "./app/providers";
import { AppLayout } from "./components/shell/AppLayout";
import type { ApiClient } from "./lib/trpc";
import { PlayerProvider } from "./player";

/** Each screen is its own chunk, so the first screen loads only its own code (budget: 170 KB gzip). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomePage = lazyScreen(() => import("./pages/HomePage"), "HomePage");
const SearchPage = lazyScreen(() => import("./pages/SearchPage"), "SearchPage");
const LibraryPage = lazyScreen(() => import("./pages/LibraryPage"), "LibraryPage");
const LikedSongsPage = lazyScreen(() => import("./pages/LikedSongsPage"), "LikedSongsPage");
const PremiumPage = lazyScreen(() => import("./pages/PremiumPage"), "PremiumPage");
const PlaylistPage = lazyScreen(() => import("./pages/PlaylistPage"), "PlaylistPage");
const CategoryPage = lazyScreen(() => import("./pages/CategoryPage"), "CategoryPage");
const ProfilePage = lazyScreen(() => import("./pages/ProfilePage"), "ProfilePage");
const EditProfilePage = lazyScreen(() => import("./pages/EditProfilePage"), "EditProfilePage");
const AdminPage = lazyScreen(() => import("./pages/AdminPage"), "AdminPage");
const ArtistPage = lazyScreen(() => import("./pages/ArtistPage"), "ArtistPage");
const LandingPage = lazyScreen(() => import("./pages/LandingPage"), "LandingPage");
const LegalPage = lazyScreen(() => import("./pages/LegalPage"), "LegalPage");
const NotFoundPage = lazyScreen(() => import("./pages/NotFoundPage"), "NotFoundPage");

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
        <Route path="landing" element={<LandingPage />} />
        <Route path="legal" element={<LegalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export interface AppProps {
  /** The entry's clients, already fetching the first screen's reads (app/first-screen-reads.ts). */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
}

export function App({ queryClient, apiClient }: AppProps) {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} apiClient={apiClient}>
        <PlayerProvider>
          <AppRoutes />
        </PlayerProvider>
      </AppProviders>
    </BrowserRouter>
  );
}
