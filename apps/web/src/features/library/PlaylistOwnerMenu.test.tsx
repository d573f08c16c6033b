// The owner's playlist, fully theirs: its description, the order of its songs, and deleting it.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { page, playlist, playlistDetail, songs } from "../../test-utils/catalog";
import { renderRoute } from "../../test-utils/render";
import { trpcError, type Fixtures } from "../../test-utils/trpc-fixtures";
import { resetListener } from "./test-account";

vi.mock("../account", async (importOriginal) => (await import("./test-account")).mockAccount(importOriginal));
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

const tracks = songs(3);
const mine = (overrides = {}) =>
  playlistDetail(7, tracks, {
    id: "mix",
    name: "Road Mix",
    description: "For the car",
    isOwn: true,
    ...overrides,
  });

function renderMine(fixtures: Fixtures = {}, route = "/playlist/mix") {
  return renderRoute(route, {
    fixtures: {
      ...fixtures,
      playlists: { byId: () => mine(), ...fixtures.playlists },
      likedSongs: { check: () => ({ isLiked: false }) },
      myPlaylists: { list: () => page([]), ...fixtures.myPlaylists },
    },
  });
}

async function choose(item: string) {
  await userEvent.click(await screen.findByRole("button", { name: "Options for Road Mix" }));
  await userEvent.click(await within(await screen.findByRole("menu")).findByRole("menuitem", { name: item }));
}

const rowTitles = () =>
  within(screen.getByRole("list", { name: "Songs in Road Mix" }))
    .getAllByRole("listitem")
    .map((row) => row.textContent ?? "")
    .map((text) => /Song \d+/.exec(text)?.[0]);

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

describe("'Edit description'", () => {
  it("starts from the current description, refuses one over 500 characters, saves a new one", async () => {
    const update = vi.fn(({ id }: { id: string }) => mine({ id }));
    renderMine({ myPlaylists: { update } });
    await choose("Edit description");
    const dialog = await screen.findByRole("dialog", { name: "Edit description" });
    const field = within(dialog).getByLabelText("Description");
    expect((field as HTMLTextAreaElement).value).toBe("For the car");

    await userEvent.clear(field);
    fireEvent.change(field, { target: { value: "x".repeat(501) } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Description too long")).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, " Night songs ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "mix", description: "Night songs" }));
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist updated successfully" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("an emptied field clears the description", async () => {
    const update = vi.fn(({ id }: { id: string }) => mine({ id, description: null }));
    renderMine({ myPlaylists: { update } });
    await choose("Edit description");
    const dialog = await screen.findByRole("dialog", { name: "Edit description" });
    await userEvent.clear(within(dialog).getByLabelText("Description"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "mix", description: "" }));
  });
});

