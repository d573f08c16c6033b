import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { song } from "../../test-utils/catalog";
import { holdIdleCallbacks } from "../../test-utils/idle";
import { renderWithProviders } from "../../test-utils/render";
import { SongMenu } from "./LazyMenus";

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
