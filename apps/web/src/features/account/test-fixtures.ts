// Test responses for the account procedures (screen tests): a guest by default, or a free or premium Pi user.
import type { RouterOutputs } from "@purplebeats/contracts";
import type { ReleaseDto } from "@purplebeats/contracts/schemas";
import { vi } from "vitest";
import type { Fixtures } from "../../test-utils/fixture-types";
import type { PiSdk } from "../../lib/pi-sdk";

type Me = NonNullable<RouterOutputs["auth"]["me"]>;
type Membership = RouterOutputs["membership"]["get"];

export const GUEST_USER: Me = {
  uid: "guest-abc123-1700000000000",
  username: "Guest User",
  isGuest: true,
  isAdmin: false,
};
export const PI_USER: Me = { uid: "pioneer-uid-1", username: "pioneer", isGuest: false, isAdmin: false };
export const ADMIN_USER: Me = { uid: "admin-uid-1", username: "admin", isGuest: false, isAdmin: true };

const DAY_MS = 86_400_000;
export const FREE_MEMBERSHIP: Membership = { isPremium: false, expiresAt: null, amount: "3.14" };
/** Active premium, expiring in `days` (default 12.5: the card says 13). */
export const premiumMembership = (days = 12.5, now = Date.now()): Membership => ({
  isPremium: true,
  expiresAt: new Date(now + days * DAY_MS).toISOString(),
  amount: "3.14",
});

export interface AccountFixtureOptions {
  user?: Me | null;
  membership?: Membership;
  name?: string;
  imageUrl?: string | null;
  /** Unread notifications: the header badge's figure. */
  unread?: number;
}

/** auth, membership and profile responses for one listener (a guest, free, unless told otherwise). */
export function accountFixtures({
  user = GUEST_USER,
  membership = FREE_MEMBERSHIP,
  name,
  imageUrl = null,
  unread = 0,
}: AccountFixtureOptions = {}): Fixtures {
  const me = user ?? GUEST_USER;
  return {
    auth: {
      me: () => user,
      guest: () => GUEST_USER,
      piLogin: () => PI_USER,
      logout: () => ({ loggedOut: true as const }),
    },
    membership: { get: () => membership },
    profile: {
      get: ({ userId }) => ({
        userId,
        name: name ?? me.username,
        handle: me.username.toLowerCase().replace(/[^a-z0-9_.]/g, ""),
        isPrivate: false,
        nickname: null,
        imageUrl,
        language: null,
      }),
      stats: () => ({
        playlists: 0,
        likedSongs: 0,
        plays: 0,
        listeningSeconds: 0,
        listeningSecondsThisMonth: 0,
        topTracks: [],
      }),
      top: ({ range = "4w" }) => ({ range, tracks: [], artists: [] }),
    },
    follows: {
      profile: ({ handle }) => ({
        handle,
        name: name ?? me.username,
        imageUrl,
        isPrivate: false,
        isOwn: true,
        isFollowing: false,
        followers: 0,
        following: 0,
        playlists: [],
      }),
      following: () => ({ items: [], nextCursor: null }),
    },
    notifications: { unreadCount: () => ({ unread }) },
    account: {
      overview: () => ({
        signInMethod: me.isGuest ? ("guest" as const) : ("pi" as const),
        piUsername: me.isGuest ? null : me.username,
        membership,
      }),
      receipts: () => ({ items: [], nextCursor: null }),
      plays: () => ({ items: [], nextCursor: null }),
      exportData: () => ({
        exportedAt: "2026-12-06T18:00:00.000Z",
        userId: me.uid,
        sections: { account: [{ id: me.uid, username: me.username }] },
      }),
      delete: () => ({ deleted: true as const }),
    },
    // Nobody followed yet, likes shared, no private session.
    activity: {
      feed: () => ({ items: [], nextCursor: null }),
      ofListener: () => ({ items: [], nextCursor: null }),
      settings: () => NO_ACTIVITY_PRIVACY,
      updateSettings: () => NO_ACTIVITY_PRIVACY,
    },
  };
}

export const NO_ACTIVITY_PRIVACY = { shareLikes: true, privateSessionUntil: null };

/** window.Pi as the simulator's SDK: its sign-in answers as `authenticate` does (unused: never settles). */
export function fakePi(authenticate: PiSdk["authenticate"] = () => new Promise(() => undefined)): PiSdk {
  return { init: vi.fn(), authenticate: vi.fn(authenticate), createPayment: vi.fn(), isSimulator: true };
}

/** A release as the artist studio lists it: an approved single of one song, unless `overrides` say otherwise. */
export const releaseDto = (id: string, overrides: Partial<ReleaseDto> = {}): ReleaseDto => ({
  id,
  artistId: "artist-1",
  artistName: "Neon Tide",
  albumId: `album-${id}`,
  kind: "single",
  title: `Song ${id}`,
  genre: "Synthwave",
  releaseDate: "2026-12-01",
  credits: "",
  coverUrl: null,
  membersOnly: false,
  trackCount: 1,
  songs: [{ id: `song-${id}`, title: `Song ${id}`, duration: 185 }],
  status: "approved",
  reason: null,
  takenDownBy: null,
  createdAt: "2026-12-06T10:00:00.000Z",
  reviewedAt: null,
  ...overrides,
});
