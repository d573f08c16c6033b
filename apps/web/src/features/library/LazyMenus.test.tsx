import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { song } from "../../test-utils/catalog";
import { holdIdleCallbacks } from "../../test-utils/idle";
import { renderWithProviders } from "../../test-utils/render";
import { PlaylistOwnerMenu, SongMenu } from "./LazyMenus";

const menu = vi.hoisted(() => ({ loaded: 0 }));
vi.mock("./SongMenu", async (importOriginal) => {
  menu.loaded += 1;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a song row's menu, as the page starts", () => {
  it("fetches the menu's code once the first screen is done, not while the rows mount and hydrate", async () => {
    const browser = holdIdleCallbacks();
    renderWithProviders(
      <>
        <SongMenu song={song(1)} />
        <SongMenu song={song(2)} />
        <SongMenu song={song(3)} />
      </>,
    );
    await screen.findByRole("button", { name: `Options for ${song(3).title}` });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menu.loaded).toBe(0);
    browser.idle();
    await waitFor(() => expect(menu.loaded).toBe(1));
  });
});

describe("the owner's menu, whose code arrives as the listener presses", () => {
  it("opens on a press that reached the stand-in trigger as the loaded menu replaced it", async () => {
    const browser = holdIdleCallbacks();
    const playlist = { id: "mix", name: "Road Mix", description: null, isPublic: true };
    renderWithProviders(<PlaylistOwnerMenu playlist={playlist} onReorder={() => undefined} />);
    const standIn = await screen.findByRole("button", { name: "Options for Road Mix" });
    browser.idle();
    // The loaded menu mounts (eagerly: it holds the picture input) in the stand-in's place.
    await waitFor(() => expect(standIn.isConnected).toBe(false));
    // The press had already been aimed at the stand-in: the listener's tap must not be lost.
    await userEvent.click(standIn);
    const menu = within(await screen.findByRole("menu"));
    expect(await menu.findByRole("menuitem", { name: "Change name" })).toBeTruthy();
  });
});
