import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountFixtures, PI_USER } from "./test-fixtures";
import { holdIdleCallbacks } from "../../test-utils/idle";
import { renderWithProviders } from "../../test-utils/render";
import { HeaderAccount } from "./HeaderAccount";

const menu = vi.hoisted(() => ({ loaded: 0 }));
vi.mock("./ProfileMenu", async (importOriginal) => {
  menu.loaded += 1;
  return importOriginal();
});

// Unmounted while the held idle callbacks are still in place: unmounting cancels the one asked for.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the header's account corner, as the page starts", () => {
  it("fetches the profile menu's code once the first screen is done, not while it hydrates", async () => {
    const browser = holdIdleCallbacks();
    renderWithProviders(<HeaderAccount />, { fixtures: accountFixtures({ user: PI_USER }) });
    await screen.findByRole("button", { name: "Open profile menu" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menu.loaded).toBe(0);
    browser.idle();
    await waitFor(() => expect(menu.loaded).toBe(1));
  });
});