describe("'Delete playlist'", () => {
  it("asks first, naming the playlist; Cancel keeps it", async () => {
    const remove = vi.fn(({ id }: { id: string }) => ({ id, deleted: true as const }));
    renderMine({ myPlaylists: { delete: remove } });
    await choose("Delete playlist");
    const dialog = await screen.findByRole("dialog", { name: "Delete playlist" });
    expect(dialog.textContent).toContain("Road Mix");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it("deletes it, says so, and takes the listener to a library that no longer lists it", async () => {
    let deleted = false;
    const summary = playlist(7, { id: "mix", name: "Road Mix" });
    const remove = vi.fn(({ id }: { id: string }) => ((deleted = true), { id, deleted: true as const }));
    const { location } = renderMine(
      {
        playlists: { byId: () => mine() },
        myPlaylists: { delete: remove, collected: () => page(deleted ? [] : [summary]) },
      },
      "/library",
    );
    await userEvent.click(await screen.findByRole("link", { name: /Road Mix/ }));
    await choose("Delete playlist");
    const dialog = await screen.findByRole("dialog", { name: "Delete playlist" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(location()).toBe("/library"));
    expect(remove).toHaveBeenCalledWith({ id: "mix" });
    expect(toasts()).toContainEqual({ title: "Playlist deleted", message: "Road Mix was deleted" });
    await waitFor(() => expect(screen.queryByRole("link", { name: /Road Mix/ })).toBeNull());
  });

  it("a refusal keeps the listener on the playlist with the server's response", async () => {
    const { location } = renderMine({
      myPlaylists: {
        delete: () => {
          throw trpcError("NOT_FOUND", "Playlist not found");
        },
      },
    });
    await choose("Delete playlist");
    const dialog = await screen.findByRole("dialog", { name: "Delete playlist" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Error",
        message: "404: Playlist not found",
        variant: "destructive",
      }),
    );
    expect(location()).toBe("/playlist/mix");
  });
});

describe("'Reorder songs'", () => {
  const handle = (title: string) =>
    screen.getByRole("button", { name: `Reorder ${title} (arrow keys move it)` });

  it("moves songs by keyboard, by Move up / Move down and by drag, and saves the order with Done", async () => {
    const reorder = vi.fn(({ id }: { id: string }) => mine({ id }));
    renderMine({ myPlaylists: { reorder } });
    await choose("Reorder songs");
    await screen.findByRole("button", { name: "Done" });
    expect(rowTitles()).toEqual(["Song 1", "Song 2", "Song 3"]);

    handle("Song 1").focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(rowTitles()).toEqual(["Song 2", "Song 1", "Song 3"]);
    // The handle moves with its song: the keyboard stays on it.
    await waitFor(() => expect(document.activeElement).toBe(handle("Song 1")));
    await userEvent.keyboard("{ArrowDown}");
    expect(rowTitles()).toEqual(["Song 2", "Song 3", "Song 1"]);

    await userEvent.click(screen.getByRole("button", { name: "Move Song 1 up" }));
    expect(rowTitles()).toEqual(["Song 2", "Song 1", "Song 3"]);
    expect((screen.getByRole("button", { name: "Move Song 2 up" }) as HTMLButtonElement).disabled).toBe(true);

    // A drag of two rows down (rows are drawn 56 px apart where the page has no layout).
    const dragged = handle("Song 2");
    fireEvent.pointerDown(dragged, { pointerId: 4, clientY: 100, button: 0, pointerType: "mouse" });
    fireEvent.pointerMove(dragged, { pointerId: 4, clientY: 160 });
    fireEvent.pointerMove(dragged, { pointerId: 4, clientY: 214 });
    fireEvent.pointerUp(dragged, { pointerId: 4, clientY: 214 });
    expect(rowTitles()).toEqual(["Song 1", "Song 3", "Song 2"]);
    expect(reorder).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(reorder).toHaveBeenCalledWith({
        id: "mix",
        songIds: [tracks[0]!.id, tracks[2]!.id, tracks[1]!.id],
      }),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Done" })).toBeNull());
    expect(toasts()).toContainEqual({ title: "Playlist updated successfully" });
  });

  it("Cancel drops the new order without a call", async () => {
    const reorder = vi.fn(({ id }: { id: string }) => mine({ id }));
    renderMine({ myPlaylists: { reorder } });
    await choose("Reorder songs");
    await userEvent.click(await screen.findByRole("button", { name: "Move Song 1 down" }));
    expect(rowTitles()).toEqual(["Song 2", "Song 1", "Song 3"]);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Done" })).toBeNull());
    expect(rowTitles()).toEqual(["Song 1", "Song 2", "Song 3"]);
    expect(reorder).not.toHaveBeenCalled();
  });

  it("a free owner gets the premium prompt, not the reorder mode", async () => {
    resetListener({ premium: false });
    renderMine();
    await choose("Reorder songs");
    expect(toasts()).toContainEqual({
      title: "Premium Feature",
      message:
        "Managing your library is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
      upgrade: true,
    });
    expect(screen.queryByRole("button", { name: "Done" })).toBeNull();
  });
});

describe("'Make private' / 'Make public'", () => {
  it("offers the other state and saves it: a public playlist is made private, a private one public", async () => {
    const update = vi.fn(({ id, isPublic }: { id: string; isPublic?: boolean }) => mine({ id, isPublic }));
    renderMine({ myPlaylists: { update } });
    await choose("Make private");
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "mix", isPublic: false }));
    await waitFor(() => expect(toasts()).toContainEqual({ title: "Playlist updated successfully" }));
  });

  it("a private playlist's menu says 'Make public'", async () => {
    const update = vi.fn(({ id, isPublic }: { id: string; isPublic?: boolean }) => mine({ id, isPublic }));
    renderMine({ myPlaylists: { update }, playlists: { byId: () => mine({ isPublic: false }) } });
    await choose("Make public");
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "mix", isPublic: true }));
  });
});
