// Activity: what followed listeners did and followed artists released (Home's 'From people you follow'),
// and a listener's own (Profile's Activity tab); with the listener's activity privacy settings.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PRIVATE_PROFILE_MESSAGE,
  type ActivityEntryDto,
  type ActivityService,
  type ActivitySettingsDto,
  type ListenerRefDto,
  type PageInput,
} from "@purplebeats/contracts";
import { Profile } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { toPlaylistDto } from "../../data/playlist-rows.js";
import { toSongDto } from "../../data/song-rows.js";
import {
  activityActors,
  activityAlbums,
  activityArtists,
  activityPage,
  activityPlaylists,
  activitySongs,
  type ActivityEventRow,
  type ActivityScope,
} from "../../data/activity.js";
import { mayViewActivity } from "../accounts/profile-visibility.js";
import { inPrivateSession, privateSessionEnd } from "../accounts/private-session.js";

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "No listener has that handle" });

const byId = <Row, Item>(rows: Row[], key: (row: Row) => string, map: (row: Row) => Item) =>
  new Map(rows.map((row) => [key(row), map(row)]));

const idsOf = (rows: ActivityEventRow[], pick: (row: ActivityEventRow) => string | null) => [
  ...new Set(rows.map(pick).filter((id): id is string => id !== null)),
];

/** Reads what a page of events names, once each, and builds its entries (a row gone meanwhile is left out). */
async function toEntries(db: DataSource, rows: ActivityEventRow[]) {
  const [actors, playlists, songs, artists, albums] = await Promise.all([
    activityActors(
      db,
      idsOf(rows, (r) => r.actor_id),
    ),
    activityPlaylists(
      db,
      idsOf(rows, (r) => r.playlist_id),
    ),
    activitySongs(
      db,
      idsOf(rows, (r) => r.song_id),
    ),
    activityArtists(
      db,
      idsOf(rows, (r) => r.artist_id),
    ),
    activityAlbums(
      db,
      idsOf(rows, (r) => r.album_id),
    ),
  ]);
  const listeners = byId(
    actors,
    (r) => r.user_id,
    (r): ListenerRefDto => ({ handle: r.handle, name: r.name, imageUrl: r.image_url }),
  );
  const playlistOf = byId(playlists, (r) => r.id, toPlaylistDto);
  const songOf = byId(songs, (r) => r.id, toSongDto);
  const artistOf = byId(
    artists,
    (r) => r.id,
    (r) => ({ id: r.id, name: r.name, imageUrl: r.image_url }),
  );
  const albumOf = byId(
    albums,
    (r) => r.id,
    (r) => ({ id: r.id, title: r.title, imageUrl: r.image_url }),
  );
  const entry = (row: ActivityEventRow): ActivityEntryDto | null => {
    const base = { id: row.key, at: new Date(Number(row.at_micros) / 1000).toISOString() };
    const listener = row.actor_id === null ? undefined : listeners.get(row.actor_id);
    const artist = row.artist_id === null ? undefined : artistOf.get(row.artist_id);
    if (row.kind === "release") {
      const album = row.album_id === null ? undefined : albumOf.get(row.album_id);
      return artist && album ? { ...base, kind: "release", artist, album } : null;
    }
    if (!listener) return null;
    if (row.kind === "playlist") {
      const playlist = row.playlist_id === null ? undefined : playlistOf.get(row.playlist_id);
      return playlist ? { ...base, kind: "playlist", listener, updated: row.updated, playlist } : null;
    }
    if (row.kind === "like") {
      const song = row.song_id === null ? undefined : songOf.get(row.song_id);
      return song ? { ...base, kind: "like", listener, song } : null;
    }
    return artist ? { ...base, kind: "artistFollow", listener, artist } : null;
  };
  return rows.map(entry);
}

const toSettings = (row: Profile, now: Date): ActivitySettingsDto => ({
  shareLikes: row.shareLikes,
  privateSessionUntil:
    row.privateSessionUntil && inPrivateSession(row.privateSessionUntil, now)
      ? row.privateSessionUntil.toISOString()
      : null,
});

export function createActivityService(db: DataSource): ActivityService {
  const profiles = db.getRepository(Profile);

  async function page(scope: ActivityScope, input: PageInput) {
    const rows = await activityPage(
      db,
      scope,
      input.limit + 1,
      decodeCursor(input.cursor, ["n", "s"] as const),
    );
    const entries = await toEntries(db, rows.slice(0, input.limit));
    const shown = rows.map((row, i) => ({ row, entry: entries[i] ?? null }));
    // The cursor is the last event read, even when its row was gone by the time it was named.
    const paged = toPage(
      shown,
      input.limit,
      (s) => s.entry,
      (s) => [Number(s.row.at_micros), s.row.key],
    );
    return { ...paged, items: paged.items.filter((e): e is ActivityEntryDto => e !== null) };
  }

  async function ownProfile(userId: string) {
    const row = await profiles.findOneBy({ userId });
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });
    return row;
  }

  return {
    feed: (userId, input) => page({ following: userId }, input),

    async ofListener(handle, viewer, input) {
      const owner = await profiles.findOneBy({ handle });
      if (!owner) throw notFound();
      if (!mayViewActivity(owner, viewer))
        throw new TRPCError({ code: "FORBIDDEN", message: PRIVATE_PROFILE_MESSAGE });
      return page({ listener: owner.userId }, input);
    },

    async settings(userId) {
      return toSettings(await ownProfile(userId), new Date());
    },

    async updateSettings(userId, { shareLikes, privateSession }) {
      const now = new Date();
      await ownProfile(userId);
      await profiles.update(
        { userId },
        {
          ...(shareLikes === undefined ? {} : { shareLikes }),
          ...(privateSession === undefined
            ? {}
            : { privateSessionUntil: privateSession ? privateSessionEnd(now) : null }),
        },
      );
      return toSettings(await ownProfile(userId), now);
    },
  };
}
