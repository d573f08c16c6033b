import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PRIVATE_PROFILE_MESSAGE,
  type FollowService,
  type FollowingEntryDto,
  type FollowStateDto,
  type PageInput,
  type SessionUser,
} from "@purplebeats/contracts";
import { Artist, Follow, Profile } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { toPlaylistDto } from "../../data/playlist-rows.js";
import { followCounts, followersPage, followingPage, publicPlaylistsOf } from "../../data/social.js";
import type { TimeKeyset } from "../../data/likes.js";
import { mayViewProfile } from "./profile-visibility.js";
import type { Notifier } from "../inbox/notifier.js";
import { newFollower } from "../inbox/messages.js";
import { must } from "../../data/must.js";

/** A public profile lists this many of its playlists. */
export const PROFILE_PLAYLISTS = 50;

const noListener = () => new TRPCError({ code: "NOT_FOUND", message: "No listener has that handle" });
const noArtist = () => new TRPCError({ code: "NOT_FOUND", message: "Artist not found" });

export function createFollowService(db: DataSource, notifier: Notifier): FollowService {
  const profiles = db.getRepository(Profile);
  const follows = db.getRepository(Follow);
  const artists = db.getRepository(Artist);

  async function listener(handle: string) {
    const row = await profiles.findOneBy({ handle });
    if (!row) throw noListener();
    return row;
  }

  async function visibleListener(handle: string, viewer: SessionUser | null) {
    const row = await listener(handle);
    if (!mayViewProfile(row, viewer))
      throw new TRPCError({ code: "FORBIDDEN", message: PRIVATE_PROFILE_MESSAGE });
    return row;
  }

  /** A page of a visible listener's follows or followers, newest first. */
  async function followPage<Row extends { at_micros: string; follow_id: string }, Item>(
    handle: string,
    viewer: SessionUser | null,
    page: PageInput,
    read: (userId: string, limit: number, after: TimeKeyset | null) => Promise<Row[]>,
    toItem: (row: Row) => Item,
  ) {
    const row = await visibleListener(handle, viewer);
    const rows = await read(row.userId, page.limit + 1, decodeCursor(page.cursor, ["n", "u"] as const));
    return toPage(rows, page.limit, toItem, (r) => [Number(r.at_micros), r.follow_id]);
  }

  async function listenerState(followerId: string, listenerId: string): Promise<FollowStateDto> {
    const [following, followers] = await Promise.all([
      follows.existsBy({ followerId, listenerId }),
      follows.countBy({ listenerId }),
    ]);
    return { following, followers };
  }

  async function artistState(viewerId: string | null, artistId: string): Promise<FollowStateDto> {
    const [following, followers] = await Promise.all([
      viewerId === null ? false : follows.existsBy({ followerId: viewerId, artistId }),
      follows.countBy({ artistId }),
    ]);
    return { following, followers };
  }

  async function existingArtist(artistId: string) {
    if (!(await artists.existsBy({ id: artistId }))) throw noArtist();
  }

  /** Inserts the follow unless it is there already: a second follow changes nothing. */
  const insertFollow = (values: Pick<Follow, "followerId" | "listenerId" | "artistId">) =>
    follows.createQueryBuilder().insert().values(values).orIgnore().execute();

  return {
    async profile(handle, viewer) {
      const row = await listener(handle);
      const isOwn = viewer?.id === row.userId;
      const isFollowing =
        viewer !== null &&
        !isOwn &&
        (await follows.existsBy({ followerId: viewer.id, listenerId: row.userId }));
      const base = {
        handle: row.handle,
        name: row.name,
        imageUrl: row.imageUrl,
        isPrivate: row.isPrivate,
        isOwn,
        isFollowing,
      };
      if (!mayViewProfile(row, viewer)) return { ...base, followers: null, following: null, playlists: null };
      const [counts, playlists] = await Promise.all([
        followCounts(db, row.userId),
        publicPlaylistsOf(db, row.userId, PROFILE_PLAYLISTS),
      ]);
      const totals = must(counts, "a count(*) answers one row");
      return {
        ...base,
        followers: totals.followers,
        following: totals.following,
        playlists: playlists.map(toPlaylistDto),
      };
    },

    following: (handle, viewer, page) =>
      followPage(
        handle,
        viewer,
        page,
        (userId, limit, after) => followingPage(db, userId, limit, after),
        (r): FollowingEntryDto =>
          r.artist_id === null
            ? { kind: "listener", handle: r.handle ?? "", name: r.name, imageUrl: r.image_url }
            : { kind: "artist", id: r.artist_id, name: r.name, imageUrl: r.image_url },
      ),

    followers: (handle, viewer, page) =>
      followPage(
        handle,
        viewer,
        page,
        (userId, limit, after) => followersPage(db, userId, limit, after),
        (r) => ({ handle: r.handle, name: r.name, imageUrl: r.image_url }),
      ),

    async followListener(userId, handle) {
      const row = await listener(handle);
      if (row.userId === userId)
        throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot follow yourself" });
      await insertFollow({ followerId: userId, listenerId: row.userId, artistId: null });
      const follower = await profiles.findOneBy({ userId });
      if (follower)
        await notifier.notify([
          newFollower(row.userId, { id: userId, name: follower.name, handle: follower.handle }),
        ]);
      return listenerState(userId, row.userId);
    },

    async unfollowListener(userId, handle) {
      const row = await listener(handle);
      await follows.delete({ followerId: userId, listenerId: row.userId });
      return listenerState(userId, row.userId);
    },

    async artist(artistId, viewerId) {
      await existingArtist(artistId);
      return artistState(viewerId, artistId);
    },

    async followArtist(userId, artistId) {
      await existingArtist(artistId);
      await insertFollow({ followerId: userId, listenerId: null, artistId });
      return artistState(userId, artistId);
    },

    async unfollowArtist(userId, artistId) {
      await existingArtist(artistId);
      await follows.delete({ followerId: userId, artistId });
      return artistState(userId, artistId);
    },
  };
}
