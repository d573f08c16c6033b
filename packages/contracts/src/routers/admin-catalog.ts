import type { TRPCRouterRecord } from "@trpc/server";
import {
  adminSongsInput,
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
    .mutation(({ ctx }) => ctx.services.libraryAdmin.uploadGrant(ctx.user.id, ctx.origin)),
  ingestLibraryUpload: adminProcedure
    .input(ingestLibraryUploadInput)
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.ingestUpload(ctx.user.id, input)),
  songs: adminProcedure
    .input(adminSongsInput)
    .query(({ ctx, input }) => ctx.services.libraryAdmin.songs(input.q)),
  updateSong: adminProcedure.input(updateSongAdminInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.services.libraryAdmin.updateSong(id, changes);
  }),
  updateAlbum: adminProcedure.input(updateAlbumAdminInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.services.libraryAdmin.updateAlbum(id, changes);
  }),
  updateArtist: adminProcedure.input(updateArtistAdminInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.services.libraryAdmin.updateArtist(ctx.user.id, id, changes);
  }),
  mergeArtists: adminProcedure
    .input(mergeArtistsInput)
    .mutation(({ ctx, input }) => ctx.services.libraryAdmin.mergeArtists(input.fromId, input.intoId)),
} satisfies TRPCRouterRecord;
