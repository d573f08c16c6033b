import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../theme";
import { showToast } from "../../lib/toast";
import { holdIdleCallbacks } from "../../test-utils/idle";
import { LazyToaster } from "./LazyToaster";

const toaster = vi.hoisted(() => ({ loaded: 0 }));
vi.mock("./Toaster", async (importOriginal) => {
  toaster.loaded += 1;
  return importOriginal();
});

// Unmounted while the held idle callbacks are still in place: unmounting cancels the one asked for.
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

function renderToaster() {
  return render(
    <MantineProvider theme={theme} env="test">
      <LazyToaster />
    </MantineProvider>,
  );
}

describe("LazyToaster", () => {
  it("loads nothing while the first screen is under way, then the Toaster once the browser is idle", async () => {
    const browser = holdIdleCallbacks();
    renderToaster();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toaster.loaded).toBe(0);
    browser.idle();
    await waitFor(() => expect(toaster.loaded).toBe(1));
  });

  it("shows a toast asked for before then at once", async () => {
    holdIdleCallbacks();
    renderToaster();
    act(() => showToast({ title: "Added to Liked Songs" }));
    expect(await screen.findByText("Added to Liked Songs")).toBeTruthy();
  });
});
