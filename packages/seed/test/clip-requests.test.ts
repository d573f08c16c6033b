import { describe, expect, it } from "vitest";
import { ClipRequests } from "../src/clip-requests.js";

const queue = () => [{ slug: "a" }, { slug: "b" }, { slug: "c" }];

describe("ClipRequests", () => {
  it("takes the catalog's order when nobody waits, a song asked for ahead of it otherwise", () => {
    const requests = new ClipRequests();
    const q = queue();
    expect(requests.takeNext(q)?.slug).toBe("a");
    void requests.whenWritten("c");
    expect(requests.takeNext(q)?.slug).toBe("c");
    expect(requests.takeNext(q)?.slug).toBe("b");
    expect(requests.takeNext(q)).toBeUndefined();
  });

  it("tells each waiter when its song is written, and every waiter when the writer ends", async () => {
    const requests = new ClipRequests();
    const settled: string[] = [];
    const b = requests.whenWritten("b").then(() => settled.push("b"));
    const c = requests.whenWritten("c").then(() => settled.push("c"));
    requests.written("b");
    await b;
    expect(settled).toEqual(["b"]);
    requests.end();
    await c;
    expect(settled).toEqual(["b", "c"]);
    // After the end nobody waits: a clip still missing is missing.
    await expect(requests.whenWritten("d")).resolves.toBeUndefined();
  });

  it("forwards the songs waited for, those asked already first, until told to stop", () => {
    const requests = new ClipRequests();
    void requests.whenWritten("a");
    void requests.whenWritten("b");
    requests.written("a");
    const forwarded: string[] = [];
    const stop = requests.forwardAsks((slug) => forwarded.push(slug));
    expect(forwarded).toEqual(["b"]);
    void requests.whenWritten("c");
    expect(forwarded).toEqual(["b", "c"]);
    stop();
    void requests.whenWritten("d");
    expect(forwarded).toEqual(["b", "c"]);
  });
});
