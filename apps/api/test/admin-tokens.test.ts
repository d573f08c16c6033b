// Admin API tokens. Made and revoked from an admin's session, kept as their SHA-256,
// scoped, and accepted as `Authorization: Bearer` by admin procedures only.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTokenDto, AdminUserDto, CreatedAdminTokenDto } from "@purplebeats/contracts";
import { createPurpleBeatsClient } from "@purplebeats/contracts/client";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

const ADMIN_UID = "token-admin-uid";

/** The HTTP status of a failed call through the typed client (TRPCClientError's data). */
const statusOf = (error: unknown) =>
  error instanceof Error && "data" in error
    ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
    : undefined;

describe.each(testBackends())("admin API tokens on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenCount = async () =>
    Number((await t.server.db.dataSource.query(`SELECT count(*)::int AS n FROM admin_api_tokens`))[0].n);

  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set([ADMIN_UID]) });
    admin = new Client(t.url);
    await admin.signInWithPi("token-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The dashboard's calls, through the typed client with the admin's session cookie. */
  const dashboard = () =>
    createPurpleBeatsClient({ baseUrl: t.url, headers: () => ({ cookie: admin.cookie }) });
  const create = (scope: "read" | "manage", name = `cli ${scope}`) =>
    dashboard().admin.createApiToken.mutate({ name, scope }) as Promise<CreatedAdminTokenDto>;

  it("shows a new token once, stores only its SHA-256, and lists it without the token", async () => {
    const created = await create("read", "  laptop CLI  ");
    expect(created).toMatchObject({ name: "laptop CLI", scope: "read", userId: ADMIN_UID, lastUsedAt: null });
    expect(created.token).toMatch(/^pb_admin_[A-Za-z0-9_-]{43}$/);

    const rows = await t.server.db.dataSource.query(`SELECT * FROM admin_api_tokens WHERE id = $1`, [
      created.id,
    ]);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const listed = (await dashboard().admin.apiTokens.query()) as AdminTokenDto[];
    const mine = listed.find((token) => token.id === created.id);
    expect(mine).toMatchObject({ name: "laptop CLI", scope: "read" });
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it("lets a token read admin figures over tRPC and REST, and notes when it was last used", async () => {
    const { token, id } = await create("read");
    const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: token });
    const stats = await cli.admin.stats.query();
    expect(stats.totalUsers).toBeGreaterThan(0);

    const rest = await new Client(t.url).get<AdminUserDto[]>("/api/admin/users?limit=5", bearer(token));
    expect(rest.status).toBe(200);
    expect(Array.isArray(rest.body)).toBe(true);

    const listed = (await dashboard().admin.apiTokens.query()) as AdminTokenDto[];
    expect(listed.find((entry) => entry.id === id)?.lastUsedAt).not.toBeNull();
  });

  it("lists only premium listeners when asked", async () => {
    const payer = await premiumListener(new Client(t.url), `token-payer-${kind}`);
    await new Client(t.url).asGuest();
    const { token } = await create("read");
    const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: token });
    const premium = await cli.admin.users.query({ limit: 100, premium: true });
    expect(premium.items.map((u) => u.userId)).toContain(payer.uid);
    expect(premium.items.every((u) => u.isPremium)).toBe(true);
    const rest = await new Client(t.url).get<AdminUserDto[]>("/api/admin/users?premium=true", bearer(token));
    expect(rest.body.every((u) => u.isPremium)).toBe(true);
    expect(rest.body.map((u) => u.userId)).toContain(payer.uid);
  });

  it("refuses a revoked token with 401", async () => {
    const { token, id } = await create("manage");
    const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: token });
    await cli.admin.stats.query();
    await dashboard().admin.revokeApiToken.mutate({ id });
    await expect(cli.admin.stats.query()).rejects.toSatisfy((e) => statusOf(e) === 401);
    const rest = await new Client(t.url).get("/api/admin/stats", bearer(token));
    expect(rest.status).toBe(401);
    const listed = (await dashboard().admin.apiTokens.query()) as AdminTokenDto[];
    expect(listed.some((entry) => entry.id === id)).toBe(false);
  });

  it("refuses a token never issued, or not a token at all, with 401", async () => {
    const forged = `pb_admin_${"A".repeat(43)}`;
    expect((await new Client(t.url).get("/api/admin/stats", bearer(forged))).status).toBe(401);
    expect((await new Client(t.url).get("/api/admin/stats", bearer("nonsense"))).status).toBe(401);
  });

  it("refuses any token a role change with 403: only an admin's own session grants and removes the role", async () => {
    const guest = new Client(t.url);
    const guestId = await guest.asGuest();
    for (const scope of ["read", "manage"] as const) {
      const token = (await create(scope)).token;
      const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: token });
      await expect(cli.admin.setAdminRole.mutate({ userId: guestId })).rejects.toSatisfy(
        (e) => statusOf(e) === 403 && /own session/.test((e as Error).message),
      );
      const rest = await new Client(t.url).put(
        `/api/admin/users/${guestId}/admin`,
        { isAdmin: true },
        bearer(token),
      );
      expect(rest.status).toBe(403);
      expect(rest.body).toMatchObject({ message: expect.stringContaining("own session") });
      // A token beside the admin's cookie is still a token: the request is judged by it.
      const both = await admin.put(`/api/admin/users/${guestId}/admin`, { isAdmin: true }, bearer(token));
      expect(both.status).toBe(403);
    }
    expect((await guest.get<{ isAdmin: boolean }>("/api/me")).body.isAdmin).toBe(false);

    expect(await dashboard().admin.setAdminRole.mutate({ userId: guestId })).toEqual({
      userId: guestId,
      isAdmin: true,
    });
    expect((await guest.get<{ isAdmin: boolean }>("/api/me")).body.isAdmin).toBe(true);
    expect(await dashboard().admin.setAdminRole.mutate({ userId: guestId, isAdmin: false })).toEqual({
      userId: guestId,
      isAdmin: false,
    });
    await expect(dashboard().admin.setAdminRole.mutate({ userId: "nobody-here" })).rejects.toSatisfy(
      (e) => statusOf(e) === 404,
    );
  });

  it("refuses to demote an admin that ADMIN_UIDS configures (409), and marks them in the user list", async () => {
    const demote = await admin.put(`/api/admin/users/${ADMIN_UID}/admin`, { isAdmin: false });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ message: expect.stringContaining("ADMIN_UIDS") });
    expect((await admin.get<{ isAdmin: boolean }>("/api/me")).body.isAdmin).toBe(true);
    // Granting what the configuration already grants changes nothing and is fine.
    expect((await admin.put(`/api/admin/users/${ADMIN_UID}/admin`, { isAdmin: true })).status).toBe(200);

    const users = await dashboard().admin.users.query({ limit: 100 });
    expect(users.items.find((u) => u.userId === ADMIN_UID)).toMatchObject({
      isAdmin: true,
      isConfiguredAdmin: true,
    });
    expect(users.items.filter((u) => u.userId !== ADMIN_UID).every((u) => !u.isConfiguredAdmin)).toBe(true);
  });

  it("opens nothing but admin procedures: not a listener's data, not payments, not more tokens", async () => {
    const { token } = await create("manage");
    const caller = new Client(t.url);
    expect((await caller.get("/api/me", bearer(token))).body).toBeNull();
    expect((await caller.get(`/api/profile/${ADMIN_UID}`, bearer(token))).status).toBe(401);
    expect((await caller.get("/api/liked-songs", bearer(token))).status).toBe(401);
    const payment = await caller.post(
      "/api/pi/payment",
      { paymentId: "p-token", amount: "3.14" },
      bearer(token),
    );
    expect(payment.status).toBe(401);
    const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: token });
    await expect(cli.admin.createApiToken.mutate({ name: "more", scope: "manage" })).rejects.toSatisfy(
      (e) => statusOf(e) === 403,
    );
    await expect(cli.admin.apiTokens.query()).rejects.toSatisfy((e) => statusOf(e) === 403);
  });

  it("stops a token whose holder is no longer an admin (403)", async () => {
    const other = new Client(t.url);
    const otherId = (await other.signInWithPi(`token-second-admin-${kind}`)).uid;
    await dashboard().admin.setAdminRole.mutate({ userId: otherId });
    const theirs = (await createPurpleBeatsClient({
      baseUrl: t.url,
      headers: () => ({ cookie: other.cookie }),
    }).admin.createApiToken.mutate({ name: "second", scope: "read" })) as CreatedAdminTokenDto;
    const cli = createPurpleBeatsClient({ baseUrl: t.url, adminToken: theirs.token });
    await cli.admin.stats.query();
    await dashboard().admin.setAdminRole.mutate({ userId: otherId, isAdmin: false });
    await expect(cli.admin.stats.query()).rejects.toSatisfy((e) => statusOf(e) === 403);
  });

  it("refuses bad input with a 4xx and writes nothing; a listener may not make tokens", async () => {
    const before = await tokenCount();
    for (const input of [
      { name: "", scope: "read" },
      { name: "x", scope: "root" },
      { name: "x".repeat(61), scope: "read" },
      { scope: "read" },
    ]) {
      const res = await admin.post("/trpc/admin.createApiToken", { json: input });
      expect(res.status).toBe(400);
    }
    const revoke = await admin.post("/trpc/admin.revokeApiToken", { json: { id: "not-a-uuid" } });
    expect(revoke.status).toBe(400);
    const grant = await admin.put("/api/admin/users/%20/admin", { isAdmin: "yes" });
    expect(grant.status).toBe(400);

    const listener = new Client(t.url);
    await listener.asGuest();
    const refused = await listener.post("/trpc/admin.createApiToken", {
      json: { name: "mine", scope: "manage" },
    });
    expect(refused.status).toBe(403);
    expect(await tokenCount()).toBe(before);
  });
});
