import { notifyManager, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../app/query-client";
import { firstScreenHydrated, holdQueryNotificationsDuringHydration, MAX_HOLD_MS } from "./hydration-hold";

/** A component's view of the session query (subscribed as useQuery subscribes): what it has been told so far. */
function watchSession() {
  const client = createQueryClient();
  const told: unknown[] = [];
  const observer = new QueryObserver(client, { queryKey: ["session"], queryFn: () => "guest-1" });
  observer.subscribe(notifyManager.batchCalls((result) => told.push(result.data)));
  return { client, told };
}

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  firstScreenHydrated();
  vi.useRealTimers();
});

describe("query notifications while the server-rendered HTML is hydrated", () => {
  it("are held until the first screen is hydrated, the data cached at once, then delivered", async () => {
    holdQueryNotificationsDuringHydration();
    const { client, told } = watchSession();
    await vi.waitFor(() => expect(client.getQueryData(["session"])).toBe("guest-1"));
    await aTask();
    await aTask();
    // The data is in the cache, but no component was told (React would render it at once).
    expect(told).toEqual([]);

    firstScreenHydrated();
    await vi.waitFor(() => expect(told).toContain("guest-1"));
  });

  it("are delivered as usual when nothing is held (a page rendered in the browser only)", async () => {
    const { told } = watchSession();
    await vi.waitFor(() => expect(told).toContain("guest-1"));
  });

  it("are released after MAX_HOLD_MS when hydration never completes", async () => {
    vi.useFakeTimers();
    holdQueryNotificationsDuringHydration();
    const { told } = watchSession();
    await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 1);
    expect(told).toEqual([]);
    // Released at MAX_HOLD_MS, delivered in a task of its own right after.
    await vi.advanceTimersByTimeAsync(2);
    expect(told).toContain("guest-1");
  });
});
