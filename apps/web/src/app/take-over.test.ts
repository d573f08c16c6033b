import { notifyManager, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";
import { firstScreenTakenOver, holdQueryNotificationsDuringTakeOver, MAX_HOLD_MS } from "./take-over";

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
  firstScreenTakenOver();
  vi.useRealTimers();
});

describe("query notifications while the server's HTML is taken over", () => {
  it("are held until the first screen is taken over, the answer cached at once, then delivered", async () => {
    holdQueryNotificationsDuringTakeOver();
    const { client, told } = watchSession();
    await vi.waitFor(() => expect(client.getQueryData(["session"])).toBe("guest-1"));
    await aTask();
    await aTask();
    // The answer is in the cache, but no component was told (React would render it at once).
    expect(told).toEqual([]);

    firstScreenTakenOver();
    await vi.waitFor(() => expect(told).toContain("guest-1"));
  });

  it("are delivered as usual when nothing is held (a page the browser draws itself)", async () => {
    const { told } = watchSession();
    await vi.waitFor(() => expect(told).toContain("guest-1"));
  });

  it("are released after MAX_HOLD_MS when the take-over never completes", async () => {
    vi.useFakeTimers();
    holdQueryNotificationsDuringTakeOver();
    const { told } = watchSession();
    await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 1);
    expect(told).toEqual([]);
    // Released at MAX_HOLD_MS, delivered in a task of its own right after.
    await vi.advanceTimersByTimeAsync(2);
    expect(told).toContain("guest-1");
  });
});
