// Listeners' reports of songs over HTTP: a report is stored once per listener per song while open (a
// second says so), a bad one is refused and writes nothing, reporting is rate-limited per listener, only
// admins read the queue, and a takedown from it hides the song from search and streams and resolves it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import {
  SONG_ALREADY_REPORTED,
  SONG_REPORT_DETAILS_MAX,
  type ReportDecisionDto,
  type ReportedSongDto,
  type SongReportDto,
} from "@purplebeats/contracts";
import { Client, startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "reports-admin-uid";
const REPORT_LIMIT = 4;

const backends = testBackends(
  "one listener's reports sent at once meet the partial unique index from separate connections",
);
describe.each(backends)("song reports on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let songs: Array<{ id: string; title: string }>;
  const reportCount = async () =>
    Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM song_reports`))[0]!.n);
  const queue = async () => {
    const res = await admin.get<ReportedSongDto[]>("/api/admin/reports");
    expect(res.status).toBe(200);
    return res.body;
  };
  const guest = async () => {
    const client = new Client(t.url);
    await client.asGuest();
    return client;
  };

  beforeAll(async () => {
    t = await startTestServer(kind, {
      adminUids: new Set([ADMIN_UID]),
      rateLimits: { ...UNLIMITED_RATE_LIMITS, report: REPORT_LIMIT },
    });
    admin = new Client(t.url);
    await admin.signInWithPi("reports-admin", ADMIN_UID);
    songs = (await new Client(t.url).get<Array<{ id: string; title: string }>>("/api/songs?limit=6")).body;
  });
  afterAll(() => t?.close());

  it("stores a guest's report and tells them they already reported it while it is open", async () => {
    const listener = await guest();
    const song = songs[0]!;
    const first = await listener.post<SongReportDto>(`/api/songs/${song.id}/reports`, {
      reason: "abuse",
      details: "  Hateful lyrics in the second verse  ",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      songId: song.id,
      reason: "abuse",
      details: "Hateful lyrics in the second verse",
    });

    const again = await listener.post<{ message: string }>(`/api/songs/${song.id}/reports`, {
      reason: "other",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SONG_ALREADY_REPORTED);
    const [entry] = (await queue()).filter((one) => one.songId === song.id);
    expect(entry).toMatchObject({ openReports: 1, reasons: { rights: 0, abuse: 1, other: 0 } });
  });

  it("keeps one open report when a listener sends the same one several times at once", async () => {
    const listener = await guest();
    const song = songs[3]!;
    const statuses = await Promise.all(
      [1, 2, 3].map(
        async () => (await listener.post(`/api/songs/${song.id}/reports`, { reason: "rights" })).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
  });

  it("keeps a guest's report when they sign in, exports it, and erases it with the account", async () => {
    const client = new Client(t.url);
    await client.asGuest();
    const song = songs[5]!;
    expect(
      (await client.post(`/api/songs/${song.id}/reports`, { reason: "other", details: "Wrong artist" }))
        .status,
    ).toBe(201);
    const me = await client.signInWithPi("reports-adopted");
    expect((await client.post(`/api/songs/${song.id}/reports`, { reason: "other" })).status).toBe(409);
    const exported = await client.get<{ sections: { songReports: unknown[] } }>("/api/account/export");
    expect(exported.body.sections.songReports).toEqual([
      expect.objectContaining({ song_id: song.id, reason: "other", details: "Wrong artist", status: "open" }),
    ]);
    expect((await client.del("/api/account?confirm=true")).status).toBe(200);
    expect(await t.query(`SELECT 1 FROM song_reports WHERE user_id = $1`, [me.uid])).toEqual([]);
  });

  it("refuses a bad report with a 4xx and writes nothing", async () => {
    const before = await reportCount();
    const song = songs[1]!;
    const refusals = [
      [`/api/songs/${song.id}/reports`, { reason: "boring" }, 400],
      [`/api/songs/${song.id}/reports`, {}, 400],
      [
        `/api/songs/${song.id}/reports`,
        { reason: "rights", details: "x".repeat(SONG_REPORT_DETAILS_MAX + 1) },
        400,
      ],
      [`/api/songs/not-a-uuid/reports`, { reason: "rights" }, 400],
      [`/api/songs/00000000-0000-4000-8000-000000000000/reports`, { reason: "rights" }, 404],
    ] as const;
    // Each from a listener of its own: every attempt counts against the listener's rate limit.
    for (const [path, body, status] of refusals)
      expect((await (await guest()).post(path, body)).status).toBe(status);
    expect((await new Client(t.url).post(`/api/songs/${song.id}/reports`, { reason: "rights" })).status).toBe(
      401,
    );
    expect(await reportCount()).toBe(before);
  });

  it("limits how many songs one listener reports a minute", async () => {
    const listener = await guest();
    const statuses: number[] = [];
    for (const song of songs.slice(0, REPORT_LIMIT + 1))
      statuses.push((await listener.post(`/api/songs/${song.id}/reports`, { reason: "other" })).status);
    expect(statuses.slice(0, REPORT_LIMIT).every((status) => status === 201)).toBe(true);
    expect(statuses[REPORT_LIMIT]).toBe(429);
    // Another listener is not held back by the first one's count.
    expect(
      (await (await guest()).post(`/api/songs/${songs[5]!.id}/reports`, { reason: "other" })).status,
    ).toBe(201);
  });

  it("shows the queue to admins only", async () => {
    const listener = await guest();
    expect((await listener.get("/api/admin/reports")).status).toBe(403);
    expect((await new Client(t.url).get("/api/admin/reports")).status).toBe(401);
    expect((await listener.post(`/api/admin/reports/${songs[0]!.id}/takedown`)).status).toBe(403);
    expect((await listener.post(`/api/admin/reports/${songs[0]!.id}/dismiss`)).status).toBe(403);
    const entry = (await queue()).find((one) => one.songId === songs[0]!.id);
    expect(entry?.reports.every((report) => report.reporter.length > 0)).toBe(true);
  });

  it("dismisses a song's reports: the song stays, and its listeners may report it again", async () => {
    const listener = await guest();
    const song = songs[4]!;
    expect((await listener.post(`/api/songs/${song.id}/reports`, { reason: "rights" })).status).toBe(201);
    const dismissed = await admin.post<ReportDecisionDto>(`/api/admin/reports/${song.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ songId: song.id, hidden: false });
    expect(dismissed.body.resolved).toBeGreaterThanOrEqual(1);
    expect((await queue()).some((one) => one.songId === song.id)).toBe(false);
    expect(
      (
        await admin.get<Array<{ id: string; hidden: boolean }>>(
          `/api/admin/songs?q=${encodeURIComponent(song.title)}`,
        )
      ).body.find((one) => one.id === song.id)?.hidden,
    ).toBe(false);
    expect((await listener.post(`/api/songs/${song.id}/reports`, { reason: "rights" })).status).toBe(201);
  });

  it("takes a reported song down: gone from search and streams, its reports resolved by the admin", async () => {
    const listener = await guest();
    const song = songs[2]!;
    const found = async () =>
      (
        await listener.get<Array<{ id: string }>>(`/api/songs/search?q=${encodeURIComponent(song.title)}`)
      ).body.some((one) => one.id === song.id);
    const stream = async () =>
      (await fetch(`${t.url}/api/songs/${song.id}/stream`, { headers: { cookie: listener.cookie } })).status;
    expect(await found()).toBe(true);
    expect(await stream()).toBe(200);
    expect((await listener.post(`/api/songs/${song.id}/reports`, { reason: "rights" })).status).toBe(201);

    const taken = await admin.post<ReportDecisionDto>(`/api/admin/reports/${song.id}/takedown`);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ songId: song.id, hidden: true });
    expect(await found()).toBe(false);
    expect(await stream()).toBe(404);
    expect((await queue()).some((one) => one.songId === song.id)).toBe(false);
    const resolved = await t.query<{ status: string; resolved_by: string | null; resolved_at: Date | null }>(
      `SELECT status, resolved_by, resolved_at FROM song_reports WHERE song_id = $1`,
      [song.id],
    );
    expect(resolved.length).toBeGreaterThan(0);
    for (const row of resolved) {
      expect(row).toMatchObject({ status: "taken_down", resolved_by: ADMIN_UID });
      expect(row.resolved_at).not.toBeNull();
    }
    // A song that is gone is reported no more.
    expect((await (await guest()).post(`/api/songs/${song.id}/reports`, { reason: "abuse" })).status).toBe(
      404,
    );
  });
});
