import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";

const failedToFetch = () => Promise.reject(new TypeError("Failed to fetch"));
/** What a call settles to within 1 s ('still waiting' when it is held back). */
const within1s = (call: Promise<unknown>) =>
  Promise.race([
    call.then(
      () => "answered",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
    new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1000)),
  ]);

afterEach(() => onlineManager.setOnline(true));

describe("the app's query client offline", () => {
  it("tries a read and fails at once, so the screen can say 'You are offline', rather than waiting unseen", async () => {
    onlineManager.setOnline(false);
    const read = vi.fn(failedToFetch);
    const result = await within1s(createQueryClient().fetchQuery({ queryKey: ["playlist"], queryFn: read }));
    expect(result).toBe("Failed to fetch");
    expect(read).toHaveBeenCalledOnce();
  });

  it("tries a change and fails at once (its toast tells the listener), rather than holding it", async () => {
    onlineManager.setOnline(false);
    const change = vi.fn(failedToFetch);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: change });
    expect(await within1s(mutation.execute(undefined))).toBe("Failed to fetch");
    expect(change).toHaveBeenCalledOnce();
  });
});
