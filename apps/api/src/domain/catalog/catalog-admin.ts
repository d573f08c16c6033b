// Catalog management for admins: songs found with their hidden and members-only flags,
// and edits of songs and albums. Every edit tells the caches that the catalog changed.
import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import {
  RELEASE_NOT_APPROVED,
  type AdminArtistDto,
  type AdminSongDto,
  type AlbumAdminChanges,
  type ArtistAdminChanges,
  type SongAdminChanges,
} from "@purplebeats/contracts";
import { Album, Artist, Song } from "@purplebeats/db";
import { matchKey } from "../library/match-key.js";
import { adminSong, adminSongsMatching, type AdminSongRow } from "../../data/catalog-admin.js";
import { songOfHeldRelease } from "../../data/releases.js";
import { ourPictureUrl, type ObjectUrlResolver } from "../uploads/uploads.js";
import { must } from "../../data/must.js";

export const toAdminSongDto = (row: AdminSongRow): AdminSongDto => ({
  id: row.id,
  title: row.title,
  artist: row.artist,
  artistId: row.artist_id,
  album: row.album_id
    ? { id: row.album_id, title: row.album_title ?? "", membersOnly: row.album_members_only ?? false }
    : null,
  hidden: row.hidden,
  membersOnly: row.members_only,
  unavailable: row.unavailable,
  renditions: row.renditions,
});

const artistNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Artist not found" });

export function createCatalogAdmin(db: DataSource, uploads: ObjectUrlResolver, onCatalogChanged: () => void) {
  const artists = db.getRepository(Artist);
  const songs = db.getRepository(Song);
  const albums = db.getRepository(Album);

  async function artist(id: string): Promise<AdminArtistDto | null> {
    const row = await artists.findOneBy({ id });
    if (!row) return null;
    const songCount = await songs.countBy({ artistId: id });
    return { id: row.id, name: row.name, imageUrl: row.imageUrl, songCount };
  }

  async function song(id: string): Promise<AdminSongDto | null> {
    const row = await adminSong(db, id);
    return row ? toAdminSongDto(row) : null;
  }

  return {
    async songs(q: string): Promise<AdminSongDto[]> {
      return (await adminSongsMatching(db, q)).map(toAdminSongDto);
    },

    async updateSong(id: string, changes: SongAdminChanges): Promise<AdminSongDto> {
      // A release's songs are shown by approving the release, never one by one past its review.
      if (changes.hidden === false && (await songOfHeldRelease(db, id)))
        throw new TRPCError({ code: "CONFLICT", message: RELEASE_NOT_APPROVED });
      // The request names at least one field (its schema); a field it leaves out keeps its value.
      const { affected } = await songs.update(
        { id },
        {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.hidden !== undefined && { hidden: changes.hidden }),
          ...(changes.membersOnly !== undefined && { membersOnly: changes.membersOnly }),
        },
      );
      if (!affected) throw new TRPCError({ code: "NOT_FOUND", message: "Song not found" });
      onCatalogChanged();
      return must(await song(id), "the song was just updated");
    },

    async updateArtist(userId: string, id: string, changes: ArtistAdminChanges): Promise<AdminArtistDto> {
      if (!(await artist(id))) throw artistNotFound();
      const image =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(uploads, userId, changes.imageUrl);
      await artists.update(
        { id },
        {
          ...(changes.name && {
            name: changes.name,
            matchKey: matchKey(changes.name) || changes.name.toLowerCase(),
          }),
          ...(image !== undefined && { imageUrl: image }),
        },
      );
      onCatalogChanged();
      return must(await artist(id), "the artist was just updated");
    },

    async mergeArtists(fromId: string, intoId: string): Promise<AdminArtistDto> {
      await db.transaction(async (tx) => {
        const found = await tx
          .getRepository(Artist)
          .createQueryBuilder("a")
          .setLock("pessimistic_write")
          .where("a.id IN (:...ids)", { ids: [fromId, intoId] })
          .getMany();
        if (found.length !== 2) throw artistNotFound();
        await tx.getRepository(Song).update({ artistId: fromId }, { artistId: intoId });
        await tx.getRepository(Album).update({ artistId: fromId }, { artistId: intoId });
        await tx.getRepository(Artist).delete({ id: fromId });
      });
      onCatalogChanged();
      return must(await artist(intoId), "the artist merged into stays");
    },

    async updateAlbum(id: string, changes: AlbumAdminChanges) {
      // The request names at least one field (its schema); a field it leaves out keeps its value.
      const { affected } = await albums.update(
        { id },
        {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.membersOnly !== undefined && { membersOnly: changes.membersOnly }),
        },
      );
      const row = affected ? await albums.findOneBy({ id }) : null;
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Album not found" });
      onCatalogChanged();
      return { id: row.id, title: row.title, membersOnly: row.membersOnly };
    },
  };
}
