// The contract's middlewares (authed, self, premium, admin, admin session, paying, rate limits) through the
// real routers with createCaller: each refusal is the TRPCError a user would see, and never reaches a service.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_PREFIX } from "../src/schemas/admin-tokens.js";
import { appRouter } from "../src/root.js";
import { createCallerFactory, SESSION_ONLY_MESSAGE, type SessionUser } from "../src/trpc.js";
import { PREMIUM_REQUIRED_MESSAGE } from "../src/constants.js";
import { admin, countingRateLimits, fakeContext, guest, listener } from "./support/fake-context.js";

const createCaller = createCallerFactory(appRouter);
const SONG_ID = "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const TOKEN = `${ADMIN_TOKEN_PREFIX}${"a".repeat(43)}`;

/** The error a call is refused with, as the caller receives it. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const SIGN_IN_FIRST = { code: "UNAUTHORIZED", message: "Sign in or start a guest session first" };
const NOT_YOURS = { code: "FORBIDDEN", message: "You can only access your own account" };
const ADMINS_ONLY = { code: "FORBIDDEN", message: "Admins only" };

describe("authed", () => {
  it("refuses a caller without a session, before any service is asked", async () => {
    const { ctx, calls } = fakeContext();
    const caller = createCaller(ctx);
    expect(await refusal(caller.likedSongs.count())).toEqual(SIGN_IN_FIRST);
    expect(await refusal(caller.uploads.grant())).toEqual(SIGN_IN_FIRST);
    expect(await refusal(caller.songs.recordPlay({ songId: SONG_ID }))).toEqual(SIGN_IN_FIRST);
    expect(calls).toEqual([]);
  });

  it("lets a guest session through, with the session's user", async () => {
    const { ctx, calls } = fakeContext({
      user: guest(),
      services: { likedSongs: { count: async (userId) => (userId === "guest-1" ? 3 : 0) } },
    });
    expect(await createCaller(ctx).likedSongs.count()).toEqual({ count: 3 });
    expect(calls).toEqual(["likedSongs.count"]);
  });
});

describe("self (a userId must be the caller's own)", () => {
  it("refuses a listener another user's profile, membership or playlists", async () => {
    const { ctx, calls } = fakeContext({ user: listener("pi-a") });
    const caller = createCaller(ctx);
    expect(await refusal(caller.profile.get({ userId: "pi-b" }))).toEqual(NOT_YOURS);
    expect(await refusal(caller.profile.update({ userId: "pi-b", name: "Mallory" }))).toEqual(NOT_YOURS);
    expect(await refusal(caller.membership.get({ userId: "pi-b" }))).toEqual(NOT_YOURS);
    expect(await refusal(caller.myPlaylists.list({ userId: "pi-b" }))).toEqual(NOT_YOURS);
    expect(calls).toEqual([]);
  });

  it("lets a listener read their own things, and an admin anyone's", async () => {
    const own = fakeContext({ user: listener("pi-a") });
    await createCaller(own.ctx).profile.get({ userId: "pi-a" });
    expect(own.calls).toEqual(["profiles.get"]);
    const byAdmin = fakeContext({ user: admin() });
    await createCaller(byAdmin.ctx).membership.get({ userId: "pi-b" });
    expect(byAdmin.calls).toEqual(["memberships.get"]);
  });
});

describe("premium", () => {
  const premiumIf = (isPremium: boolean) => ({ memberships: { isPremium: async () => isPremium } });

  it("refuses a listener without Premium with the premium-required message", async () => {
    const { ctx, calls } = fakeContext({ user: listener(), services: premiumIf(false) });
    expect(await refusal(createCaller(ctx).likedSongs.like({ songId: SONG_ID }))).toEqual({
      code: "FORBIDDEN",
      message: `${PREMIUM_REQUIRED_MESSAGE}. Upgrade to Premium (3.14 π) to unlock this.`,
    });
    expect(calls).toEqual(["memberships.isPremium"]);
  });

  it("asks for a session before asking about Premium", async () => {
    const { ctx, calls } = fakeContext({ services: premiumIf(true) });
    expect(await refusal(createCaller(ctx).likedSongs.like({ songId: SONG_ID }))).toEqual(SIGN_IN_FIRST);
    expect(calls).toEqual([]);
  });

  it("lets a member through", async () => {
    const { ctx, calls } = fakeContext({
      user: listener(),
      services: { ...premiumIf(true), likedSongs: { like: async () => true } },
    });
    expect(await createCaller(ctx).likedSongs.like({ songId: SONG_ID })).toEqual({
      songId: SONG_ID,
      isLiked: true,
    });
    expect(calls).toEqual(["memberships.isPremium", "likedSongs.like"]);
  });
});

describe("admin", () => {
  it("refuses a caller without a session, and a listener who is not an admin", async () => {
    const anonymous = fakeContext();
    expect(await refusal(createCaller(anonymous.ctx).admin.stats())).toEqual(SIGN_IN_FIRST);
    const notAdmin = fakeContext({ user: listener() });
    expect(await refusal(createCaller(notAdmin.ctx).admin.stats())).toEqual(ADMINS_ONLY);
    expect(await refusal(createCaller(notAdmin.ctx).admin.scanLibrary())).toEqual(ADMINS_ONLY);
    expect([...anonymous.calls, ...notAdmin.calls]).toEqual([]);
  });

  it("lets an admin's session through", async () => {
    const { ctx, calls } = fakeContext({ user: admin() });
    await createCaller(ctx).admin.stats();
    expect(calls).toEqual(["admin.stats"]);
  });

  it("judges a request that sends a token by the token alone", async () => {
    const holder = (scope: "read" | "manage", user: SessionUser = admin("pi-token-holder")) => ({
      adminTokens: { authenticate: async (token: string) => (token === TOKEN ? { user, scope } : null) },
    });
    // A malformed token is refused without a look-up; an unknown (or revoked) one after it.
    const malformed = fakeContext({ user: admin(), adminToken: "not-a-token", services: holder("manage") });
    expect(await refusal(createCaller(malformed.ctx).admin.stats())).toEqual({
      code: "UNAUTHORIZED",
      message: "The admin API token is not valid or was revoked",
    });
    expect(malformed.calls).toEqual([]);
    const revoked = fakeContext({
      adminToken: `${ADMIN_TOKEN_PREFIX}${"b".repeat(43)}`,
      services: holder("manage"),
    });
    expect((await refusal(createCaller(revoked.ctx).admin.stats())).code).toBe("UNAUTHORIZED");

    const readOnly = fakeContext({ adminToken: TOKEN, services: holder("read") });
    expect(await refusal(createCaller(readOnly.ctx).admin.scanLibrary())).toEqual({
      code: "FORBIDDEN",
      message: "This admin API token may only read (scope 'read')",
    });
    await createCaller(readOnly.ctx).admin.stats();
    expect(readOnly.calls).toEqual(["adminTokens.authenticate", "adminTokens.authenticate", "admin.stats"]);

    // The token acts as its holder, whose admin role is read afresh: a removed admin's token stops working.
    const demoted = fakeContext({ adminToken: TOKEN, services: holder("manage", listener("pi-demoted")) });
    expect(await refusal(createCaller(demoted.ctx).admin.stats())).toEqual(ADMINS_ONLY);
  });
});

describe("admin session (token management)", () => {
  it("refuses a token (even beside an admin's session), and a listener's session, tokens and roles", async () => {
    const byToken = fakeContext({
      user: admin(),
      adminToken: TOKEN,
      services: { adminTokens: { authenticate: async () => ({ user: admin(), scope: "manage" as const }) } },
    });
    const sessionOnly = { code: "FORBIDDEN", message: SESSION_ONLY_MESSAGE };
    expect(await refusal(createCaller(byToken.ctx).admin.apiTokens())).toEqual(sessionOnly);
    expect(
      await refusal(createCaller(byToken.ctx).admin.setAdminRole({ userId: "pi-b", isAdmin: true })),
    ).toEqual(sessionOnly);
    const notAdmin = fakeContext({ user: listener() });
    expect(await refusal(createCaller(notAdmin.ctx).admin.apiTokens())).toEqual(ADMINS_ONLY);
    expect([...byToken.calls, ...notAdmin.calls]).toEqual([]);
    const byAdmin = fakeContext({ user: admin() });
    await createCaller(byAdmin.ctx).admin.apiTokens();
    expect(byAdmin.calls).toEqual(["adminTokens.list"]);
  });
});

describe("paying", () => {
  it("refuses a guest, who has no Pi wallet", async () => {
    const { ctx, calls } = fakeContext({ user: guest(), services: { rateLimits: countingRateLimits(10) } });
    expect(await refusal(createCaller(ctx).payments.approve({ paymentId: "payment-1" }))).toEqual({
      code: "FORBIDDEN",
      message: "Sign in with Pi Network to buy Premium",
    });
    expect(calls).toEqual(["rateLimits.consume"]);
  });
});

describe("rate limits", () => {
  const TOO_MANY = {
    code: "TOO_MANY_REQUESTS",
    message: "Too many attempts. Please wait a minute and try again.",
  };

  it("limits sign-in per address, whoever asks", async () => {
    const rateLimits = countingRateLimits(2);
    const accounts = { createGuest: async () => ({ ...guest(), uid: "guest-1" }) };
    const from = (clientIp: string) =>
      createCaller(fakeContext({ clientIp, services: { rateLimits, accounts } }).ctx);
    await from("198.51.100.1").auth.guest();
    await from("198.51.100.1").auth.guest();
    expect(await refusal(from("198.51.100.1").auth.guest())).toEqual(TOO_MANY);
    expect(await refusal(from("198.51.100.1").auth.piLogin({ accessToken: "pi-token" }))).toEqual(TOO_MANY);
    await expect(from("198.51.100.2").auth.guest()).resolves.toMatchObject({ uid: "guest-1" });
  });

  it("limits uploads, plays and payments per signed-in user, from any address", async () => {
    const rateLimits = countingRateLimits(1);
    const { calls, ctx } = fakeContext({ user: listener("pi-a"), services: { rateLimits } });
    const elsewhere = { ...ctx, clientIp: "198.51.100.9" };
    await createCaller(ctx).uploads.grant();
    expect(await refusal(createCaller(elsewhere).uploads.grant())).toEqual(TOO_MANY);
    await createCaller(ctx)
      .songs.recordPlay({ songId: SONG_ID })
      .catch(() => undefined);
    expect(await refusal(createCaller(elsewhere).songs.recordPlay({ songId: SONG_ID }))).toEqual(TOO_MANY);
    await createCaller(ctx).payments.approve({ paymentId: "payment-1" });
    expect(await refusal(createCaller(elsewhere).payments.approve({ paymentId: "payment-1" }))).toEqual(
      TOO_MANY,
    );
    expect(calls.filter((call) => !call.startsWith("rateLimits."))).toEqual([
      "uploads.grant",
      "catalog.recordPlay",
      "payments.approve",
    ]);
    // Another listener has a budget of their own.
    const other = fakeContext({ user: listener("pi-b"), services: { rateLimits } });
    await createCaller(other.ctx).uploads.grant();
    expect(other.calls).toEqual(["rateLimits.consume", "uploads.grant"]);
  });
});
