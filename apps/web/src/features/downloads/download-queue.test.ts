import { describe, expect, it } from "vitest";
import { downloadSongs, type SongSteps } from "./download-queue";

interface Held<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function held<T>(): Held<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const audio = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "audio/mpeg" });

/** Steps whose fetches and stores finish when the test says; what they were asked is logged. */
function steps(already: Record<string, Blob> = {}) {
  const log: string[] = [];
  const fetches = new Map<string, Held<Blob | null>>();
  const stores = new Map<string, Held<void>>();
  let storing = 0;
  let mostStoring = 0;
  const sizes: number[] = [];
  const api: SongSteps = {
    stored: (id) => Promise.resolve(already[id] ?? null),
    fetch: (id) => {
      log.push(`fetch ${id}`);
      const h = held<Blob | null>();
      fetches.set(id, h);
      return h.promise;
    },
    store: async (id) => {
      log.push(`store ${id}`);
      storing++;
      mostStoring = Math.max(mostStoring, storing);
      const h = held<void>();
      stores.set(id, h);
      try {
        await h.promise;
      } finally {
        storing--;
      }
    },
    done: (bytes) => sizes.push(bytes),
  };
  return { api, log, fetches, stores, sizes, mostStoring: () => mostStoring };
}

describe("a download's songs", () => {
  it("fetches the next song while the last one is stored, with one store at a time", async () => {
    const s = steps();
    const run = downloadSongs(["a", "b", "c"], s.api, new AbortController().signal);
    await flush();
    s.fetches.get("a")?.resolve(audio(10));
    await flush();
    // a is being stored and b is on its way at once.
    expect(s.log).toEqual(["fetch a", "store a", "fetch b"]);
    s.fetches.get("b")?.resolve(audio(20));
    await flush();
    // b arrived before a was stored: its store waits.
    expect(s.log).toEqual(["fetch a", "store a", "fetch b"]);
    s.stores.get("a")?.resolve();
    await flush();
    expect(s.log).toEqual(["fetch a", "store a", "fetch b", "store b", "fetch c"]);
    expect(s.sizes).toEqual([10]);
    s.fetches.get("c")?.resolve(audio(30));
    s.stores.get("b")?.resolve();
    await flush();
    // The progress reaches the end only once the last song is stored.
    expect(s.sizes).toEqual([10, 20]);
    s.stores.get("c")?.resolve();
    await run;
    expect(s.sizes).toEqual([10, 20, 30]);
    expect(s.mostStoring()).toBe(1);
  });

  it("stores a song the list holds twice once, and counts both", async () => {
    const s = steps();
    const run = downloadSongs(["a", "b", "a"], s.api, new AbortController().signal);
    await flush();
    s.fetches.get("a")?.resolve(audio(10));
    await flush();
    s.fetches.get("b")?.resolve(audio(20));
    await flush();
    s.stores.get("a")?.resolve();
    await flush();
    s.stores.get("b")?.resolve();
    await run;
    expect(s.log).toEqual(["fetch a", "store a", "fetch b", "store b"]);
    expect(s.sizes).toEqual([10, 20, 10]);
  });

  it("neither fetches nor stores a song stored already, and counts one the server no longer gives", async () => {
    const s = steps({ a: audio(10) });
    const run = downloadSongs(["a", "b"], s.api, new AbortController().signal);
    await flush();
    s.fetches.get("b")?.resolve(null);
    await run;
    expect(s.log).toEqual(["fetch b"]);
    expect(s.sizes).toEqual([10, 0]);
  });

  it("stops at a cancel, after the store under way, and stores nothing more", async () => {
    const s = steps();
    const cancel = new AbortController();
    const run = downloadSongs(["a", "b", "c"], s.api, cancel.signal);
    const settled = run.then(
      () => "done",
      (error: unknown) => (error instanceof Error ? error.name : "error"),
    );
    await flush();
    s.fetches.get("a")?.resolve(audio(10));
    await flush();
    // Canceled while a is stored and b is fetched: b's fetch fails as the browser's does.
    cancel.abort();
    s.fetches.get("b")?.reject(new DOMException("canceled", "AbortError"));
    await flush();
    let outcome: string | null = null;
    void settled.then((value) => (outcome = value));
    await flush();
    expect(outcome).toBeNull(); // a is still being stored
    s.stores.get("a")?.resolve();
    expect(await settled).toBe("AbortError");
    expect(s.log).toEqual(["fetch a", "store a", "fetch b"]);
    expect(s.sizes).toEqual([10]);
  });

  it("does not store a song that arrived after a cancel", async () => {
    const s = steps();
    const cancel = new AbortController();
    const run = downloadSongs(["a", "b"], s.api, cancel.signal);
    await flush();
    s.fetches.get("a")?.resolve(audio(10));
    await flush();
    s.fetches.get("b")?.resolve(audio(20));
    await flush();
    cancel.abort();
    s.stores.get("a")?.resolve();
    await expect(run).rejects.toThrow();
    expect(s.log).toEqual(["fetch a", "store a", "fetch b"]);
  });

  it("fails when a store fails, without asking for more songs", async () => {
    const s = steps();
    const run = downloadSongs(["a", "b", "c"], s.api, new AbortController().signal);
    const failed = run.catch((error: unknown) => error);
    await flush();
    s.fetches.get("a")?.resolve(audio(10));
    await flush();
    s.stores.get("a")?.reject(new Error("quota exceeded"));
    s.fetches.get("b")?.resolve(audio(20));
    expect(await failed).toEqual(new Error("quota exceeded"));
    expect(s.log).toEqual(["fetch a", "store a", "fetch b"]);
  });
});
