import { dehydrate } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";
import { describe, expect, it } from "vitest";
import { SESSION_QUERY_KEY } from "../features/account";
import { fakeApi } from "../test-utils/fake-api";
import { createQueryClient } from "./query-client";
import { prefetchSessionReads } from "./session-reads";

const MEMBER = { uid: "pi-ada", username: "ada", isGuest: false };
const PROFILE = { userId: "pi-ada", name: "Ada Lovelace", nickname: null, imageUrl: null };
const MEMBERSHIP = { userId: "pi-ada", isPremium: true, expiresAt: new Date("2099-01-01T00:00:00Z") };

describe("the reads of a page server-rendered for a caller's session", () => {
  it("cache who they are (already stale), their profile and their membership under the keys the browser reads", async () => {
    const queryClient = createQueryClient();
    const { client } = fakeApi({ "auth.me": MEMBER, "membership.get": MEMBERSHIP, "profile.get": PROFILE });
    await prefetchSessionReads(queryClient, client);

    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(MEMBER);
    // Stale: the browser reads the session once more (its local records follow it).
    expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.dataUpdatedAt).toBe(0);
    const api = createTRPCQueryUtils({ queryClient, client });
    expect(api.membership.get.getData({ userId: MEMBER.uid })).toEqual(MEMBERSHIP);
    // The header paints the profile's name ('AL'), as the hydrated app will, not the username's ('A').
    expect(api.profile.get.getData({ userId: MEMBER.uid })).toEqual(PROFILE);
    // All three go into the page with the other first-screen data.
    expect(dehydrate(queryClient).queries).toHaveLength(3);
  });

  it("cache nothing when the session names no one", async () => {
    const queryClient = createQueryClient();
    const { client, asked } = fakeApi({ "auth.me": null });
    await prefetchSessionReads(queryClient, client);

    expect(asked).toEqual(["auth.me"]);
    expect(dehydrate(queryClient).queries).toEqual([]);
  });
});
