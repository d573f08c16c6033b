// The seed's media written in a child process (a server's first start): the glue between the child and the
// ClipRequests a stream waits on, over a stand-in child, then the real child on a fresh media folder.
import { fork, type ChildProcess } from "node:child_process";
import type * as ChildProcesses from "node:child_process";
import { EventEmitter } from "node:events";
import { access, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catalog } from "../src/catalog.js";
import { ClipRequests } from "../src/clip-requests.js";
import {
  superviseMediaChild,
  writeCatalogMediaInChild,
  type FromMediaChild,
  type ToMediaChild,
} from "../src/media-process.js";

// The real fork, watched: the test sees the process it starts.
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof ChildProcesses>();
  return { ...original, fork: vi.fn(original.fork) };
});

/** What the glue uses of a forked child: its messages, its end, send and kill. */
class FakeChild extends EventEmitter {
  connected = true;
  sent: ToMediaChild[] = [];
  killed: Array<NodeJS.Signals | number | undefined> = [];
  send(message: ToMediaChild, callback?: (error: Error | null) => void): boolean {
    this.sent.push(message);
    callback?.(null);
    return true;
  }
  kill(signal?: NodeJS.Signals | number): boolean {
    this.killed.push(signal);
    return true;
  }
  say(message: FromMediaChild) {
    this.emit("message", message);
  }
  end(code: number | null, signal: NodeJS.Signals | null = null) {
    this.connected = false;
    this.emit("exit", code, signal);
    this.emit("close", code, signal);
  }
}

const supervise = (child: FakeChild, options: Parameters<typeof superviseMediaChild>[1] = {}) =>
  superviseMediaChild(child as unknown as ChildProcess, options);

const asks = (child: FakeChild) => child.sent.map((message) => message.slug);

describe("the media child's glue", () => {
  it("forwards the songs asked for (those asked before the child listens once it does) and announces each written", async () => {
    const requests = new ClipRequests();
    const early = requests.whenWritten("early");
    const child = new FakeChild();
    const done = supervise(child, { requests });
    expect(child.sent).toEqual([]); // not listening yet: the message would be lost
    child.say({ type: "ready" });
    expect(asks(child)).toEqual(["early"]);
    const late = requests.whenWritten("late");
    expect(asks(child)).toEqual(["early", "late"]);

    let lateWritten = false;
    void late.then(() => (lateWritten = true));
    child.say({ type: "written", slug: "early" });
    await early;
    expect(lateWritten).toBe(false);
    child.say({ type: "written", slug: "late" });
    await late;

    child.say({ type: "done" });
    child.end(0);
    await expect(done).resolves.toBeUndefined();
  });

  it("ends the requests when the child finishes: a song still waited for is then missing", async () => {
    const requests = new ClipRequests();
    const child = new FakeChild();
    const done = supervise(child, { requests });
    child.say({ type: "ready" });
    const never = requests.whenWritten("never");
    child.say({ type: "done" });
    child.end(0);
    await expect(done).resolves.toBeUndefined();
    await expect(never).resolves.toBeUndefined();
    // Asked after the end: nobody forwards it, nobody waits.
    await expect(requests.whenWritten("later")).resolves.toBeUndefined();
    expect(asks(child)).toEqual(["never"]);
  });

  it("rejects with the child's error when it fails, and ends the requests", async () => {
    const requests = new ClipRequests();
    const child = new FakeChild();
    const done = supervise(child, { requests });
    const waiting = requests.whenWritten("a");
    child.say({ type: "ready" });
    child.say({ type: "failed", message: "EACCES: permission denied, mkdir '/media/covers'" });
    child.end(1);
    await expect(done).rejects.toThrow("EACCES: permission denied");
    await expect(waiting).resolves.toBeUndefined();
  });

  it("rejects when the child crashes or exits without saying it is done", async () => {
    const crashed = new FakeChild();
    const crash = supervise(crashed, { requests: new ClipRequests() });
    crashed.end(null, "SIGKILL");
    await expect(crash).rejects.toThrow(/SIGKILL/);

    const quiet = new FakeChild();
    const early = supervise(quiet);
    quiet.say({ type: "ready" });
    quiet.end(0);
    await expect(early).rejects.toThrow(/without finishing/);
  });

  it("rejects when the child cannot be started", async () => {
    const requests = new ClipRequests();
    const waiting = requests.whenWritten("a");
    const child = new FakeChild();
    const done = supervise(child, { requests });
    child.emit("error", Object.assign(new Error("spawn EAGAIN"), { code: "EAGAIN" }));
    await expect(done).rejects.toThrow("spawn EAGAIN");
    await expect(waiting).resolves.toBeUndefined();
  });

  it("kills the child when the signal aborts, and rejects once it has exited", async () => {
    const stop = new AbortController();
    const requests = new ClipRequests();
    const child = new FakeChild();
    const done = supervise(child, { requests, signal: stop.signal });
    child.say({ type: "ready" });
    let settled = false;
    void done.catch(() => {}).finally(() => (settled = true));
    stop.abort();
    expect(child.killed).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false); // the server's stop waits until the child is gone
    child.end(null, "SIGTERM");
    await expect(done).rejects.toThrow("stopped");
  });

  it("kills at once a child started after the signal aborted", async () => {
    const stop = new AbortController();
    stop.abort();
    const child = new FakeChild();
    const done = supervise(child, { signal: stop.signal });
    expect(child.killed).toHaveLength(1);
    child.end(null, "SIGTERM");
    await expect(done).rejects.toThrow("stopped");
  });
});

describe("the media child", () => {
  let mediaDir = "";
  afterEach(async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    mediaDir = "";
  });

  const children = () => vi.mocked(fork).mock.results.map((result) => result.value as ChildProcess);

  it("writes a song asked for first, in another process, and is killed when stopped", async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "pb-media-child-"));
    const requests = new ClipRequests();
    const stop = new AbortController();
    const last = catalog.songs.at(-1)!.slug;
    const asked = requests.whenWritten(last);
    const done = writeCatalogMediaInChild(mediaDir, { requests, signal: stop.signal });
    done.catch(() => {});

    await asked;
    await access(path.join(mediaDir, "audio", `${last}.mp3`));
    const clips = (await readdir(path.join(mediaDir, "audio"))).filter((name) => name.endsWith(".mp3"));
    expect(clips).toContain(`${last}.mp3`);
    expect(clips.length).toBeLessThanOrEqual(2);
    const [child] = children();
    expect(child!.pid).not.toBe(process.pid);
    expect(child!.exitCode).toBeNull();

    stop.abort();
    await expect(done).rejects.toThrow("stopped");
    expect(child!.signalCode).toBe("SIGTERM");
  });

  it("rejects with the child's error when the media cannot be written", async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "pb-media-child-"));
    const notAFolder = path.join(mediaDir, "file");
    await writeFile(notAFolder, "");
    const requests = new ClipRequests();
    const waiting = requests.whenWritten(catalog.songs[0]!.slug);
    await expect(writeCatalogMediaInChild(notAFolder, { requests })).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(waiting).resolves.toBeUndefined();
  });
});
