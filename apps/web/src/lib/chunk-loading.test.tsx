import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as ChunkLoading from "./chunk-loading";

/** A fresh copy of the module for each test: its attempt, network and build state are the page's. */
let chunks: typeof ChunkLoading;

/** What a browser says when an import() does not arrive. */
const offlineImport = () =>
  new TypeError("Failed to fetch dynamically imported module: /assets/LibraryPage-abc.js");

/** An importer that fails `failures` times, then resolves `value`. */
function flakyImporter<T>(value: T, failures = 1) {
  let calls = 0;
  const importer = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw offlineImport();
    return value;
  });
  return importer;
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

beforeEach(async () => {
  vi.resetModules();
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  window.sessionStorage.clear();
  // A chunk that failed online is looked for on the server (a HEAD): here it is still there.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 200 })),
  );
  chunks = await import("./chunk-loading");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("chunkLoader", () => {
  it("imports once and keeps the module; callers on the way share the import", async () => {
    const importer = vi.fn(async () => ({ ok: true }));
    const load = chunks.chunkLoader(importer);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(load.loaded()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("keeps a failure for the attempt (no request loop), and loads again at the next one", async () => {
    const importer = flakyImporter({ ok: true });
    const load = chunks.chunkLoader(importer);
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(chunks.ChunkLoadError);
    expect(chunks.isChunkLoadError(failure)).toBe(true);
    // The same failure for every caller of this attempt: nothing asked again.
    await expect(load()).rejects.toBe(failure);
    expect(importer).toHaveBeenCalledTimes(1);
    chunks.retryChunks();
    await expect(load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("is asked again when the network returns, and a navigation after a failure is a new attempt", async () => {
    const load = chunks.chunkLoader(flakyImporter("code", 2));
    setOnline(false);
    await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    expect(chunks.chunkState().online).toBe(false);
    setOnline(true);
    expect(chunks.chunkState().online).toBe(true);
    await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    const attempt = chunks.chunkState().attempt;
    chunks.retryChunksIfFailed();
    expect(chunks.chunkState().attempt).toBe(attempt + 1);
    await expect(load()).resolves.toBe("code");
    // Nothing failed in this attempt: a navigation does not start another.
    chunks.retryChunksIfFailed();
    expect(chunks.chunkState().attempt).toBe(attempt + 1);
  });
  it("asked again just after the network returns and failing (the connection not up yet), tries again by itself a few times", async () => {
    vi.useFakeTimers();
    try {
      const importer = flakyImporter("code", 3);
      const load = chunks.chunkLoader(importer);
      setOnline(false);
      await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
      setOnline(true);
      // The attempt the return started fails too: the radio, DNS or the emulated network is a moment behind.
      await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
      const attempt = chunks.chunkState().attempt;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(chunks.chunkState().attempt).toBe(attempt + 1);
      await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(chunks.chunkState().attempt).toBe(attempt + 2);
      await expect(load()).resolves.toBe("code");
      // Loaded: no further attempts.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(chunks.chunkState().attempt).toBe(attempt + 2);
      expect(importer).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up those tries after a while, and a failure with no return behind it is not tried again by itself", async () => {
    vi.useFakeTimers();
    try {
      const importer = flakyImporter("code", 100);
      const load = chunks.chunkLoader(importer);
      await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(importer).toHaveBeenCalledTimes(1);
      setOnline(false);
      setOnline(true);
      for (let i = 0; i < 10; i += 1) {
        await load().catch(() => undefined);
        await vi.advanceTimersByTimeAsync(20_000);
      }
      // The return's attempt and four more, then it is the listener's Retry.
      expect(importer).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("isChunkLoadError", () => {
  it("knows the browsers' and Vite's words for code that did not arrive, and nothing else", () => {
    expect(chunks.isChunkLoadError(offlineImport())).toBe(true);
    expect(chunks.isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(chunks.isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(chunks.isChunkLoadError(new Error("Unable to preload CSS for /assets/Modal-x.css"))).toBe(true);
    expect(chunks.isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(chunks.isChunkLoadError("Failed")).toBe(false);
  });
});

describe("lazyChunk", () => {
  // React reports each error a boundary caught.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());
  function Menu({ label }: { label: string }) {
    return <p>{label} menu</p>;
  }

  it("shows `failed` in its place, keeps the rest, and renders the code when the network returns", async () => {
    const importer = flakyImporter({ default: Menu });
    const LazyMenu = chunks.lazyChunk(importer, {
      failed: ({ label }) => <p role="alert">{label} is offline</p>,
    });
    setOnline(false);
    render(
      <main>
        <h1>Shell</h1>
        <Suspense fallback={<p>Loading</p>}>
          <LazyMenu label="Profile" />
        </Suspense>
      </main>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Profile is offline");
    expect(screen.getByRole("heading", { name: "Shell" })).toBeTruthy();
    await act(async () => setOnline(true));
    expect((await screen.findByText("Profile menu")).textContent).toBe("Profile menu");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(LazyMenu.isLoaded()).toBe(true);
  });

  it("without `failed`, goes up to the ChunkBoundary, which a Retry (a new attempt) renders again", async () => {
    const importer = flakyImporter({ default: Menu });
    const LazyScreen = chunks.lazyChunk(importer);
    render(
      <chunks.ChunkBoundary fallback={<button onClick={chunks.retryChunks}>Retry</button>}>
        <Suspense fallback={<p>Loading</p>}>
          <LazyScreen label="Library" />
        </Suspense>
      </chunks.ChunkBoundary>,
    );
    const retry = await screen.findByRole("button", { name: "Retry" });
    await act(async () => retry.click());
    expect((await screen.findByText("Library menu")).textContent).toBe("Library menu");
  });

  it("lets an error that is not a chunk's go on up", async () => {
    function Broken(): never {
      throw new Error("a bug");
    }
    expect(() =>
      render(
        <chunks.ChunkBoundary fallback={<p>offline</p>}>
          <Broken />
        </chunks.ChunkBoundary>,
      ),
    ).toThrow("a bug");
  });
});

describe("a new deploy", () => {
  it("a chunk gone from the server (404 while online) means a new build: reloaded at once when nothing plays", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    const reload = vi.fn();
    chunks.setPageReloader(reload);
    await expect(chunks.chunkLoader(flakyImporter("code"))()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    await vi.waitFor(() => expect(chunks.chunkState().updateReady).toBe(true));
    expect(fetch).toHaveBeenCalledWith("/assets/LibraryPage-abc.js", { method: "HEAD", cache: "no-store" });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a chunk that is still there failed for the network's sake: no new build", async () => {
    const reload = vi.fn();
    chunks.setPageReloader(reload);
    await expect(chunks.chunkLoader(flakyImporter("code"))()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(chunks.chunkState().updateReady).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("while something plays, waits (the app offers it), and takes it at a navigation once nothing does", () => {
    const reload = vi.fn();
    chunks.setPageReloader(reload);
    chunks.noteListening(true);
    chunks.noteUpdateReady({ atOnce: true });
    expect(chunks.chunkState().updateReady).toBe(true);
    expect(chunks.reloadIfIdle()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    chunks.noteListening(false);
    expect(chunks.reloadIfIdle()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads by itself at most once in a while: a build that still fails does not reload in a loop", () => {
    const reload = vi.fn();
    chunks.setPageReloader(reload);
    chunks.noteUpdateReady({ atOnce: true });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(chunks.reloadIfIdle()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a new service worker is offered, not taken by itself: the page still has its whole build", () => {
    const reload = vi.fn();
    chunks.setPageReloader(reload);
    chunks.noteUpdateReady();
    expect(chunks.chunkState().updateReady).toBe(true);
    expect(chunks.reloadIfIdle()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    chunks.reloadPage.now();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

interface HappyDomSettings extends Record<string, unknown> {
  fetch: { interceptor: { beforeAsyncRequest: () => Promise<Response> } | null };
}

describe("a stylesheet that failed with its chunk", () => {
  /** happy-dom loads no stylesheet: it answers each as loaded, or as failed (the network down). */
  const stylesheetsLoad = (load: boolean) => {
    const { settings } = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM;
    settings.handleDisabledFileLoadingAsSuccess = load;
  };
  /** Stylesheets that arrive a moment later, as over a network (`load` fires after a response, not at once). */
  const stylesheetsArriveLater = () => {
    const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
    Object.assign(settings, { disableCSSFileLoading: false, enableCSSFileLoading: true });
    settings.fetch.interceptor = {
      beforeAsyncRequest: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return new window.Response("body { color: purple }", { headers: { "content-type": "text/css" } });
      },
    };
  };
  afterEach(() => {
    const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
    Object.assign(settings, { disableCSSFileLoading: true, enableCSSFileLoading: false });
    settings.fetch.interceptor = null;
    stylesheetsLoad(false);
  });

  it("is linked again before the next attempt's code runs, which waits for it", async () => {
    const href = new URL("/assets/Modal-abc.css", document.baseURI).href;
    const failed = document.createElement("link");
    failed.rel = "stylesheet";
    failed.href = href;
    document.head.appendChild(failed);
    // Vite could not preload it: it says so, and will not ask for it again.
    const error = new Error(`Unable to preload CSS for ${href}`);
    const importer = vi.fn(async () => "code");
    importer.mockImplementationOnce(async () => {
      window.dispatchEvent(Object.assign(new Event("vite:preloadError"), { payload: error }));
      throw error;
    });
    const load = chunks.chunkLoader(importer);
    await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    const linked = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>("link")].filter((l) => l.href === href);

    // Still offline at the next attempt: the stylesheet fails again, and the code is not run without it.
    chunks.retryChunks();
    await expect(load()).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    expect(importer).toHaveBeenCalledTimes(1);

    // Back: the stylesheet is linked anew (the failed link replaced), then the code runs.
    stylesheetsLoad(true);
    chunks.retryChunks();
    await expect(load()).resolves.toBe("code");
    expect(importer).toHaveBeenCalledTimes(2);
    expect(linked()).toHaveLength(1);
    expect(linked()[0]).not.toBe(failed);
    linked()[0]!.remove();
  });

  it("two chunks that wait for the same stylesheet both run once it is linked again (one link, not one each)", async () => {
    const href = new URL("/assets/Section-abc.css", document.baseURI).href;
    const failed = document.createElement("link");
    failed.rel = "stylesheet";
    failed.href = href;
    document.head.appendChild(failed);
    const error = new Error(`Unable to preload CSS for ${href}`);
    const failingOnce = (value: string) => {
      const importer = vi.fn(async () => value);
      importer.mockImplementationOnce(async () => {
        window.dispatchEvent(Object.assign(new Event("vite:preloadError"), { payload: error }));
        throw error;
      });
      return importer;
    };
    const library = chunks.chunkLoader(failingOnce("library"));
    const search = chunks.chunkLoader(failingOnce("search"));
    // Both screens asked for while offline: both failed with the stylesheet.
    const [libraryFailed, searchFailed] = [library(), search()];
    await expect(libraryFailed).rejects.toBeInstanceOf(chunks.ChunkLoadError);
    await expect(searchFailed).rejects.toBeInstanceOf(chunks.ChunkLoadError);

    // The network returns and both screens ask at once. A second link replacing the first while it loads takes
    // the first one's load event with it in Chromium (a removed link fires none), and that chunk waited for good.
    stylesheetsArriveLater();
    const inserted: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        inserted.push(...[...record.addedNodes].filter((node) => (node as HTMLLinkElement).href === href));
    });
    observer.observe(document.head, { childList: true });
    chunks.retryChunks();
    const settled = (promise: Promise<string>) =>
      Promise.race([
        promise,
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 500)),
      ]);
    await expect(Promise.all([settled(library()), settled(search())])).resolves.toEqual([
      "library",
      "search",
    ]);
    observer.disconnect();
    expect(inserted).toHaveLength(1);
    const linked = [...document.head.querySelectorAll<HTMLLinkElement>("link")].filter(
      (l) => l.href === href,
    );
    expect(linked).toHaveLength(1);
    linked[0]?.remove();
  });
});
