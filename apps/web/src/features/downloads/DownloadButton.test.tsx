import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import { renderWithProviders } from "../../test-utils/render";
import { createI18n, LocaleProvider } from "../../i18n";
import { useIsPremium } from "../account";
import type * as MembershipModule from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { DOWNLOADS_CACHE, downloadedSongKey } from "../../lib/offline-audio";
import { DownloadButton } from "./DownloadButton";
import { DownloadsSection } from "./DownloadsSection";
import {
  DOWNLOADS_KEY,
  resetDownloadsForTests,
  SYNC_PAUSE_MS,
  syncDownloads,
  type DownloadSource,
} from "./downloads-store";

vi.mock("../account/membership", async (importOriginal) => ({
  ...(await importOriginal<typeof MembershipModule>()),
  useIsPremium: vi.fn(() => false),
}));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn() };
});

/** Cache Storage as the browser keeps it, in memory (jsdom has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: (key: string) => Promise.resolve(store.get(key)?.clone()),
      put: (key: string, response: Response) => Promise.resolve(void store.set(key, response)),
      keys: () => Promise.resolve([...store.keys()].map((key) => ({ url: `http://localhost${key}` }))),
      delete: (request: { url: string }) => Promise.resolve(store.delete(new URL(request.url).pathname)),
    };
  };
  return {
    stores,
    api: {
      open: (name: string) => Promise.resolve(open(name)),
      delete: (name: string) => Promise.resolve(stores.delete(name)),
    },
  };
}

/** The server's answers to downloads, each held until the test lets it go. */
function heldDownloads() {
  const pending: Array<{ url: string; release: () => void }> = [];
  const fetchMock = vi.fn((url: string, init: { signal: AbortSignal }) => {
    return new Promise<Response>((resolve, reject) => {
      init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      pending.push({
        url,
        release: () => resolve(new Response(new Blob([new Uint8Array(1000)], { type: "audio/mpeg" }))),
      });
    });
  });
  return { pending, fetchMock };
}

