// The account menu's screens over HTTP: the account's receipts and sign-in, the full play history, and the
// listener's data rights (everything exported, nothing left after a deletion but anonymised payments), on
// PGlite (and PostgreSQL under `pnpm test:full`: nothing here differs between them).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { ACCOUNT_DELETION_PAYMENT_PENDING } from "@purplebeats/contracts";
import type {
  AccountOverviewDto,
  PersonalDataExportDto,
  PlayEntryDto,
  PlaylistDto,
  ProfileDto,
  ReceiptDto,
  SongDto,
} from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { paymentRecord, PiWallet, premiumListener } from "./helpers/pi-sim.js";

/** Every table with a user column, and that column: what must hold nothing of a deleted listener. */
const USER_COLUMNS = [
  ["sessions", "user_id"],
  ["profiles", "user_id"],
  ["memberships", "user_id"],
  ["pi_payments", "user_id"],
  ["playlists", "created_by"],
  ["liked_songs", "user_id"],
  ["liked_playlists", "user_id"],
  ["library_playlists", "user_id"],
  ["play_history", "user_id"],
  ["song_listeners", "user_id"],
  ["uploads", "user_id"],
  ["admin_api_tokens", "user_id"],
  ["follows", "follower_id"],
  ["follows", "listener_id"],
  ["users", "id"],
] as const;

