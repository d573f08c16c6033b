import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { router } from "./trpc.js";
import { artistsRouter, playlistsRouter, searchRouter, songsRouter } from "./routers/catalog.js";

export const appRouter = router({
  songs: songsRouter,
  search: searchRouter,
  playlists: playlistsRouter,
  artists: artistsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
