// Notifications and support over HTTP on PGlite: each event notifies (once), the inbox is paged and only
// the caller's own, Pi gets a copy without the inbox depending on it; support requests reach admins
// members first, only admins answer, and the answer reaches the listener's inbox.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  AdminSupportRequestDto,
  NotificationDto,
  ProfileDto,
  SupportRequestDto,
  UnreadCountDto,
} from "@purplebeats/contracts";
import { Client, startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";
import { makeTrack, waitForScan, type ScanDto } from "./helpers/library.js";
import { notifyExpiringMemberships, notifyNewRelease } from "../src/domain/inbox/inbox-jobs.js";

const ADMIN_UID = "inbox-admin-uid";
const SUPPORT_LIMIT = 3;

let t: TestServer;
let music: string;
beforeAll(async () => {
  music = await mkdtemp(path.join(tmpdir(), "pb-inbox-music-"));
  t = await startTestServer("pglite", {
    musicRoots: [music],
    adminUids: new Set([ADMIN_UID]),
    rateLimits: { ...UNLIMITED_RATE_LIMITS, support: SUPPORT_LIMIT },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(music, { recursive: true, force: true });
});

async function listener(username: string) {
  const client = new Client(t.url);
  const me = await client.signInWithPi(username);
  const profile = (await client.get<ProfileDto>(`/api/profile/${me.uid}`)).body;
  return { client, uid: me.uid, handle: profile.handle };
}

const inbox = async (client: Client, query = "") =>
  (await client.get<NotificationDto[]>(`/api/notifications${query}`)).body;
const unread = async (client: Client) =>
  (await client.get<UnreadCountDto>("/api/notifications/unread-count")).body.unread;
/** What the listener's Pi app shows (the simulator's Notification Center). */
const piInbox = async (uid: string) => {
  await t.server.notifier.settled();
  const res = await fetch(`${t.url}/pi-sim/__control/users/${uid}/notifications`);
  return (await res.json()) as Array<{ title: string; subroute: string }>;
};

describe("notifications", () => {
  it("tells a listener of a new follower once, in the inbox and through Pi", async () => {
    const star = await listener("inbox-star");
    const fan = await listener("inbox-fan");
    await fan.client.put(`/api/users/${star.handle}/follow`);
    await fan.client.del(`/api/users/${star.handle}/follow`);
    await fan.client.put(`/api/users/${star.handle}/follow`);

    const items = await inbox(star.client);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: "new_follower",
      title: "New follower",
      body: `inbox-fan (@${fan.handle}) started following you`,
      link: `/user/${fan.handle}`,
      read: false,
    });
    expect(await unread(star.client)).toBe(1);
    expect(await inbox(fan.client)).toEqual([]);
    expect((await piInbox(star.uid)).map((n) => [n.title, n.subroute])).toEqual([
      ["New follower", `/user/${fan.handle}`],
    ]);
  });

  it("writes a notice in the language the recipient chose on their profile, in the inbox and through Pi", async () => {
    const star = await listener("inbox-vi-star");
    const fan = await listener("inbox-vi-fan");
    const chosen = await star.client.put<ProfileDto>(`/api/profile/${star.uid}/settings`, { language: "vi" });
    expect(chosen.body).toMatchObject({ language: "vi" });
    await fan.client.put(`/api/users/${star.handle}/follow`);
    await star.client.put(`/api/users/${fan.handle}/follow`);

    expect((await inbox(star.client))[0]).toMatchObject({
      title: "Người theo dõi mới",
      body: `inbox-vi-fan (@${fan.handle}) đã bắt đầu theo dõi bạn`,
    });
    expect((await piInbox(star.uid)).map((n) => n.title)).toEqual(["Người theo dõi mới"]);
    // The follower chose no language: English.
    expect((await inbox(fan.client))[0]).toMatchObject({ title: "New follower" });
  });

  it("shows past notices in the language the reader chose since, and an old notice as it was written", async () => {
    const star = await listener("inbox-switch-star");
    const fan = await listener("inbox-switch-fan");
    await fan.client.put(`/api/users/${star.handle}/follow`);
    expect((await inbox(star.client))[0]).toMatchObject({ title: "New follower" });

    await star.client.put(`/api/profile/${star.uid}/settings`, { language: "vi" });
    expect((await inbox(star.client))[0]).toMatchObject({
      title: "Người theo dõi mới",
      body: `inbox-switch-fan (@${fan.handle}) đã bắt đầu theo dõi bạn`,
    });
    const [notice] = await inbox(star.client);
    const marked = await star.client.put<NotificationDto>(`/api/notifications/${notice!.id}/read`);
    expect(marked.body).toMatchObject({ title: "Người theo dõi mới", read: true });

    // A notice written before its words were kept reads as it was stored.
    await t.server.db.dataSource.query(
      `INSERT INTO notifications (user_id, kind, title, body, link, dedupe_key, created_at)
       VALUES ($1, 'new_follower', 'New follower', 'Old Friend (@old) started following you', NULL, 'follower:old', now() + interval '1 second')`,
      [star.uid],
    );
    expect((await inbox(star.client))[0]).toMatchObject({
      title: "New follower",
      body: "Old Friend (@old) started following you",
    });
  });

  it("marks read only the caller's own, one or all", async () => {
    const star = await listener("mark-star");
    for (const name of ["mark-fan-1", "mark-fan-2"]) {
      const fan = await listener(name);
      await fan.client.put(`/api/users/${star.handle}/follow`);
    }
    const [first] = await inbox(star.client);
    const other = await listener("mark-other");
    expect((await other.client.put(`/api/notifications/${first!.id}/read`)).status).toBe(404);
    expect(await unread(star.client)).toBe(2);

    const marked = await star.client.put<NotificationDto>(`/api/notifications/${first!.id}/read`);
    expect(marked.body.read).toBe(true);
    expect(await unread(star.client)).toBe(1);
    expect((await star.client.post<UnreadCountDto>("/api/notifications/read-all")).body).toEqual({
      unread: 0,
    });
    expect((await inbox(star.client)).every((n) => n.read)).toBe(true);

    expect((await star.client.put("/api/notifications/not-a-uuid/read")).status).toBe(400);
    expect((await new Client(t.url).get("/api/notifications")).status).toBe(401);
  });

  it("pages the inbox newest first with a cursor", async () => {
    const star = await listener("page-star");
    const fans: string[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await listener(`page-fan-${i}`);
      await fan.client.put(`/api/users/${star.handle}/follow`);
      fans.push(fan.handle);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: NotificationDto[]; headers: Headers } = await star.client.get<NotificationDto[]>(
        `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((n) => n.link!));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toEqual(fans.reverse().map((h) => `/user/${h}`));
    expect((await star.client.get("/api/notifications?cursor=bm9wZQ")).status).toBe(400);
    expect((await star.client.get("/api/notifications?limit=0")).status).toBe(400);
  });

  it("sends a receipt when a premium payment completes, and the membership's end 3 days before, once", async () => {
    const client = new Client(t.url);
    const me = await premiumListener(client, "receipt-member");
    const [receipt] = await inbox(client);
    expect(receipt).toMatchObject({ kind: "payment_receipt", title: "Payment received", link: "/premium" });
    expect(receipt!.body).toContain("3.14 π");

    await t.query(`UPDATE memberships SET expires_at = now() + interval '2 days' WHERE user_id = $1`, [
      me.uid,
    ]);
    await notifyExpiringMemberships(t.server.db.dataSource, t.server.notifier);
    await notifyExpiringMemberships(t.server.db.dataSource, t.server.notifier);
    const expiring = (await inbox(client)).filter((n) => n.kind === "membership_expiring");
    expect(expiring).toHaveLength(1);
    expect(expiring[0]!.title).toBe("Your Premium membership ends soon");

    // A renewal is a new period: its end is told again.
    await t.query(`UPDATE memberships SET expires_at = now() + interval '1 day' WHERE user_id = $1`, [
      me.uid,
    ]);
    await notifyExpiringMemberships(t.server.db.dataSource, t.server.notifier);
    expect((await inbox(client)).filter((n) => n.kind === "membership_expiring")).toHaveLength(2);
  });

  it("tells each follower of an artist's new release once per album", async () => {
    const fan = await listener("release-fan");
    const [album] = await t.query<{ album_id: string; artist_id: string; title: string }>(
      `SELECT s.album_id, al.artist_id, al.title FROM songs s JOIN albums al ON al.id = s.album_id
       GROUP BY s.album_id, al.artist_id, al.title HAVING count(*) > 1 LIMIT 1`,
    );
    const songs = await t.query<{ id: string }>(`SELECT id FROM songs WHERE album_id = $1 LIMIT 2`, [
      album!.album_id,
    ]);
    await fan.client.put(`/api/artists/${album!.artist_id}/follow`);
    for (const song of songs) await notifyNewRelease(t.server.db.dataSource, t.server.notifier, song.id);
    const releases = (await inbox(fan.client)).filter((n) => n.kind === "new_release");
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ body: album!.title, link: `/album/${album!.album_id}` });
  });

  it("fans a scanned album out to the artist's followers in a job: one notification per follower", async () => {
    const admin = new Client(t.url);
    await admin.signInWithPi("release-admin", ADMIN_UID);
    const tags = { artist: "Inbox Release Artist", album: "First Light" };
    await makeTrack(music, "first/01.mp3", { ...tags, title: "Opening", track: 1 });
    await waitForScan(admin, (await admin.post<ScanDto>("/api/admin/library/scan")).body.id);
    const [artist] = await t.query<{ id: string }>(`SELECT id FROM artists WHERE name = $1`, [tags.artist]);
    const fans = [await listener("scan-fan-1"), await listener("scan-fan-2")];
    for (const fan of fans) await fan.client.put(`/api/artists/${artist!.id}/follow`);

    const next = { artist: tags.artist, album: "Second Wind" };
    await makeTrack(music, "second/01.mp3", { ...next, title: "Rise", track: 1 }, { frequency: 550 });
    await makeTrack(music, "second/02.mp3", { ...next, title: "Fall", track: 2 }, { frequency: 660 });
    await waitForScan(admin, (await admin.post<ScanDto>("/api/admin/library/scan")).body.id);
    for (const fan of fans)
      await vi.waitFor(
        async () => {
          // (First Light's own job may reach them too, had it run after they followed.)
          const releases = (await inbox(fan.client)).filter(
            (n) => n.kind === "new_release" && n.body === "Second Wind",
          );
          expect(releases.map((n) => n.title)).toEqual(["New from Inbox Release Artist"]);
        },
        { timeout: 20_000, interval: 200 },
      );
  });

  it("keeps the in-app notification when Pi fails", async () => {
    const star = await listener("pi-down-star");
    const fan = await listener("pi-down-fan");
    await fetch(`${t.url}/pi-sim/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ next: "fail", path: "/in_app_notifications" }),
    });
    expect((await fan.client.put(`/api/users/${star.handle}/follow`)).status).toBe(200);
    expect(await piInbox(star.uid)).toEqual([]);
    expect((await inbox(star.client)).map((n) => n.kind)).toEqual(["new_follower"]);
  });
});

