import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notifications, notificationsStore } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast, TOAST_DURATION_MS } from "../../lib/toast";
import { renderWithProviders } from "../../test-utils/render";

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

/** Well before a shown toast would close by itself (5 s), so a toast that waited in line is too late. */
const PROMPTLY = { timeout: 2500 };

const toastElement = async (text: string, options?: { timeout: number }) => {
  const toast = (await screen.findByText(text, {}, options)).closest<HTMLElement>("[data-toast]");
  if (!toast) throw new Error("toast element not found");
  return toast;
};

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe("toasts", () => {
  it("shows a title and message", async () => {
    renderWithProviders(<div />);
    act(() => showToast({ title: "Added to Playlist", message: "Midnight Drive was added" }));
    expect(await screen.findByText("Added to Playlist")).toBeTruthy();
    expect(screen.getByText("Midnight Drive was added")).toBeTruthy();
  });

  it("shows one at a time: the newest replaces the one shown, nothing waits in line", async () => {
    renderWithProviders(<div />);
    act(() => showToast({ title: "Added to Liked Songs" }));
    await toastElement("Added to Liked Songs");
    act(() => showToast({ title: "Removed from Liked Songs" }));
    await toastElement("Removed from Liked Songs", PROMPTLY);
    await waitFor(() => expect(screen.queryByText("Added to Liked Songs")).toBeNull(), PROMPTLY);
    const last = await toastElement("Removed from Liked Songs");
    await userEvent.click(
      last.querySelector<HTMLElement>("button[aria-label='Dismiss notification']") ?? last,
    );
    await waitFor(() => expect(screen.queryByText("Removed from Liked Songs")).toBeNull());
    // Nothing queued behind it comes back.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.queryByText("Added to Liked Songs")).toBeNull();
  });

  it("does not show the same message twice in a row", async () => {
    renderWithProviders(<div />);
    act(() => showToast({ title: "Saved" }));
    await toastElement("Saved");
    act(() => {
      showToast({ title: "Premium Feature", message: "Upgrade", upgrade: true });
      showToast({ title: "Premium Feature", message: "Upgrade", upgrade: true });
      showToast({ title: "Premium Feature", message: "Upgrade", upgrade: true });
    });
    const toast = await toastElement("Premium Feature", PROMPTLY);
    expect(screen.getAllByText("Premium Feature")).toHaveLength(1);
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    expect(notificationsStore.getState().queue).toHaveLength(0);
    await userEvent.click(
      toast.querySelector<HTMLElement>("button[aria-label='Dismiss notification']") ?? toast,
    );
    await waitFor(() => expect(screen.queryByText("Premium Feature")).toBeNull(), PROMPTLY);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.queryByText("Premium Feature")).toBeNull();
  });

  it("goes away by itself after 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<div />);
    act(() => showToast({ title: "Profile Updated" }));
    await toastElement("Profile Updated");
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 500);
    });
    expect(screen.queryByText("Profile Updated")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(screen.queryByText("Profile Updated")).toBeNull());
  });

  it("is dismissed by a swipe right past 50 px, not by a shorter one or a swipe left", async () => {
    renderWithProviders(<div />);
    act(() => showToast({ title: "Playlist liked" }));
    const toast = await toastElement("Playlist liked");
    swipe(toast, 40);
    swipe(toast, -120);
    expect(screen.queryByText("Playlist liked")).not.toBeNull();
    swipe(toast, 60);
    await waitFor(() => expect(screen.queryByText("Playlist liked")).toBeNull());
  });

  it("F8 moves focus to the toast", async () => {
    renderWithProviders(<div />);
    act(() => showToast({ title: "Logged Out", message: "You have been logged out successfully." }));
    const toast = await toastElement("Logged Out");
    await userEvent.keyboard("{F8}");
    expect(document.activeElement).toBe(toast);
  });

  it("destructive toasts are alerts; premium toasts offer 'Upgrade' to /premium", async () => {
    const { location } = renderWithProviders(<div />);
    act(() => showToast({ title: "Error", message: "Failed to update library", variant: "destructive" }));
    const error = await toastElement("Error");
    expect(error.getAttribute("data-variant")).toBe("destructive");
    expect(error.closest("[role='alert']")).not.toBeNull();
    act(() => notifications.clean());

    act(() =>
      showToast({
        title: "Premium Feature",
        message:
          "Liking songs is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
        upgrade: true,
      }),
    );
    await userEvent.click(await screen.findByRole("link", { name: "Upgrade" }));
    expect(location()).toBe("/premium");
  });
});
