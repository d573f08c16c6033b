// A first visit's early tap: its call waits for the guest session rather than going without one.
import { createTRPCClient } from "@trpc/client";
import type { AppRouter } from "@purplebeats/contracts";
import { observable } from "@trpc/server/observable";
import type { TRPCLink } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSessionGateForTests, SESSION_WAIT_MS, sessionGateLink, sessionOpened } from "./session-gate";

/** The server end of the client: records each call as it leaves. */
function recordingClient() {
  const sent: string[] = [];
  const server: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        sent.push(op.path);
        observer.next({ result: { type: "data", data: { ok: true } } });
        observer.complete();
        return () => undefined;
      });
  const client = createTRPCClient<AppRouter>({ links: [sessionGateLink, server] });
  return { client, sent };
}

beforeEach(() => {
  resetSessionGateForTests();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the session gate", () => {
  it("holds a mutation made before the session exists, and sends it once the session is there", async () => {
    const { client, sent } = recordingClient();
    const followed = client.follows.followListener.mutate({ handle: "maker" });
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([]);
    sessionOpened();
    await expect(followed).resolves.toEqual({ ok: true });
    expect(sent).toEqual(["follows.followListener"]);
  });

  it("never holds reads, the session's own calls, nor the wallet's payments", async () => {
    const { client, sent } = recordingClient();
    await client.auth.guest.mutate();
    await client.auth.me.query();
    await client.payments.resolveIncomplete.mutate({ paymentId: "p1", txid: null });
    expect(sent).toEqual(["auth.guest", "auth.me", "payments.resolveIncomplete"]);
  });

  it("sends a held call after SESSION_WAIT_MS when no session comes (the server then answers as before)", async () => {
    const { client, sent } = recordingClient();
    const liked = client.likedSongs.like.mutate({ songId: "00000000-0000-4000-8000-000000000001" });
    await vi.advanceTimersByTimeAsync(SESSION_WAIT_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(liked).resolves.toEqual({ ok: true });
  });

  it("holds nothing once the session is there", async () => {
    sessionOpened();
    const { client, sent } = recordingClient();
    await client.follows.followListener.mutate({ handle: "maker" });
    expect(sent).toEqual(["follows.followListener"]);
  });
});
