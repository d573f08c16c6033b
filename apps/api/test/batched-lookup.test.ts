// The read-your-write guarantee of the playlist revision lookup: a lookup never takes its result from a
// read that was already under way when it was asked (that read may predate a write the caller just made).
import { describe, expect, it } from "vitest";
import { BatchedLookup } from "../src/infra/cache/batched-lookup.js";

/** A store whose reads the test finishes by hand, each answering the state at the moment it started. */
function controlledStore() {
  let state = 1;
  const reads: Array<{ keys: string[]; finish: () => void }> = [];
  const lookup = new BatchedLookup<string, number>(
    (keys) =>
      new Promise((resolve) => {
        const seen = state;
        reads.push({ keys, finish: () => resolve(new Map(keys.map((k) => [k, seen]))) });
      }),
  );
  return { lookup, reads, write: () => state++ };
}

describe("batched lookup", () => {
  it("answers a lookup asked during a read from the next read, which sees the write before it", async () => {
    const { lookup, reads, write } = controlledStore();
    const first = lookup.get("a");
    expect(reads).toHaveLength(1);
    write();
    const second = lookup.get("a");
    const third = lookup.get("b");
    reads[0]!.finish();
    expect(await first).toBe(1);
    // One more read for everything asked meanwhile, started after the write.
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    expect(reads[1]!.keys).toEqual(["a", "b"]);
    reads[1]!.finish();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it("answers undefined for a missing key and passes a failed read on to its lookups only", async () => {
    let fail = true;
    const lookup = new BatchedLookup<string, number>(async (keys) => {
      if (fail) throw new Error("database down");
      return new Map(keys.filter((k) => k === "known").map((k) => [k, 7]));
    });
    await expect(lookup.get("known")).rejects.toThrow("database down");
    fail = false;
    expect(await lookup.get("known")).toBe(7);
    expect(await lookup.get("missing")).toBeUndefined();
  });
});
