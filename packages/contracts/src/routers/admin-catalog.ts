import type { TRPCRouterRecord } from "@trpc/server";
import {
  adminSongsInput,
  createEditorialPlaylistInput,
  editorialPlaylistRefInput,
  setEditorialPlaylistSongsInput,
  updateEditorialPlaylistInput,
  ingestLibraryUploadInput,
  mergeArtistsInput,
  updateArtistAdminInput,
  updateAlbumAdminInput,
  updateSongAdminInput,
} from "../schemas/index.js";
import { adminProcedure, rateLimited } from "../trpc.js";

/** admin.*: audio uploads into the ingestion pipeline and catalog edits (admins only). */
export const catalogAdminProcedures = {
  libraryUploadGrant: adminProcedure
    .use(rateLimited("upload"))
    .meta({ catalogWrite: true })
    .mutation(({ ctx }) => ctx.services.libraryAdmin.uploadGrant(ctx.user.id, ctx.origin)),
  ingestLibraryUpload: adminProcedure
    .input(ingestLibraryUploadInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.ingestUpload(ctx.user.id, input)),
  songs: adminProcedure
    .input(adminSongsInput)
    .query(({ ctx, input }) => ctx.services.libraryAdmin.songs(input.q)),
  updateSong: adminProcedure
    .input(updateSongAdminInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.libraryAdmin.updateSong(id, changes);
    }),
  updateAlbum: adminProcedure
    .input(updateAlbumAdminInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.libraryAdmin.updateAlbum(id, changes);
    }),
  updateArtist: adminProcedure
    .input(updateArtistAdminInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.libraryAdmin.updateArtist(ctx.user.id, id, changes);
    }),
  mergeArtists: adminProcedure
    .input(mergeArtistsInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.mergeArtists(input.fromId, input.intoId)),
  editorialPlaylists: adminProcedure.query(({ ctx }) => ctx.services.libraryAdmin.editorialPlaylists()),
  editorialPlaylist: adminProcedure
    .input(editorialPlaylistRefInput)
    .query(({ ctx, input }) => ctx.services.libraryAdmin.editorialPlaylist(input.id)),
  createEditorialPlaylist: adminProcedure
    .input(createEditorialPlaylistInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.createEditorialPlaylist(ctx.user.id, input)),
  updateEditorialPlaylist: adminProcedure
    .input(updateEditorialPlaylistInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.libraryAdmin.updateEditorialPlaylist(ctx.user.id, id, changes);
    }),
  deleteEditorialPlaylist: adminProcedure
    .input(editorialPlaylistRefInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.deleteEditorialPlaylist(input.id)),
  setEditorialPlaylistSongs: adminProcedure
    .input(setEditorialPlaylistSongsInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) =>
      ctx.services.libraryAdmin.setEditorialPlaylistSongs(input.id, input.songIds),
    ),
} satisfies TRPCRouterRecord;
