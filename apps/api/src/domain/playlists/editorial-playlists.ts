// Editorial playlists: the system playlists, owned by the PurpleBeats account and shown
// on Home to everyone. Admins create, edit, fill in order and delete them. Each change bumps the playlist's
// revision (cached details are keyed by it), marks it curated (the seed, run at every start, then leaves it
// alone; a deleted seeded one is retired so that the seed does not make it again) and tells the caches.
import { randomUUID } from "node:crypto";
import { In, type DataSource, type EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import type {
  CreateEditorialPlaylistInput,
  EditorialPlaylistChanges,
  EditorialPlaylistDetailDto,
  EditorialPlaylistDto,
} from "@purplebeats/contracts";
import {
  isSystemPlaylistId,
  Playlist,
  PlaylistSong,
  RetiredSystemPlaylist,
  Song,
  SYSTEM_USER_ID,
} from "@purplebeats/db";
import type { CatalogChange } from "../../infra/cache/catalog-cache.js";
import { toAdminSongDto } from "../catalog/catalog-admin.js";
import { ourPictureUrl, type ObjectUrlResolver } from "../uploads/uploads.js";
import { playlistAdminSongs } from "../../data/editorial.js";
import { lockRow } from "../../data/locks.js";

const toDto = (row: Playlist): EditorialPlaylistDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  songCount: Number(row.songCount),
  createdAt: row.createdAt.toISOString(),
});

const playlistNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Playlist not found" });

/** The editorial playlist locked for this transaction (SELECT ... FOR UPDATE), or null for any other. */
const lockEditorial = (tx: EntityManager, id: string) =>
  lockRow(tx, Playlist, "locked.id = :id AND locked.created_by = :owner", { id, owner: SYSTEM_USER_ID });

export function createEditorialPlaylists(
  db: DataSource,
  uploads: ObjectUrlResolver,
  /** Drops cached copies here and on the other instances (Home's playlists, the playlist's page). */
  notify: (change: CatalogChange) => void,
) {
  async function detail(id: string, runner: EntityManager = db.manager) {
    const row = await runner.findOneBy(Playlist, { id, createdBy: SYSTEM_USER_ID });
    if (!row) throw playlistNotFound();
    const songs = await playlistAdminSongs(runner, id);
    return { ...toDto(row), songs: songs.map(toAdminSongDto) } satisfies EditorialPlaylistDetailDto;
  }

  /** Runs `change` in a transaction holding the editorial playlist's row lock; 404 for any other playlist. */
  async function changing(id: string, change: (tx: EntityManager) => Promise<void>) {
    const result = await db.transaction(async (tx) => {
      if (!(await lockEditorial(tx, id))) throw playlistNotFound();
      await change(tx);
      await tx.update(Playlist, { id }, { revision: () => "revision + 1", curatedAt: () => "now()" });
      return detail(id, tx);
    });
    // After the commit, so that no read can cache the playlist as it was.
    notify({ playlistId: id });
    return result;
  }

  return {
    async editorialPlaylists(): Promise<EditorialPlaylistDto[]> {
      // Oldest first, as Home's 'Made For You' lists them.
      const found = await db.getRepository(Playlist).find({
        where: { createdBy: SYSTEM_USER_ID },
        order: { createdAt: "ASC", id: "ASC" },
      });
      return found.map(toDto);
    },

    editorialPlaylist: (id: string) => detail(id),

    async createEditorialPlaylist(userId: string, input: CreateEditorialPlaylistInput) {
      const imageUrl = await ourPictureUrl(uploads, userId, input.imageUrl);
      const id = randomUUID();
      await db.getRepository(Playlist).insert({
        id,
        name: input.name,
        description: input.description,
        imageUrl,
        isPublic: true,
        createdBy: SYSTEM_USER_ID,
        curatedAt: () => "now()",
      });
      notify({ playlistId: id });
      return detail(id);
    },

    async updateEditorialPlaylist(userId: string, id: string, changes: EditorialPlaylistChanges) {
      const imageUrl =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(uploads, userId, changes.imageUrl);
      return changing(id, async (tx) => {
        const set: Pick<Partial<Playlist>, "name" | "imageUrl" | "description"> = {};
        if (changes.name !== undefined) set.name = changes.name;
        if (changes.description !== undefined) set.description = changes.description;
        if (imageUrl !== undefined) set.imageUrl = imageUrl;
        if (Object.keys(set).length > 0) await tx.update(Playlist, { id }, set);
      });
    },

    async deleteEditorialPlaylist(id: string): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        if (!(await lockEditorial(tx, id))) throw playlistNotFound();
        await tx.delete(Playlist, { id });
        if (isSystemPlaylistId(id))
          await tx
            .createQueryBuilder()
            .insert()
            .into(RetiredSystemPlaylist)
            .values({ id })
            .orIgnore()
            .execute();
      });
      notify({ playlistId: id });
      return { success: true };
    },

    async setEditorialPlaylistSongs(id: string, songIds: string[]) {
      return changing(id, async (tx) => {
        const known = await tx.find(Song, { where: { id: In(songIds) }, select: { id: true } });
        if (known.length !== songIds.length) {
          const found = new Set(known.map((s) => s.id));
          const missing = songIds.find((songId) => !found.has(songId));
          throw new TRPCError({ code: "NOT_FOUND", message: `Song not found: ${missing}` });
        }
        await tx.delete(PlaylistSong, { playlistId: id });
        if (songIds.length > 0)
          await tx.insert(
            PlaylistSong,
            songIds.map((songId, i) => ({ playlistId: id, songId, position: i + 1 })),
          );
        await tx.update(Playlist, { id }, { songCount: songIds.length });
      });
    },
  };
}
