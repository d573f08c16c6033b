// The screens' lazy boundaries: each route's screen is a chunk of its own, loaded when first rendered or
// preloaded (the entry preloads the first screen's before hydrating; a playlist card preloads its screen).
// The route list is here, below the app, so that a feature can preload a screen without importing the app.
import type { ComponentType, ReactElement } from "react";
import { matchRoutes } from "react-router-dom";
import { useRecordRenderedModule } from "./server-html";
import { lazyChunk } from "../lib/chunk-loading";

/** Each screen is its own chunk, so the first screen loads only its own code (budget: 170 KB gzip). */
const screenModules = import.meta.glob<Record<string, ComponentType>>("../pages/*Page.tsx");

export type LazyScreen = (() => ReactElement) & {
  displayName: string;
  /** Loads the screen's code; once it is here, the screen renders without suspending. */
  preload(): Promise<void>;
  /** Its code is here: it renders without suspending. */
  isLoaded(): boolean;
};

/**
 * The screen `name`, exported by src/pages/<name>.tsx, loaded on first use (or when preloaded). Its code is a
 * chunk (lib/chunk-loading.tsx): one that does not arrive (offline, a new deploy) goes up to the screens'
 * boundary (app/shell/AppLayout.tsx), which keeps the shell, and is asked for again at the next attempt.
 */
function lazyScreen(name: string): LazyScreen {
  const file = `../pages/${name}.tsx`;
  const load = screenModules[file];
  if (!load) throw new Error(`No screen module ${file}`);
  // Loaded already, it renders at once. A screen that suspends while the server-rendered HTML is hydrated can be
  // forced to client rendering by the first update that reaches it (the session, the player's restored queue),
  // and then its fallback (a full-screen spinner) replaces what the server rendered.
  const Screen = lazyChunk(() => load().then((module) => ({ default: module[name] as ComponentType })), {
    name: `${name}Code`,
  });
  // As Vite's manifest names the module: the server links the stylesheets of the screens it rendered.
  const source = `src/${file.slice(3)}`;
  function RecordedScreen() {
    useRecordRenderedModule(source);
    return <Screen />;
  }
  RecordedScreen.displayName = name;
  return Object.assign(RecordedScreen, { preload: Screen.preload, isLoaded: Screen.isLoaded });
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
const UserPage = lazyScreen("UserPage");
const LandingPage = lazyScreen("LandingPage");
const LegalPage = lazyScreen("LegalPage");
const NotificationsPage = lazyScreen("NotificationsPage");
const SupportPage = lazyScreen("SupportPage");
const AccountPage = lazyScreen("AccountPage");
const RecentlyPlayedPage = lazyScreen("RecentlyPlayedPage");
const SettingsPage = lazyScreen("SettingsPage");
const NewsPage = lazyScreen("NewsPage");
const ArtistStudioPage = lazyScreen("ArtistStudioPage");
const NotFoundPage = lazyScreen("NotFoundPage");

/**
 * SPEC.md section 2's route list: AppRoutes renders it, and the entry preloads the first screen's code from
 * it (one list, so that no route is rendered without its code preloaded for hydration).
 */
export const SCREEN_PATHS: Array<{ path: string; screen: LazyScreen }> = [
  { path: "/", screen: HomePage },
  { path: "/search", screen: SearchPage },
  { path: "/library", screen: LibraryPage },
  { path: "/liked-songs", screen: LikedSongsPage },
  { path: "/premium", screen: PremiumPage },
  { path: "/playlist/:id", screen: PlaylistPage },
  { path: "/category/:genre", screen: CategoryPage },
  { path: "/profile", screen: ProfilePage },
  { path: "/edit-profile", screen: EditProfilePage },
  { path: "/admin", screen: AdminPage },
  { path: "/artist/:id", screen: ArtistPage },
  { path: "/album/:id", screen: AlbumPage },
  { path: "/user/:handle", screen: UserPage },
  { path: "/landing", screen: LandingPage },
  { path: "/legal", screen: LegalPage },
  { path: "/notifications", screen: NotificationsPage },
  { path: "/support", screen: SupportPage },
  { path: "/account", screen: AccountPage },
  { path: "/recently-played", screen: RecentlyPlayedPage },
  { path: "/settings", screen: SettingsPage },
  { path: "/news", screen: NewsPage },
  { path: "/artist-studio", screen: ArtistStudioPage },
  { path: "*", screen: NotFoundPage },
];

/** Addresses already matched: matchRoutes ranks the whole list on every call (6 ms of a tap at 4x slowdown). */
const screensAt = new Map<string, LazyScreen | undefined>();
const SCREENS_AT_KEPT = 64;

/** The screen the route list renders at `pathname`. */
function screenAt(pathname: string): LazyScreen | undefined {
  if (screensAt.has(pathname)) return screensAt.get(pathname);
  const screen = matchRoutes(SCREEN_PATHS, pathname)?.at(-1)?.route.screen;
  if (screensAt.size >= SCREENS_AT_KEPT) screensAt.clear();
  screensAt.set(pathname, screen);
  return screen;
}

/** The screen rendered at `pathname` (its name, as in src/pages). */
export function screenNameAt(pathname: string): string | undefined {
  return screenAt(pathname)?.displayName;
}

/** Loads the code of the screen at `pathname`, so that taking over the server's HTML does not suspend. */
export function preloadScreen(pathname: string): Promise<void> {
  return screenAt(pathname)?.preload() ?? Promise.resolve();
}

/** The screen at `pathname` has its code here (a navigation to it renders at once: src/app/screen-router.tsx). */
export function screenLoadedAt(pathname: string): boolean {
  return screenAt(pathname)?.isLoaded() ?? false;
}
