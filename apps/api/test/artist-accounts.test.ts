// Artist accounts over HTTP: a Pi listener asks for a new artist profile or claims a catalog artist with
// evidence; an admin approves (verified badge, the requester its manager) or refuses; guests may not ask,
// bad input is a 400 that writes nothing, and a decision is made once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminArtistRequestDto,
  ArtistDetailDto,
  ArtistRequestDto,
  MyArtistsDto,
} from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "artists-admin-uid";

describe("artist accounts", () => {
  let t: TestServer;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestServer("pglite", { adminUids: new Set([ADMIN_UID]) });
    admin = new Client(t.url);
    await admin.signInWithPi("artists-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });
  const requestCount = async () =>
    Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM artist_requests`))[0]!.n);
  const catalogArtist = async (name: string) =>
    (await t.query<{ id: string }>(`INSERT INTO artists (name) VALUES ($1) RETURNING id`, [name]))[0]!.id;

  it("approves a claim: the artist is verified and the listener manages it", async () => {
    const artistId = await catalogArtist("Velvet Harbor");
    const listener = new Client(t.url);
    const me = await listener.signInWithPi("velvet-singer");
    expect((await listener.get<ArtistDetailDto>(`/api/artists/${artistId}`)).body.verified).toBe(false);

    const asked = await listener.post<ArtistRequestDto>("/api/artist-requests", {
      kind: "claim",
      artistId,
      evidence: "https://velvet.example/press",
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: "claim", name: "Velvet Harbor", status: "pending", artistId });
    // One request waits at a time.
    const again = await listener.post<{ message: string }>("/api/artist-requests", {
      kind: "new",
      name: "Side Project",
      evidence: "me",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already have a request waiting for review");

    const pending = await admin.get<AdminArtistRequestDto[]>("/api/admin/artist-requests");
    expect(pending.body.find((r) => r.id === asked.body.id)?.requester).toEqual({
      id: me.uid,
      username: "velvet-singer",
    });
    const approved = await admin.post<AdminArtistRequestDto>(
      `/api/admin/artist-requests/${asked.body.id}/decision`,
      { decision: "approve" },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect((await listener.get<ArtistDetailDto>(`/api/artists/${artistId}`)).body.verified).toBe(true);
    const mine = await listener.get<MyArtistsDto>("/api/artist-requests/mine");
    expect(mine.body.managed).toEqual([
      { id: artistId, name: "Velvet Harbor", imageUrl: null, balance: "0" },
    ]);
    // Decided once: a second decision is a conflict and changes nothing.
    const twice = await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, {
      decision: "refuse",
    });
    expect(twice.status).toBe(409);
    expect((await listener.get<MyArtistsDto>("/api/artist-requests/mine")).body.requests[0]!.status).toBe(
      "approved",
    );

    // Their data: exported, and erased with the account; the artist and its badge stay.
    const exported = await listener.get<{ sections: Record<string, unknown> }>("/api/account/export");
    expect(exported.body.sections.artistAccounts).toMatchObject({
      requests: [{ kind: "claim", evidence: "https://velvet.example/press" }],
      manages: [{ artist_id: artistId }],
    });
    expect((await listener.del("/api/account?confirm=true")).status).toBe(200);
    const left = await t.query(
      `SELECT 1 FROM artist_requests WHERE user_id = $1 OR decided_by = $1
       UNION ALL SELECT 1 FROM artist_managers WHERE user_id = $1`,
      [me.uid],
    );
    expect(left).toEqual([]);
    expect((await new Client(t.url).get<ArtistDetailDto>(`/api/artists/${artistId}`)).body.verified).toBe(
      true,
    );
  });

  it("approves a new profile as a new verified artist, and a refusal makes none", async () => {
    const listener = new Client(t.url);
    await listener.signInWithPi("new-band");
    const asked = await listener.post<ArtistRequestDto>("/api/artist-requests", {
      kind: "new",
      name: "  Moss Lanterns ",
      bio: "Folk from the hills",
      evidence: "Our Bandcamp: https://moss.example",
    });
    expect(asked.body).toMatchObject({ name: "Moss Lanterns", artistId: null });
    await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, { decision: "approve" });
    const mine = (await listener.get<MyArtistsDto>("/api/artist-requests/mine")).body;
    const artistId = mine.managed[0]!.id;
    expect(mine.requests[0]).toMatchObject({ status: "approved", artistId });
    expect((await new Client(t.url).get<ArtistDetailDto>(`/api/artists/${artistId}`)).body).toMatchObject({
      name: "Moss Lanterns",
      verified: true,
    });

    const other = new Client(t.url);
    await other.signInWithPi("pretender");
    const refused = await other.post<ArtistRequestDto>("/api/artist-requests", {
      kind: "new",
      name: "Not Real",
      evidence: "trust me",
    });
    const before = Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM artists`))[0]!.n);
    await admin.post(`/api/admin/artist-requests/${refused.body.id}/decision`, { decision: "refuse" });
    expect(Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM artists`))[0]!.n)).toBe(before);
    expect((await other.get<MyArtistsDto>("/api/artist-requests/mine")).body).toMatchObject({
      managed: [],
      requests: [{ status: "refused" }],
    });
  });

  it("refuses guests, non-admins and bad input without writing", async () => {
    const before = await requestCount();
    const guest = new Client(t.url);
    await guest.asGuest();
    const byGuest = await guest.post<{ message: string }>("/api/artist-requests", {
      kind: "new",
      name: "Guest Band",
      evidence: "x",
    });
    expect(byGuest.status).toBe(403);
    expect(byGuest.body.message).toBe("Sign in with Pi Network to become an artist");

    const listener = new Client(t.url);
    await listener.signInWithPi("bad-input-artist");
    const bad = [
      { kind: "new", name: "   ", evidence: "x" },
      { kind: "new", name: "x".repeat(101), evidence: "x" },
      { kind: "new", name: "Ok", evidence: "" },
      { kind: "claim", artistId: "not-a-uuid", evidence: "x" },
      { kind: "other", name: "Ok", evidence: "x" },
    ];
    for (const body of bad) expect((await listener.post("/api/artist-requests", body)).status).toBe(400);
    const missing = await listener.post("/api/artist-requests", {
      kind: "claim",
      artistId: "00000000-0000-4000-8000-000000000000",
      evidence: "x",
    });
    expect(missing.status).toBe(404);
    expect(await requestCount()).toBe(before);

    expect((await listener.get("/api/admin/artist-requests")).status).toBe(403);
    const decide = await listener.post(
      `/api/admin/artist-requests/00000000-0000-4000-8000-000000000000/decision`,
      { decision: "approve" },
    );
    expect(decide.status).toBe(403);
  });
});
