// 2. Attacks from other sites: cross-site writes that carry the cookie and CORS, plays that would rig
// Trending, and the catalog's audio hotlinked or fetched without a session.
import { describe, it } from "vitest";
import type { SongDto } from "@purplebeats/contracts";
import { Tally } from "../src/checks.js";
import { Client, rawRequest, type RawResponse } from "../src/http.js";
import { sleep } from "../src/stack.js";
import { attackSuite, attackTest, type AttackWorld } from "./helpers/attacks.js";

const { record } = attackSuite("attacks-cross-site");

describe("attacks: other sites", () => {
  let { stack, main, catalog, alice, bob, alicePlaylist, boss } = {} as AttackWorld;
  attackTest.beforeAll(({ world }) => {
    ({ stack, main, catalog, alice, bob, alicePlaylist, boss } = world);
  });

  it("refuses cross-site writes that carry the cookie, and sends no CORS grant", async () => {
    const t = new Tally();
    const before = await stack.db.rowCounts();
    const cookie = alice.client.cookie;
    const own = new URL(main.url).host;
    const attempts: Array<[string, Record<string, string>]> = [
      ["evil origin", { origin: "https://evil.example" }],
      ["null origin", { origin: "null" }],
      ["other port", { origin: `http://127.0.0.1:${Number(new URL(main.url).port) + 1}` }],
      ["referer only", { referer: "https://evil.example/page" }],
      ["no origin", {}],
      ["lookalike origin", { origin: `http://${own}.evil.example` }],
    ];
    const writes: Array<[string, string, string, string]> = [
      ["POST", "/api/playlists", "application/json", JSON.stringify({ name: "csrf" })],
      ["POST", "/api/playlists", "text/plain", JSON.stringify({ name: "csrf" })],
      ["POST", "/api/playlists", "application/x-www-form-urlencoded", "name=csrf"],
      ["PUT", `/api/profile/${alice.uid}`, "application/json", JSON.stringify({ name: "csrf" })],
      ["DELETE", `/api/playlists/${alicePlaylist.id}`, "application/json", "{}"],
      ["POST", "/api/logout", "application/json", "{}"],
      ["POST", "/trpc/myPlaylists.create", "application/json", JSON.stringify({ json: { name: "csrf" } })],
      ["POST", "/api/pi/payment/x/approve", "application/json", "{}"],
      // The router decodes %61 to 'a': the checks must see the route, not the raw prefix.
      ["POST", "/%61pi/logout", "application/json", "{}"],
      ["POST", "/%61pi/guest", "text/plain", "{}"],
      ["POST", "/ap%69/playlists", "application/json", JSON.stringify({ name: "csrf" })],
      ["POST", "/trp%63/auth.logout", "application/json", "{}"],
    ];
    for (const [label, extra] of attempts) {
      for (const [method, path, type, body] of writes) {
        const res = await rawRequest(main.url, {
          method,
          path,
          headers: { cookie, "content-type": type, ...extra },
          body,
        });
        t.check(
          `${method} ${path} (${type}, ${label})`,
          res.status !== 403 && `${res.status} ${res.text.slice(0, 100)}`,
        );
      }
    }
    const still = await alice.client.get("/api/me");
    t.check(
      "the victim's session survives every spelling of logout",
      (still.json as { uid?: string } | null)?.uid !== alice.uid &&
        `${still.status} ${still.text.slice(0, 80)}`,
    );
    // Our own pages get through (the client header, or an Origin of this host).
    const ownOrigin = await rawRequest(main.url, {
      method: "POST",
      path: "/api/playlists",
      headers: { cookie, "content-type": "application/json", origin: main.url },
      body: JSON.stringify({ name: "same origin" }),
    });
    t.status("same-origin write", ownOrigin, 201);
    const after = await stack.db.rowCounts();
    t.check(
      "only the same-origin playlist was written",
      after.playlists !== before.playlists! + 1 && `${before.playlists} → ${after.playlists}`,
    );
    // No CORS grant: another site's script cannot read responses.
    for (const [method, path] of [
      ["GET", "/api/me"],
      ["OPTIONS", "/api/playlists"],
      ["GET", "/trpc/auth.me"],
    ]) {
      const res = await rawRequest(main.url, {
        method: method!,
        path: path!,
        headers: { cookie, origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      t.check(
        `${method} ${path} CORS`,
        (res.headers["access-control-allow-origin"] !== undefined ||
          res.headers["access-control-allow-credentials"] !== undefined) &&
          JSON.stringify(res.headers),
      );
    }
    record(
      "Attacks",
      "cross-site POST/PUT/DELETE with the session cookie (evil, null, lookalike and missing Origin; JSON, text and form bodies; REST and tRPC; percent-encoded paths like /%61pi/logout); CORS",
      t,
    );
  });

  it("cannot rig Trending with anonymous, cross-site or repeated plays", async () => {
    const t = new Tally();
    const [rigged, loved] = catalog.songs.slice(-2) as [SongDto, SongDto];
    const counts = async (id: string) => {
      const [row] = await stack.db.query<{ plays: number; listeners: number }>(
        `SELECT play_count AS plays, listener_count AS listeners FROM songs WHERE id = $1`,
        [id],
      );
      return { plays: Number(row?.plays), listeners: Number(row?.listeners) };
    };
    const before = await counts(rigged.id);
    const path = `/api/songs/${rigged.id}/plays`;
    // 25 bodyless 'simple' POSTs another site can make its visitors send, with and without their cookie.
    for (let i = 0; i < 25; i++) {
      const anonymous = await rawRequest(main.url, { method: "POST", path });
      if (anonymous.status !== 401) t.check(`anonymous play ${i}`, `${anonymous.status}`);
      const crossSite = await rawRequest(main.url, {
        method: "POST",
        path,
        headers: { cookie: alice.client.cookie, origin: "https://evil.example" },
      });
      if (crossSite.status !== 403) t.check(`cross-site play ${i}`, `${crossSite.status}`);
    }
    // One listener repeating a play: counted once within the window.
    const repeats: boolean[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await alice.client.post(path);
      repeats.push(res.status === 201 && (res.json as { counted: boolean }).counted);
    }
    t.check("a listener's 25 plays count once", repeats.filter(Boolean).length !== 1 && repeats.join(","));
    const after = await counts(rigged.id);
    t.check(
      "counted: one play, one listener",
      (after.plays !== before.plays + 1 || after.listeners !== before.listeners + 1) &&
        `${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    // Two listeners outrank one listener's many plays.
    for (const listener of [alice, bob])
      t.status("a real play", await listener.client.post(`/api/songs/${loved.id}/plays`), 201);
    const trending = async () =>
      ((await new Client(main.url).get("/api/songs/trending?limit=100")).json as SongDto[]).map((s) => s.id);
    let order = await trending();
    for (let i = 0; i < 50 && order.indexOf(loved.id) > order.indexOf(rigged.id); i++) {
      await sleep(200); // Trending's first page is cached for a moment.
      order = await trending();
    }
    t.check(
      "two listeners rank above one",
      !(order.indexOf(loved.id) >= 0 && order.indexOf(loved.id) < order.indexOf(rigged.id)) &&
        `${order.indexOf(loved.id)} vs ${order.indexOf(rigged.id)}`,
    );
    record("Attacks", "play counts: anonymous, cross-site and repeated plays do not rig Trending", t);
  });

  it("keeps the catalog's audio on our pages and for sessions only", async () => {
    const t = new Tally();
    const song = catalog.songs[0]!;
    const streamPath = `/api/songs/${song.id}/stream?quality=standard`;
    const own = { referer: `${main.url}/`, "sec-fetch-site": "same-origin", range: "bytes=0-1023" };
    t.status(
      "our page, with a session",
      await rawRequest(main.url, {
        method: "GET",
        path: streamPath,
        headers: { ...own, cookie: alice.client.cookie },
      }),
      206,
      200,
    );
    t.status(
      "our page, no session",
      await rawRequest(main.url, { method: "GET", path: streamPath, headers: own }),
      401,
    );
    const hotlinks: Array<[string, Record<string, string>]> = [
      ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site", "sec-fetch-dest": "audio" }],
      ["foreign Referer", { referer: "https://evil.example/embed.html" }],
      ["foreign Origin", { origin: "https://evil.example" }],
      ["null Origin", { origin: "null" }],
      ["lookalike Referer", { referer: `http://${new URL(main.url).host}.evil.example/` }],
    ];
    for (const [label, headers] of hotlinks) {
      t.status(
        `stream, ${label}`,
        await rawRequest(main.url, {
          method: "GET",
          path: streamPath,
          headers: { ...headers, cookie: alice.client.cookie },
        }),
        403,
      );
    }
    // A seed song's own file (/media/audio/<slug>.mp3) once gave anyone the whole clip, with no session,
    // even once an admin made the song members-only or hid it; /api/songs handed guests that path.
    const clipOf = async (id: string) =>
      (await stack.db.query<{ audio_url: string }>(`SELECT audio_url FROM songs WHERE id = $1`, [id]))[0]!
        .audio_url;
    const guest = new Client(main.url);
    await guest.asGuest();
    const noAudio = (label: string, res: RawResponse) =>
      t.check(
        label,
        (res.status < 400 || /^audio\//.test(String(res.headers["content-type"]))) &&
          `${res.status} ${res.headers["content-type"]}`,
      );
    const locked = catalog.songs.at(-1)!;
    const hidden = catalog.songs.at(-2)!;
    const callers: Array<[string, Record<string, string>]> = [
      ["no session", own],
      ["a guest", { ...own, cookie: guest.cookie }],
      ["a premium member", { ...own, cookie: alice.client.cookie }],
      ...hotlinks.map(([label, headers]): [string, Record<string, string>] => [label, headers]),
    ];
    for (const [label, headers] of callers)
      noAudio(
        `${await clipOf(song.id)}, ${label}`,
        await rawRequest(main.url, { method: "GET", path: await clipOf(song.id), headers }),
      );
    t.status(
      "members-only",
      await boss.client.put(`/api/admin/songs/${locked.id}`, { membersOnly: true }),
      200,
    );
    t.status("hidden", await boss.client.put(`/api/admin/songs/${hidden.id}`, { hidden: true }), 200);
    try {
      const listed = (await guest.get("/api/songs?limit=100")).json as SongDto[];
      for (const s of listed)
        t.check(
          `audioUrl of ${s.title}`,
          s.audioUrl !== `/api/songs/${s.id}/stream?quality=standard` && String(s.audioUrl),
        );
      const lockedUrl = listed.find((s) => s.id === locked.id)?.audioUrl ?? "";
      t.status(
        "a members-only song's audioUrl, a guest",
        await rawRequest(main.url, {
          method: "GET",
          path: lockedUrl,
          headers: { ...own, cookie: guest.cookie },
        }),
        403,
      );
      for (const target of [locked, hidden])
        for (const [label, headers] of callers.slice(0, 2))
          noAudio(
            `${target === locked ? "members-only" : "hidden"} ${await clipOf(target.id)}, ${label}`,
            await rawRequest(main.url, { method: "GET", path: await clipOf(target.id), headers }),
          );
    } finally {
      await boss.client.put(`/api/admin/songs/${locked.id}`, { membersOnly: false });
      await boss.client.put(`/api/admin/songs/${hidden.id}`, { hidden: false });
    }
    record(
      "Attacks",
      "stream hotlinking (cross-site Sec-Fetch-Site, foreign/null/lookalike Origin and Referer), streams without a session, and seed audio files outside the stream's rules (members-only, hidden, no session)",
      t,
    );
  });
});