const song = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Song ${n}`,
  audioUrl: `/api/songs/${n}/stream`,
  duration: 180,
});
const playlist = (songs: number[]): DownloadSource => ({
  kind: "playlist",
  id: "p1",
  title: "Road trip",
  songs: songs.map(song),
});

let caches: ReturnType<typeof fakeCaches>;
let held: ReturnType<typeof heldDownloads>;
const storedSongs = () =>
  [...(caches.stores.get(DOWNLOADS_CACHE)?.keys() ?? [])].filter((key) =>
    key.startsWith(downloadedSongKey("")),
  );

beforeEach(() => {
  localStorage.clear();
  resetDownloadsForTests();
  caches = fakeCaches();
  held = heldDownloads();
  vi.stubGlobal("caches", caches.api);
  vi.stubGlobal("fetch", held.fetchMock);
  vi.mocked(useIsPremium).mockReturnValue(true);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the download control", () => {
  it("offers a free listener Premium and downloads nothing", () => {
    vi.mocked(useIsPremium).mockReturnValue(false);
    renderWithProviders(<DownloadButton source={playlist([1, 2])} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Premium Feature", upgrade: true }),
    );
    expect(held.fetchMock).not.toHaveBeenCalled();
  });

  it("shows a member the songs as they arrive, and a cancel keeps nothing", async () => {
    renderWithProviders(<DownloadButton source={playlist([1, 2])} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    await screen.findByText("Downloading 0/2 · Cancel");
    // At the member's quality (High unless they chose another), through the download endpoint.
    expect(held.pending[0]?.url).toBe(`/api/songs/${song(1).id}/download?quality=high`);
    act(() => held.pending[0]?.release());
    await screen.findByText("Downloading 1/2 · Cancel");
    fireEvent.click(screen.getByRole("button", { name: /Cancel download, 1 of 2 songs/ }));
    await screen.findByRole("button", { name: "Download" });
    await waitFor(() => expect(storedSongs()).toEqual([]));
    expect(JSON.parse(localStorage.getItem(DOWNLOADS_KEY) ?? "{}")).toMatchObject({ items: [] });
  });

  it("keeps a finished download, and syncs a playlist that changed: new songs fetched, removed ones dropped", async () => {
    renderWithProviders(<DownloadButton source={playlist([1, 2])} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(held.pending).toHaveLength(1));
    act(() => held.pending[0]?.release());
    await waitFor(() => expect(held.pending).toHaveLength(2));
    act(() => held.pending[1]?.release());
    await screen.findByRole("button", { name: "Downloaded" });
    expect(storedSongs().sort()).toEqual([downloadedSongKey(song(1).id), downloadedSongKey(song(2).id)]);

    // The playlist's screen opened again, online, after song 1 was taken out and song 3 added.
    cleanup();
    renderWithProviders(<DownloadButton source={playlist([2, 3])} />);
    await waitFor(() => expect(held.pending).toHaveLength(3));
    expect(held.pending[2]?.url).toContain(song(3).id);
    act(() => held.pending[2]?.release());
    await screen.findByRole("button", { name: "Downloaded" });
    await waitFor(() =>
      expect(storedSongs().sort()).toEqual([downloadedSongKey(song(2).id), downloadedSongKey(song(3).id)]),
    );
  });
});

describe("Liked Songs' download", () => {
  const liked = (songs: number[]): DownloadSource => ({
    kind: "liked",
    id: "liked",
    title: "Liked Songs",
    songs: songs.map(song),
  });
  /** The screen shows a first page; the whole list is read when the download starts. */
  const whole = (all: number[]) => ({ total: all.length, load: vi.fn(async () => all.map(song)) });
  const releaseAll = async (count: number) => {
    for (let n = 1; n <= count; n++) {
      await waitFor(() => expect(held.pending.length).toBeGreaterThanOrEqual(n));
      act(() => held.pending[n - 1]?.release());
    }
  };

  it("downloads every liked song, not only the page on screen, and is not synced again while nothing changed", async () => {
    const all = whole([1, 2, 3]);
    renderWithProviders(<DownloadButton source={liked([1, 2])} whole={all} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    await releaseAll(3);
    await screen.findByRole("button", { name: "Downloaded" });
    expect(storedSongs()).toHaveLength(3);
    cleanup();

    // The screen again with its first page: the same three songs, nothing fetched.
    renderWithProviders(<DownloadButton source={liked([1, 2])} whole={whole([1, 2, 3])} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(held.pending).toHaveLength(3);
    cleanup();

    // A fourth song liked elsewhere: synced when the screen is open online.
    renderWithProviders(<DownloadButton source={liked([4, 1])} whole={whole([4, 1, 2, 3])} />);
    await waitFor(() => expect(held.pending).toHaveLength(4));
    expect(held.pending[3]?.url).toContain(song(4).id);
    act(() => held.pending[3]?.release());
    await waitFor(() => expect(storedSongs()).toHaveLength(4));
  });
});

describe("the background sync", () => {
  it("brings a downloaded playlist up to date without its screen, at most once per pause", async () => {
    renderWithProviders(<DownloadButton source={playlist([1, 2])} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    for (const n of [1, 2]) {
      await waitFor(() => expect(held.pending).toHaveLength(n));
      act(() => held.pending[n - 1]?.release());
    }
    await screen.findByRole("button", { name: "Downloaded" });
    cleanup();

    // Changed on another device: song 1 taken out, song 3 added.
    const read = vi.fn(async () => [2, 3].map(song));
    const synced = syncDownloads(read, 1_000_000);
    await waitFor(() => expect(held.pending).toHaveLength(3));
    expect(held.pending[2]?.url).toBe(`/api/songs/${song(3).id}/download?quality=high`);
    act(() => held.pending[2]?.release());
    await synced;
    await waitFor(() =>
      expect(storedSongs().sort()).toEqual([downloadedSongKey(song(2).id), downloadedSongKey(song(3).id)]),
    );
    expect(read).toHaveBeenCalledTimes(1);

    // Again within the pause: nothing read.
    await syncDownloads(read, 1_000_000 + SYNC_PAUSE_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe("Library's Downloads", () => {
  async function downloadRoadTrip() {
    const before = held.pending.length;
    renderWithProviders(<DownloadButton source={playlist([1, 2])} />);
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    for (const n of [1, 2]) {
      await waitFor(() => expect(held.pending).toHaveLength(before + n));
      act(() => held.pending[before + n - 1]?.release());
    }
    await screen.findByRole("button", { name: "Downloaded" });
    cleanup();
  }

  it("lists a download with its size and Play, and says when the browser removed its songs", async () => {
    await downloadRoadTrip();
    renderWithProviders(<DownloadsSection />);
    expect(screen.getByTestId("download-row").textContent).toContain("2 songs · 0.0 MB");
    expect(screen.getByText("0.0 MB used")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play Road trip" })).toBeTruthy();
    // Its check of the stored songs finds them all.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("Your browser removed this download to free space.")).toBeNull();
    cleanup();

    // Evicted under storage pressure: the list survives, the audio does not.
    caches.stores.delete(DOWNLOADS_CACHE);
    resetDownloadsForTests();
    renderWithProviders(<DownloadsSection />);
    await screen.findByText("Your browser removed this download to free space.");
    fireEvent.click(screen.getByRole("button", { name: "Download again" }));
    await waitFor(() => expect(held.pending).toHaveLength(3));
  });

  it("speaks the listener's language: the song count in its plural, the size in its number forms", async () => {
    await downloadRoadTrip();
    renderWithProviders(
      <LocaleProvider i18n={createI18n("sr-Latn", serbian)}>
        <DownloadsSection />
      </LocaleProvider>,
    );
    expect(screen.getByTestId("download-row").textContent).toContain("2 pesme · 0,0 MB");
    expect(screen.getByText("Zauzeto: 0,0 MB")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ukloni sva preuzimanja" })).toBeTruthy();
  });

  it("removes one download, or all of them with their songs", async () => {
    await downloadRoadTrip();
    renderWithProviders(<DownloadsSection />);
    fireEvent.click(screen.getByRole("button", { name: "Remove all downloads" }));
    await screen.findByText(/Download a playlist, an album or your Liked Songs/);
    expect(storedSongs()).toEqual([]);
    cleanup();

    await downloadRoadTrip();
    renderWithProviders(<DownloadsSection />);
    fireEvent.click(screen.getByRole("button", { name: "Remove Road trip" }));
    await screen.findByText(/Download a playlist, an album or your Liked Songs/);
    await waitFor(() => expect(storedSongs()).toEqual([]));
  });
});
