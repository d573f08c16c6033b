import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { router } from "./trpc.js";
import { adminRouter, authRouter, profileRouter, uploadsRouter } from "./routers/accounts.js";
import { legalRouter } from "./routers/legal.js";
import { accountRouter } from "./routers/my-account.js";
import { membershipRouter, paymentsRouter } from "./routers/premium.js";
import {
  albumsRouter,
  artistsRouter,
  playlistsRouter,
  searchRouter,
  songsRouter,
} from "./routers/catalog.js";
import {
  libraryPlaylistsRouter,
  likedPlaylistsRouter,
  likedSongsRouter,
  myPlaylistsRouter,
} from "./routers/library.js";
import { followsRouter } from "./routers/social.js";
import { adsRouter } from "./routers/ads.js";
import { activityRouter } from "./routers/activity.js";
import { newsRouter } from "./routers/news.js";
import { notificationsRouter, supportRouter } from "./routers/inbox.js";
import { songReportsRouter } from "./routers/reports.js";
import { artistAccountsRouter, artistStudioRouter, releaseReviewRouter } from "./routers/artist-accounts.js";

export const appRouter = router({
  songs: songsRouter,
  search: searchRouter,
  playlists: playlistsRouter,
  artists: artistsRouter,
  albums: albumsRouter,
  auth: authRouter,
  profile: profileRouter,
  uploads: uploadsRouter,
  admin: adminRouter,
  membership: membershipRouter,
  payments: paymentsRouter,
  // Your music
  likedSongs: likedSongsRouter,
  likedPlaylists: likedPlaylistsRouter,
  libraryPlaylists: libraryPlaylistsRouter,
  myPlaylists: myPlaylistsRouter,
  legal: legalRouter,
  account: accountRouter,
  follows: followsRouter,
  ads: adsRouter,
  activity: activityRouter,
  news: newsRouter,
  notifications: notificationsRouter,
  support: supportRouter,
  artistAccounts: artistAccountsRouter,
  artistStudio: artistStudioRouter,
  releaseReview: releaseReviewRouter,
  songReports: songReportsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
