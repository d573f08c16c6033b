import { TRPCError, type TRPCRouterRecord } from "@trpc/server";
import {
  albumInput,
  albumSongsInput,
  artistAlbumsInput,
  artistInput,
  artistSongsInput,
  genreInput,
  playlistIdSchema,
  playlistsListInput,
  radioInput,
  searchInput,
  songsListInput,
  songIdSchema,
  songsSearchInput,
} from "../schemas/index.js";
import { z } from "zod";
import { authedProcedure, publicProcedure, rateLimited } from "../trpc.js";
import { songMediaProcedures } from "./media.js";

export const songsRouter = {
  list: publicProcedure
    .input(songsListInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.listSongs(input)),
  recentlyPlayed: publicProcedure
    .input(songsListInput)
    .query(({ ctx, input }) => ctx.services.catalog.recentlyPlayed(ctx.user?.id ?? null, input)),
  trending: publicProcedure
    .input(songsListInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.trending(input)),
  genres: publicProcedure.meta({ cache: "shared" }).query(({ ctx }) => ctx.services.catalog.genres()),
  byGenre: publicProcedure
    .input(genreInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.songsByGenre(input.genre, input)),
  // A play counts only from a listener's session (and, like every write, from our own pages).
  recordPlay: authedProcedure
    .use(rateLimited("play"))
    .input(z.object({ songId: songIdSchema }))
    .meta({ catalogWrite: false })
    .mutation(async ({ ctx, input }) => {
      const play = await ctx.services.catalog.recordPlay(input.songId, ctx.user.id);
      if (!play) throw new TRPCError({ code: "NOT_FOUND", message: "Song not found" });
      return { recorded: true as const, counted: play.counted };
    }),
  search: publicProcedure
    .input(songsSearchInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.searchSongs(input.q, input)),
  /** Songs like the seeds, for autoplay and 'Start radio'; members-only ones only for premium callers. */
  radio: publicProcedure.input(radioInput).query(async ({ ctx, input }) => {
    const premium = ctx.user ? await ctx.services.memberships.isPremium(ctx.user.id) : false;
    return ctx.services.catalog.radio(input, { premium });
  }),
  ...songMediaProcedures,
} satisfies TRPCRouterRecord;

export const searchRouter = {
  all: publicProcedure
    .input(searchInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.search(input.q, input.limit)),
} satisfies TRPCRouterRecord;

export const playlistsRouter = {
  list: publicProcedure
    .input(playlistsListInput)
    .meta({ cache: "shared" })
    .query(({ ctx, input }) => ctx.services.catalog.listPlaylists(input)),
  byId: publicProcedure
    .input(z.object({ id: playlistIdSchema }))
    .meta({ cache: "sharedWhenPublic" })
    .query(async ({ ctx, input }) => {
      // The service answers null for a playlist the caller may not see: a private one does not exist for them.
      const playlist = await ctx.services.catalog.playlist(input.id, ctx.user?.id ?? null);
      if (!playlist) throw new TRPCError({ code: "NOT_FOUND", message: "Playlist not found" });
      return playlist;
    }),
} satisfies TRPCRouterRecord;

/** Artist and album reads: a missing artist or album is a 404, whichever of its lists is asked for. */
const found = <T>(value: T | null, message: "Artist not found" | "Album not found"): T => {
  if (value === null) throw new TRPCError({ code: "NOT_FOUND", message });
  return value;
};

export const artistsRouter = {
  byId: publicProcedure
    .input(artistInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) => found(await ctx.services.catalog.artist(input.id), "Artist not found")),
  /** The most played songs: distinct listeners first, then plays. */
  topSongs: publicProcedure
    .input(artistSongsInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) =>
      found(await ctx.services.catalog.artistTopSongs(input.id, input), "Artist not found"),
    ),
  albums: publicProcedure
    .input(artistAlbumsInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) =>
      found(await ctx.services.catalog.artistAlbums(input.id, input), "Artist not found"),
    ),
  appearsOn: publicProcedure
    .input(artistAlbumsInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) =>
      found(await ctx.services.catalog.artistAppearsOn(input.id, input), "Artist not found"),
    ),
} satisfies TRPCRouterRecord;

export const albumsRouter = {
  byId: publicProcedure
    .input(albumInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) => found(await ctx.services.catalog.album(input.id), "Album not found")),
  songs: publicProcedure
    .input(albumSongsInput)
    .meta({ cache: "shared" })
    .query(async ({ ctx, input }) =>
      found(await ctx.services.catalog.albumSongs(input.id, input), "Album not found"),
    ),
} satisfies TRPCRouterRecord;
