// "Your music" (SPEC.md sections 5-7): liked songs, liked playlists, the library and one's own playlists.
// Every change is premium (SPEC.md section 6); reading one's own lists needs only a session, except the
// liked songs list, which is the premium Liked Songs page (free users see a teaser there).
import { TRPCError, type TRPCRouterRecord } from "@trpc/server";
import {
  addPlaylistSongInput,
  copyPlaylistSongsInput,
  createPlaylistInput,
  likedSongRefInput,
  likedSongsListInput,
  playlistRefInput,
  removePlaylistSongInput,
  reorderPlaylistInput,
  updatePlaylistInput,
  userPlaylistRefInput,
  userPlaylistsInput,
  type CountDto,
  type LibraryStateDto,
  type LikeStateDto,
  type PlaylistDto,
} from "../schemas/index.js";
import { assertSelf, authedProcedure, premiumProcedure, type SessionUser } from "../trpc.js";

/** A userId in a path, query or body must be the caller's own (403 otherwise); it defaults to the caller. */
function ownUserId(user: SessionUser, userId: string | undefined): string {
  if (userId !== undefined) assertSelf(user, userId);
  return user.id;
}

const songNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Song not found" });
const playlistNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Playlist not found" });

export const likedSongsRouter = {
  list: premiumProcedure
    .input(likedSongsListInput)
    .query(({ ctx, input }) => ctx.services.likedSongs.list(ctx.user.id, input)),
  count: authedProcedure.query(async ({ ctx }): Promise<CountDto> => ({
    count: await ctx.services.likedSongs.count(ctx.user.id),
  })),
  check: authedProcedure.input(likedSongRefInput).query(async ({ ctx, input }): Promise<LikeStateDto> => ({
    isLiked: await ctx.services.likedSongs.isLiked(ctx.user.id, input.songId),
  })),
  like: premiumProcedure
    .input(likedSongRefInput)
    .meta({ catalogWrite: false })
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.likedSongs.like(ctx.user.id, input.songId))) throw songNotFound();
      return { songId: input.songId, isLiked: true as const };
    }),
  unlike: premiumProcedure
    .input(likedSongRefInput)
    .meta({ catalogWrite: false })
    .mutation(async ({ ctx, input }) => {
      await ctx.services.likedSongs.unlike(ctx.user.id, input.songId);
      return { songId: input.songId, isLiked: false as const };
    }),
} satisfies TRPCRouterRecord;

export const likedPlaylistsRouter = {
  list: authedProcedure
    .input(userPlaylistsInput)
    .query(({ ctx, input }) => ctx.services.likedPlaylists.list(ownUserId(ctx.user, input.userId), input)),
  check: authedProcedure.input(userPlaylistRefInput).query(async ({ ctx, input }): Promise<LikeStateDto> => ({
    isLiked: await ctx.services.likedPlaylists.contains(ownUserId(ctx.user, input.userId), input.playlistId),
  })),
  like: premiumProcedure
    .input(userPlaylistRefInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.likedPlaylists.add(ownUserId(ctx.user, input.userId), input.playlistId))) {
        throw playlistNotFound();
      }
      return { playlistId: input.playlistId, isLiked: true as const };
    }),
  unlike: premiumProcedure
    .input(userPlaylistRefInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      await ctx.services.likedPlaylists.remove(ownUserId(ctx.user, input.userId), input.playlistId);
      return { playlistId: input.playlistId, isLiked: false as const };
    }),
} satisfies TRPCRouterRecord;

export const libraryPlaylistsRouter = {
  list: authedProcedure
    .input(userPlaylistsInput)
    .query(({ ctx, input }) => ctx.services.libraryPlaylists.list(ownUserId(ctx.user, input.userId), input)),
  check: authedProcedure
    .input(userPlaylistRefInput)
    .query(async ({ ctx, input }): Promise<LibraryStateDto> => ({
      isInLibrary: await ctx.services.libraryPlaylists.contains(
        ownUserId(ctx.user, input.userId),
        input.playlistId,
      ),
    })),
  add: premiumProcedure
    .input(userPlaylistRefInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.libraryPlaylists.add(ownUserId(ctx.user, input.userId), input.playlistId))) {
        throw playlistNotFound();
      }
      return { playlistId: input.playlistId, isInLibrary: true as const };
    }),
  remove: premiumProcedure
    .input(userPlaylistRefInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      await ctx.services.libraryPlaylists.remove(ownUserId(ctx.user, input.userId), input.playlistId);
      return { playlistId: input.playlistId, isInLibrary: false as const };
    }),
} satisfies TRPCRouterRecord;

/** The caller's own playlists: created by the caller, changed only by the caller; system playlists never. */
export const myPlaylistsRouter = {
  list: authedProcedure
    .input(userPlaylistsInput)
    .query(({ ctx, input }) => ctx.services.playlists.listOwned(ownUserId(ctx.user, input.userId), input)),
  /** Own, liked and library playlists, newest first: the Library's 'Recently Added'. */
  collected: authedProcedure
    .input(userPlaylistsInput)
    .query(({ ctx, input }) =>
      ctx.services.playlists.listCollected(ownUserId(ctx.user, input.userId), input),
    ),
  create: premiumProcedure
    .input(createPlaylistInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }): Promise<PlaylistDto> => ctx.services.playlists.create(ctx.user.id, input)),
  update: premiumProcedure
    .input(updatePlaylistInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.playlists.update(ctx.user.id, id, changes);
    }),
  delete: premiumProcedure
    .input(playlistRefInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      await ctx.services.playlists.remove(ctx.user.id, input.id);
      return { id: input.id, deleted: true as const };
    }),
  addSong: premiumProcedure
    .input(addPlaylistSongInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.playlists.addSong(ctx.user.id, input.id, input.songId)),
  removeSong: premiumProcedure
    .input(removePlaylistSongInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.playlists.removeSong(ctx.user.id, input.id, input.songId)),
  reorder: premiumProcedure
    .input(reorderPlaylistInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.playlists.reorder(ctx.user.id, input.id, input.songIds)),
  copySongs: premiumProcedure
    .input(copyPlaylistSongsInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.playlists.copySongs(ctx.user.id, input.id, input.sourceId)),
} satisfies TRPCRouterRecord;