describe("support", () => {
  const request = { subject: "Playback stops", message: "The song stops after 10 seconds." };

  it("takes a request from a guest, and refuses bad input with a 4xx that writes nothing", async () => {
    const guest = new Client(t.url);
    await guest.asGuest();
    const [song] = await t.query<{ id: string }>(`SELECT id FROM songs LIMIT 1`);
    const sent = await guest.post<SupportRequestDto>("/api/support", { ...request, songId: song!.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ ...request, songId: song!.id, fromMember: false, answer: null });

    const before = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_requests`);
    for (const [body, status] of [
      [{ ...request, subject: "   " }, 400],
      [{ ...request, message: "" }, 400],
      [{ ...request, subject: "x".repeat(121) }, 400],
      [{ ...request, songId: "nope" }, 400],
      [{ subject: "Hi" }, 400],
      [{ ...request, songId: "00000000-0000-4000-8000-000000000000" }, 404],
      [{ ...request, playlistId: "no-such-playlist" }, 404],
    ] as const) {
      // Each from its own guest: refused attempts count against the rate limit too.
      const sender = new Client(t.url);
      await sender.asGuest();
      const res = await sender.post<{ message: string }>("/api/support", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect((await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_requests`))[0]).toEqual(
      before[0],
    );
    expect((await new Client(t.url).post("/api/support", request)).status).toBe(401);
  });

  it("is rate limited per listener", async () => {
    const { client } = await listener("support-spammer");
    for (let i = 0; i < SUPPORT_LIMIT; i++)
      expect((await client.post("/api/support", request)).status).toBe(201);
    expect((await client.post("/api/support", request)).status).toBe(429);
  });

  it("lists members' requests first and marked, admins only; the answer reaches the listener's inbox", async () => {
    const free = await listener("support-free");
    const memberClient = new Client(t.url);
    await premiumListener(memberClient, "support-member");
    const fromFree = (await free.client.post<SupportRequestDto>("/api/support", request)).body;
    const fromMember = (
      await memberClient.post<SupportRequestDto>("/api/support", { ...request, subject: "Member question" })
    ).body;
    expect(fromMember.fromMember).toBe(true);

    const admin = new Client(t.url);
    await admin.signInWithPi("support-admin", ADMIN_UID);
    const list = (await admin.get<AdminSupportRequestDto[]>("/api/admin/support?limit=100")).body;
    const ids = list.map((r) => r.id);
    expect(ids.indexOf(fromMember.id)).toBeLessThan(ids.indexOf(fromFree.id));
    expect(list.filter((r) => r.fromMember).every((r, i) => list[i]!.fromMember)).toBe(true);
    expect(list.find((r) => r.id === fromFree.id)).toMatchObject({ name: "support-free", fromMember: false });

    expect((await free.client.get("/api/admin/support")).status).toBe(403);
    const notAdmin = await free.client.put(`/api/admin/support/${fromFree.id}/answer`, { answer: "Hi" });
    expect(notAdmin.status).toBe(403);
    expect((await admin.put(`/api/admin/support/${fromFree.id}/answer`, { answer: " " })).status).toBe(400);
    expect(
      (await admin.put(`/api/admin/support/00000000-0000-4000-8000-000000000000/answer`, { answer: "x" }))
        .status,
    ).toBe(404);

    const answered = await admin.put<AdminSupportRequestDto>(`/api/admin/support/${fromFree.id}/answer`, {
      answer: "Clear the cache and try again.",
    });
    expect(answered.status).toBe(200);
    expect(answered.body.answer).toBe("Clear the cache and try again.");
    expect(answered.body.answeredAt).not.toBeNull();

    const [note] = await inbox(free.client);
    expect(note).toMatchObject({
      kind: "support_answer",
      title: "Support answered: Playback stops",
      body: "Clear the cache and try again.",
      link: null,
    });
    // Answered requests go after the open ones of the same tier.
    const after = (await admin.get<AdminSupportRequestDto[]>("/api/admin/support?limit=100")).body;
    const freeTier = after.filter((r) => !r.fromMember);
    const answeredAt = freeTier.findIndex((r) => r.id === fromFree.id);
    expect(freeTier.slice(0, answeredAt).every((r) => r.answer === null)).toBe(true);
    expect(freeTier.slice(answeredAt).every((r) => r.answer !== null)).toBe(true);
  });

  it("keeps a guest's request when the guest signs in, so the answer reaches the account", async () => {
    const client = new Client(t.url);
    await client.asGuest();
    const sent = (
      await client.post<SupportRequestDto>("/api/support", { ...request, subject: "Before sign-in" })
    ).body;
    await client.signInWithPi("support-signed-in");
    const admin = new Client(t.url);
    await admin.signInWithPi("support-admin", ADMIN_UID);
    await admin.put(`/api/admin/support/${sent.id}/answer`, { answer: "Here you are." });
    expect((await inbox(client)).map((n) => n.title)).toEqual(["Support answered: Before sign-in"]);
  });

  it("pages the admin list with a cursor", async () => {
    const admin = new Client(t.url);
    await admin.signInWithPi("support-admin", ADMIN_UID);
    const all = (await admin.get<AdminSupportRequestDto[]>("/api/admin/support?limit=100")).body;
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: AdminSupportRequestDto[]; headers: Headers } = await admin.get<
        AdminSupportRequestDto[]
      >(`/api/admin/support?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...res.body.map((r) => r.id));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
    expect(paged).toEqual(all.map((r) => r.id));
  });
});

describe("personal data", () => {
  it("exports a listener's notifications and support requests, and deletes them with the account", async () => {
    const star = await listener("data-star");
    const fan = await listener("data-fan");
    await fan.client.put(`/api/users/${star.handle}/follow`);
    await star.client.post("/api/support", { subject: "My data", message: "What do you keep?" });

    const exported = await star.client.get<{ sections: Record<string, unknown[]> }>("/api/account/export");
    expect(exported.body.sections.notifications).toEqual([
      expect.objectContaining({ kind: "new_follower", title: "New follower" }),
    ]);
    expect(exported.body.sections.supportRequests).toEqual([
      expect.objectContaining({ subject: "My data", message: "What do you keep?" }),
    ]);

    expect((await star.client.del("/api/account?confirm=true")).status).toBe(200);
    for (const table of ["notifications", "support_requests"])
      expect(await t.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [star.uid])).toEqual([]);
  });
});
