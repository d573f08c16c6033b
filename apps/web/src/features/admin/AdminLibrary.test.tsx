import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminSongDto, LibraryScanDto } from "@purplebeats/contracts/schemas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { asAdmin as adminFixtures } from "./test-admin";
import { renderRoute } from "../../test-utils/render";
import { trpcError, type Fixtures } from "../../test-utils/trpc-fixtures";

const SCAN: LibraryScanDto = {
  id: "scan-1",
  state: "running",
  roots: ["/music"],
  startedAt: "2026-11-24T07:00:00.000Z",
  finishedAt: null,
  counts: { found: 12, ingested: 9, unchanged: 1, missing: 0, skipped: 2 },
  skipped: [
    { source: "/music/Bad/corrupt.mp3", reason: "Not an audio file" },
    { source: "/music/Bad/empty.flac", reason: "Empty file" },
  ],
  encode: { queued: 3, active: 2, completed: 4, failed: 0 },
  error: null,
};

const SONG: AdminSongDto = {
  id: "song-1",
  title: "Aurora",
  artist: "Upload Artist",
  artistId: "artist-1",
  album: { id: "album-1", title: "Dawn", membersOnly: false },
  hidden: false,
  membersOnly: false,
  unavailable: false,
  renditions: true,
};

const asAdmin = (admin: Fixtures["admin"] = {}): Fixtures =>
  adminFixtures({ latestLibraryScan: () => SCAN, songs: () => [SONG], ...admin });

vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import("../../pages/AdminPage");
});

describe("Admin dashboard: music library", () => {
  it("shows the latest scan's counts, encoding progress and skipped files with their reasons", async () => {
    renderRoute("/admin", { fixtures: asAdmin() });
    const report = await screen.findByTestId("scan-report");
    expect(within(report).getByText("Scanning…", { exact: false })).toBeTruthy();
    expect(within(report).getByText("Encoding: 4 of 9 done")).toBeTruthy();
    expect(within(report).getByText("Skipped files (2)")).toBeTruthy();
    expect(within(report).getByText("/music/Bad/corrupt.mp3")).toBeTruthy();
    expect(within(report).getByText("Not an audio file")).toBeTruthy();
  });

  it("starts a scan and shows its response, or why it could not", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        latestLibraryScan: () => {
          throw trpcError("NOT_FOUND", "No library scan yet");
        },
        scanLibrary: () => ({ ...SCAN, counts: { ...SCAN.counts, found: 0 } }),
      }),
    });
    expect(await screen.findByText("No scan yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Scan library" }));
    await waitFor(() => expect(callsTo("admin.scanLibrary")).toHaveLength(1));
    expect(await screen.findByTestId("scan-report")).toBeTruthy();
  });

  it("hides a song, marks its album members only and renames its artist", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        updateSong: (input) => ({ ...SONG, hidden: input.hidden ?? SONG.hidden }),
        updateAlbum: (input) => ({ id: input.id, title: "Dawn", membersOnly: input.membersOnly ?? false }),
        updateArtist: (input) => ({ id: input.id, name: input.name ?? "", imageUrl: null, songCount: 1 }),
      }),
    });
    const row = await screen.findByTestId("managed-song");
    // Hiding is a takedown: it asks first, naming the song; Cancel leaves it listed.
    await user.click(within(row).getByRole("switch", { name: "Hidden" }));
    let dialog = await screen.findByRole("dialog", { name: "Take this song down?" });
    expect(dialog.textContent).toContain("Aurora by Upload Artist will disappear at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("admin.updateSong")).toHaveLength(0);
    expect(within(row).getByRole<HTMLInputElement>("switch", { name: "Hidden" }).checked).toBe(false);
    await user.click(within(row).getByRole("switch", { name: "Hidden" }));
    dialog = await screen.findByRole("dialog", { name: "Take this song down?" });
    await user.click(within(dialog).getByRole("button", { name: "Take down" }));
    await waitFor(() =>
      expect(callsTo("admin.updateSong")[0]?.input).toEqual({ id: "song-1", hidden: true }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(within(row).getByRole("switch", { name: "Album members only" }));
    await waitFor(() =>
      expect(callsTo("admin.updateAlbum")[0]?.input).toEqual({ id: "album-1", membersOnly: true }),
    );
    const name = within(row).getByRole("textbox", { name: "Artist name" });
    await user.clear(name);
    await user.type(name, "The Uploaders");
    await user.click(within(row).getByRole("button", { name: "Rename artist" }));
    await waitFor(() =>
      expect(callsTo("admin.updateArtist")[0]?.input).toEqual({ id: "artist-1", name: "The Uploaders" }),
    );
  });
});
