// 9. An admin's takedown hides a song everywhere at once, on PostgreSQL (two API instances over one database:
// taken down through one, gone from the other too) and on PGlite (one instance, its embedded database). A
// listener has the song everywhere a listener can keep it (liked, two playlists of their own, a public one
// another listener saved, played, in a follower's feed, an editorial playlist); after the takedown no
// answer that lists songs names it (search, the artist's and album's pages, every playlist, Liked Songs,
// history, Made For You, radio, charts, the feed, profiles), and its stream, download and lyrics are refused.
// (The listener's own data export still lists their like and plays of it: those records are theirs.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uidForUsername } from "@purplebeats/pi/simulator";
import type { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { runSeed } from "../src/config.js";
import { Client, type RawResponse } from "../src/http.js";
import { buyPremium, signInWithPi, type Pioneer } from "../src/pi.js";
import { SuiteResults } from "../src/results.js";
import { NO_RATE_LIMITS, startStack, type Stack } from "../src/stack.js";

const seed = runSeed();
const results = new SuiteResults("takedown");
const ADMIN = "takedown-admin";

interface Song {
  id: string;
  title: string;
  genre: string | null;
  artistId: string;
  albumId: string | null;
  artist: { name: string } | null;
  album: { title: string } | null;
}
interface Page<T> {
  items?: T[];
}
const itemsOf = <T>(json: unknown): T[] =>
  Array.isArray(json) ? (json as T[]) : ((json as Page<T> | undefined)?.items ?? []);

/** A surface that lists songs: its answer must not name the song once it is taken down. */
interface Surface {
  what: string;
  read: () => Promise<RawResponse>;
  /** Whether it named the song before the takedown (checked, so that "gone" means something). */
  showedBefore: boolean;
}

for (const database of ["PostgreSQL", "PGlite"] as const) {
  describe(`takedown on ${database}`, () => {
    let stack: Stack;
    let a: ApiProcess;
    /** Where the takedown's effect is read: the other instance on PostgreSQL, the same one on PGlite. */
    let b: ApiProcess;

    beforeAll(async () => {
      stack = await startStack(`takedown-${database.toLowerCase()}`);
      const env = { ...NO_RATE_LIMITS, ADMIN_UIDS: uidForUsername(ADMIN) };
      if (database === "PostgreSQL") {
        a = stack.api("takedown-pg-a", env);
        b = stack.api("takedown-pg-b", env);
        await a.start();
        await b.start();
      } else {
        a = stack.apiOnPglite("takedown-pglite", env);
        b = a;
        await a.start();
      }
    });

    afterAll(async () => {
      results.save(seed);
      await stack?.stop();
    });

    const signIn = async (api: ApiProcess, username: string) =>
      signInWithPi(stack.sim, new Client(api.url), username);
    const json = async <T>(client: Client, path: string): Promise<T> => {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      return res.json as T;
    };
    const write = async (res: Promise<RawResponse>, what: string) => {
      const done = await res;
      if (done.status >= 300) throw new Error(`${what}: ${done.status} ${done.text.slice(0, 200)}`);
      return done.json;
    };

    it("hides a taken-down song from every list, page, playlist, feed and stream at once", async () => {
      const t = new Tally();
      const admin = await signIn(a, ADMIN);

      // The song: the first of the first editorial playlist ('Made For You') with an album and an artist.
      const editorial = itemsOf<{ id: string }>((await admin.client.get("/api/playlists?limit=50")).json);
      let song: Song | undefined;
      let editorialId = "";
      for (const playlist of editorial) {
        const detail = await json<{ songs: Song[] }>(admin.client, `/api/playlists/${playlist.id}`);
        song = detail.songs.find((s) => s.albumId && s.artist && s.album);
        editorialId = playlist.id;
        if (song) break;
      }
      if (!song) throw new Error("no editorial playlist holds a song with an album");
      const { id: songId, albumId, artistId } = song;

      // A premium listener who liked it, played it and put it in a private and a public playlist; a premium
      // friend who follows them and saved the public one; a guest.
      const fan: Pioneer = await signIn(a, `takedown-fan-${database}`);
      await buyPremium(stack.sim, fan);
      const friend = await signIn(a, `takedown-friend-${database}`);
      await buyPremium(stack.sim, friend);
      const { handle } = await json<{ handle: string }>(fan.client, `/api/profile/${fan.uid}`);
      await write(fan.client.post("/api/liked-songs", { songId }), "like");
      await write(fan.client.post(`/api/songs/${songId}/plays`), "play");
      const playlistIds: Record<"private" | "public", string> = { private: "", public: "" };
      for (const kind of ["private", "public"] as const) {
        const made = (await write(
          fan.client.post("/api/playlists", { name: `Takedown ${kind}`, isPublic: kind === "public" }),
          `create the ${kind} playlist`,
        )) as { id: string };
        playlistIds[kind] = made.id;
        await write(fan.client.post(`/api/playlists/${made.id}/songs`, { songId }), `add to ${kind}`);
      }
      // Another song after it in the public playlist: the rest of the playlist stays, and can be reordered.
      const otherId = itemsOf<Song>((await fan.client.get("/api/songs?limit=5")).json).find(
        (s) => s.id !== songId,
      )!.id;
      await write(fan.client.post(`/api/playlists/${playlistIds.public}/songs`, { songId: otherId }), "add");
      await write(friend.client.put(`/api/users/${handle}/follow`), "follow the fan");
      await write(
        friend.client.post("/api/library-playlists", { playlistId: playlistIds.public }),
        "save the public playlist",
      );
      const guest = new Client(b.url);
      await guest.asGuest();
      // The same listeners on the instance that reads the effect.
      const fanB = b === a ? fan.client : (await signIn(b, fan.username)).client;
      const friendB = b === a ? friend.client : (await signIn(b, friend.username)).client;

      const q = encodeURIComponent;
      const reads: Array<[string, Client, string]> = [
        ["search (songs, by its title)", guest, `/api/search?q=${q(song.title)}`],
        ["song search (by its title)", guest, `/api/songs/search?q=${q(song.title)}`],
        ["search (by its album's title)", guest, `/api/search?q=${q(song.album!.title)}`],
        ["search (by its artist's name)", guest, `/api/search?q=${q(song.artist!.name)}`],
        ...(song.genre
          ? ([
              ["search (by its genre)", guest, `/api/search?q=${q(song.genre)}`],
              ["its genre's page", guest, `/api/songs/genre/${q(song.genre)}?limit=50`],
            ] as Array<[string, Client, string]>)
          : []),
        ["the artist's top songs", guest, `/api/artists/${artistId}/top-songs?limit=50`],
        ["the artist's albums", guest, `/api/artists/${artistId}/albums`],
        ["the artist's appearances", guest, `/api/artists/${artistId}/appears-on`],
        ["the album's songs", guest, `/api/albums/${albumId}/songs?limit=50`],
        ["the fan's private playlist", fanB, `/api/playlists/${playlistIds.private}`],
        ["the fan's public playlist", fanB, `/api/playlists/${playlistIds.public}`],
        ["the public playlist, to the friend who saved it", friendB, `/api/playlists/${playlistIds.public}`],
        ["the public playlist, to a guest", guest, `/api/playlists/${playlistIds.public}`],
        ["the editorial playlist (Made For You)", guest, `/api/playlists/${editorialId}`],
        ["the fan's Liked Songs", fanB, "/api/liked-songs?limit=50"],
        ["the fan's recently played", fanB, "/api/songs/recently-played?limit=50"],
        ["the fan's play history", fanB, "/api/account/plays?limit=50"],
        ["everyone's recently played", guest, "/api/songs/recently-played?limit=50"],
        ["the fan's top tracks", fanB, `/api/profile/${fan.uid}/top`],
        ["the friend's feed (the fan's like)", friendB, "/api/activity?limit=50"],
        ["the fan's public activity", guest, `/api/users/${handle}/activity?limit=50`],
        ["charts (trending)", guest, "/api/songs/trending?limit=50"],
        ["new songs", guest, "/api/songs?limit=50"],
      ];
      // Radio from the songs around it: its album's other songs.
      const albumSongs = itemsOf<Song>((await guest.get(`/api/albums/${albumId}/songs?limit=50`)).json);
      const seeds = albumSongs.filter((s) => s.id !== songId).slice(0, 3);
      if (seeds.length > 0)
        reads.push(["radio", guest, `/api/songs/radio?seeds=${seeds.map((s) => s.id).join(",")}&limit=50`]);

      const surfaces: Surface[] = [];
      for (const [what, client, path] of reads) {
        const read = () => client.get(path);
        const before = await read();
        surfaces.push({ what, read, showedBefore: before.status === 200 && before.text.includes(songId) });
      }
      // Where it was certainly shown, it was: the test would prove nothing otherwise.
      for (const what of [
        "song search (by its title)",
        "the album's songs",
        "the fan's private playlist",
        "the fan's public playlist",
        "the public playlist, to the friend who saved it",
        "the editorial playlist (Made For You)",
        "the fan's Liked Songs",
        "the fan's recently played",
        "the fan's play history",
        "the friend's feed (the fan's like)",
      ])
        t.check(
          `${what} showed it before`,
          !surfaces.find((s) => s.what === what)?.showedBefore && "not shown",
        );
      const streamed = await fanB.get(`/api/songs/${songId}/stream`, { range: "bytes=0-1" });
      t.check("it streamed before", (streamed.status < 200 || streamed.status > 206) && `${streamed.status}`);

      // Reported by the fan, taken down by the admin in the dashboard (through instance a).
      await write(fan.client.post(`/api/songs/${songId}/reports`, { reason: "rights" }), "report");
      t.status("the takedown", await admin.client.post(`/api/admin/reports/${songId}/takedown`), 200);

      for (const surface of surfaces) {
        const res = await surface.read();
        t.check(
          `${surface.what} (shown before: ${surface.showedBefore})`,
          res.text.includes(songId) && `still names it: ${res.text.slice(0, 200)}`,
        );
        t.check(`${surface.what} answers`, res.status >= 500 && `${res.status} ${res.text.slice(0, 120)}`);
      }
      // The public playlist is what is left of it, to everyone: its other song, counted alone (the shared
      // link's preview says '1 song'), and its owner reorders what they see.
      for (const [who, client] of [
        ["its owner", fanB],
        ["a guest", guest],
      ] as const) {
        const left = (await client.get(`/api/playlists/${playlistIds.public}`)).json as {
          songCount?: number;
          songs?: Array<{ id: string }>;
        };
        t.check(
          `the public playlist to ${who}: its other song, counted alone`,
          (left.songCount !== 1 ||
            JSON.stringify(left.songs?.map((one) => one.id)) !== JSON.stringify([otherId])) &&
            JSON.stringify({ songCount: left.songCount, songs: left.songs?.map((one) => one.id) }),
        );
      }
      t.status(
        "its owner reorders the songs they see",
        await fanB.put(`/api/playlists/${playlistIds.public}/songs/order`, { songIds: [otherId] }),
        200,
      );
      for (const [who, client] of [
        ["the fan", fanB],
        ["a guest", guest],
      ] as const) {
        t.status(`its stream, to ${who}`, await client.get(`/api/songs/${songId}/stream`), 404);
        t.status(`its download, to ${who}`, await client.get(`/api/songs/${songId}/download`), 403, 404);
        t.status(`its lyrics, to ${who}`, await client.get(`/api/songs/${songId}/lyrics`), 404);
      }
      const liked = (await fanB.get("/api/liked-songs/count")).json as { count?: number };
      t.check("the fan's Liked Songs count it no more", liked.count !== 0 && JSON.stringify(liked));
      // A list read before the takedown still names it in the app: played, liked or added from there, it
      // is not found (a play of it counts for no chart and no artist's share).
      t.status("a play of it", await fanB.post(`/api/songs/${songId}/plays`), 404);
      t.status("a like of it", await friendB.post("/api/liked-songs", { songId }), 404);
      const later = (await write(friendB.post("/api/playlists", { name: "After" }), "a new playlist")) as {
        id: string;
      };
      t.status(
        "adding it to a playlist",
        await friendB.post(`/api/playlists/${later.id}/songs`, { songId }),
        404,
      );
      record(`A takedown hides a song everywhere at once (${database})`, t);
    });
  });
}

function record(what: string, t: Tally) {
  for (const f of t.failures) console.log(`FAIL ${f}`);
  results.add({ area: "Artists", what, cases: t.cases, failures: t.failures.length, writesLost: 0 });
  expect(t.failures).toEqual([]);
}