describe.each(testBackends())("the account's screens and data rights (%s)", (kind) => {
  let t: TestServer;
  let songs: SongDto[];
  beforeAll(async () => {
    t = await startTestServer(kind);
    songs = (await new Client(t.url).get<SongDto[]>("/api/songs?limit=10")).body;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One more premium month paid through the whole Pi flow. */
  async function payAgain(client: Client, me: { uid: string; accessToken: string }) {
    const wallet = new PiWallet(t.url, me.accessToken, me.uid);
    const payment = await wallet.createPayment();
    await client.post("/api/pi/payment", paymentRecord(payment.identifier, me.uid));
    await client.post(`/api/pi/payment/${payment.identifier}/approve`);
    const txid = await wallet.submitTransaction(payment.identifier);
    await client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
  }

  /** A premium listener with something in every section: a playlist, likes, plays, a follow. */
  async function busyListener(username: string) {
    const client = new Client(t.url);
    const me = await premiumListener(client, username);
    const playlist = (
      await client.post<PlaylistDto>("/api/playlists", {
        name: `${username} mix`,
        description: "",
        imageUrl: "",
        isPublic: true,
      })
    ).body;
    await client.post(`/api/playlists/${playlist.id}/songs`, { songId: songs[0]!.id });
    await client.post("/api/liked-songs", { songId: songs[1]!.id });
    for (const song of songs.slice(0, 3)) await client.post(`/api/songs/${song.id}/plays`);
    const handle = (await client.get<ProfileDto>(`/api/profile/${me.uid}`)).body.handle;
    return { client, me, playlist, handle };
  }

  it("shows a Pi listener's sign-in, membership and receipts, paged newest first", async () => {
    const client = new Client(t.url);
    const me = await premiumListener(client, "receipts-reader");
    await payAgain(client, me);
    await payAgain(client, me);

    const overview = await client.get<AccountOverviewDto>("/api/account");
    expect(overview.body).toMatchObject({
      signInMethod: "pi",
      piUsername: "receipts-reader",
      membership: { isPremium: true },
    });

    const first = await client.get<ReceiptDto[]>("/api/account/receipts?limit=2");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await client.get<ReceiptDto[]>(`/api/account/receipts?limit=2&cursor=${cursor}`);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const all = [...first.body, ...second.body];
    expect(new Set(all.map((r) => r.paymentId)).size).toBe(3);
    for (const receipt of all) {
      expect(receipt).toMatchObject({ amount: "3.14", status: "completed" });
      expect(receipt.txid).toBeTruthy();
    }
    const dates = all.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("shows a guest as a guest, with no receipts", async () => {
    const client = new Client(t.url);
    await client.asGuest();
    expect((await client.get<AccountOverviewDto>("/api/account")).body).toMatchObject({
      signInMethod: "guest",
      piUsername: null,
      membership: { isPremium: false },
    });
    expect((await client.get<ReceiptDto[]>("/api/account/receipts")).body).toEqual([]);
  });

  it("lists every play newest first, a song as often as played, in cursor pages", async () => {
    const client = new Client(t.url);
    await client.asGuest();
    for (const song of songs.slice(0, 3)) await client.post(`/api/songs/${song.id}/plays`);
    const first = await client.get<PlayEntryDto[]>("/api/account/plays?limit=2");
    expect(first.body.map((p) => p.song.id)).toEqual([songs[2]!.id, songs[1]!.id]);
    const cursor = first.headers.get("x-next-cursor")!;
    const rest = await client.get<PlayEntryDto[]>(`/api/account/plays?limit=2&cursor=${cursor}`);
    expect(rest.body.map((p) => p.song.id)).toEqual([songs[0]!.id]);
    expect(rest.body[0]!.song).toMatchObject({ title: songs[0]!.title, unavailable: false });
  });

  it("refuses bad input with a 4xx and no write", async () => {
    const client = new Client(t.url);
    const uid = await client.asGuest();
    expect((await client.get("/api/account/receipts?limit=0")).status).toBe(400);
    expect((await client.get("/api/account/plays?limit=abc")).status).toBe(400);
    expect((await client.get("/api/account/plays?cursor=not-a-cursor")).status).toBe(400);
    expect((await client.get("/api/account/receipts?cursor=WyJ4Il0")).status).toBe(400);
    expect((await client.del("/api/account")).status).toBe(400);
    expect((await client.del("/api/account?confirm=yes")).status).toBe(400);
    expect((await t.query("SELECT id FROM users WHERE id = $1", [uid])).length).toBe(1);
    // Without a session there is no account to read, export or delete.
    const nobody = new Client(t.url);
    expect((await nobody.get("/api/account")).status).toBe(401);
    expect((await nobody.get("/api/account/export")).status).toBe(401);
    expect((await nobody.del("/api/account?confirm=true")).status).toBe(401);
  });

  it("exports everything stored about the listener and nothing of anyone else", async () => {
    const a = await busyListener("export-owner");
    const b = await busyListener("export-other");
    await a.client.put(`/api/users/${b.handle}/follow`);

    const res = await a.client.get<PersonalDataExportDto>("/api/account/export");
    expect(res.status).toBe(200);
    const { sections, userId } = res.body;
    expect(userId).toBe(a.me.uid);
    expect(sections.account).toEqual([expect.objectContaining({ id: a.me.uid, username: "export-owner" })]);
    expect(sections.profile).toEqual([expect.objectContaining({ handle: a.handle })]);
    expect(sections.playlists).toEqual([
      expect.objectContaining({
        name: "export-owner mix",
        songs: [expect.objectContaining({ songId: songs[0]!.id, title: songs[0]!.title })],
      }),
    ]);
    expect(sections.likedSongs).toEqual([expect.objectContaining({ song_id: songs[1]!.id })]);
    expect(sections.plays).toHaveLength(3);
    expect(sections.follows).toEqual([expect.objectContaining({ direction: "following", handle: b.handle })]);
    expect(sections.payments).toEqual([expect.objectContaining({ amount: "3.14", status: "completed" })]);
    expect(sections.membership).toEqual([expect.objectContaining({ is_premium: true })]);
    expect((sections.sessions as unknown[]).length).toBeGreaterThan(0);
    const text = JSON.stringify(res.body);
    // Nothing of the other listener (their uid, their playlist) and no secret (a session's token hash).
    expect(text).not.toContain(b.me.uid);
    expect(text).not.toContain("export-other mix");
    expect(text).not.toContain("token_hash");
    const sessionIds = await t.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [
      a.me.uid,
    ]);
    for (const { id } of sessionIds) expect(text).not.toContain(id);
  });

  it("deletes an account: nothing of the listener left but anonymised payments, the session ended", async () => {
    const a = await busyListener("delete-me");
    const b = await busyListener("delete-bystander");
    await a.client.put(`/api/users/${b.handle}/follow`);
    await b.client.put(`/api/users/${a.handle}/follow`);
    await b.client.post("/api/liked-playlists", { playlistId: a.playlist.id, userId: b.me.uid });
    const paid = await t.query<{ payment_id: string; txid: string }>(
      "SELECT payment_id, txid FROM pi_payments WHERE user_id = $1",
      [a.me.uid],
    );
    expect(paid).toHaveLength(1);

    const res = await a.client.del<{ deleted: true }>("/api/account?confirm=true");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(res.setCookie).toMatch(/^pb_session=;/);

    for (const [table, column] of USER_COLUMNS) {
      const left = await t.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [a.me.uid]);
      expect(left, `${table}.${column}`).toEqual([]);
    }
    const dump = JSON.stringify(
      await t.query("SELECT * FROM pi_payments WHERE payment_id = $1", [paid[0]!.payment_id]),
    );
    expect(dump).not.toContain(a.me.uid);
    const [kept] = await t.query<{ user_id: string; status: string; txid: string; amount: string }>(
      "SELECT user_id, status, txid, amount FROM pi_payments WHERE payment_id = $1",
      [paid[0]!.payment_id],
    );
    expect(kept).toEqual({
      user_id: "deleted-account",
      status: "completed",
      txid: paid[0]!.txid,
      amount: "3.14",
    });
    // The playlist is gone from the catalog, and from the bystander's likes; the bystander keeps the rest.
    expect((await b.client.get(`/api/playlists/${a.playlist.id}`)).status).toBe(404);
    expect((await t.query("SELECT 1 FROM playlists WHERE created_by = $1", [b.me.uid])).length).toBe(1);
    // The old session cookie opens nothing.
    expect((await a.client.get("/api/account")).status).toBe(401);

    // The same Pi user signing in again starts fresh: a new free account with no history.
    const again = new Client(t.url);
    await again.signInWithPi("delete-me", a.me.uid);
    const overview = (await again.get<AccountOverviewDto>("/api/account")).body;
    expect(overview).toMatchObject({ signInMethod: "pi", membership: { isPremium: false } });
    expect((await again.get<ReceiptDto[]>("/api/account/receipts")).body).toEqual([]);
    expect((await again.get<PlayEntryDto[]>("/api/account/plays")).body).toEqual([]);
  });

  it("refuses to delete an account while a payment is approved and not yet settled, deleting nothing", async () => {
    const client = new Client(t.url);
    const me = await client.signInWithPi("paying-leaver");
    const wallet = new PiWallet(t.url, me.accessToken, me.uid);
    const payment = await wallet.createPayment();
    await client.post("/api/pi/payment", paymentRecord(payment.identifier, me.uid));
    expect((await client.post(`/api/pi/payment/${payment.identifier}/approve`)).status).toBe(200);

    // The listener may be signing the transaction right now: the month it buys must reach them.
    const refused = await client.del<{ message: string }>("/api/account?confirm=true");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ACCOUNT_DELETION_PAYMENT_PENDING);
    expect(await t.query("SELECT 1 FROM users WHERE id = $1", [me.uid])).toHaveLength(1);
    expect((await client.get("/api/account")).status).toBe(200);

    const txid = await wallet.submitTransaction(payment.identifier);
    await client.post(`/api/pi/payment/${payment.identifier}/complete`, { txid });
    expect((await client.del("/api/account?confirm=true")).status).toBe(200);
    expect(await t.query("SELECT 1 FROM users WHERE id = $1", [me.uid])).toEqual([]);
  });

  it("deletes a guest's account; the browser's next guest session is a new listener", async () => {
    const client = new Client(t.url);
    const uid = await client.asGuest();
    await client.post(`/api/songs/${songs[0]!.id}/plays`);
    expect((await client.del("/api/account?confirm=true")).status).toBe(200);
    expect(await t.query("SELECT 1 FROM users WHERE id = $1", [uid])).toEqual([]);
    expect(await t.query("SELECT 1 FROM play_history WHERE user_id = $1", [uid])).toEqual([]);
    const next = await client.asGuest();
    expect(next).not.toBe(uid);
    expect((await client.get<PlayEntryDto[]>("/api/account/plays")).body).toEqual([]);
  });
});
