import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast, TOAST_DURATION_MS } from "../../lib/toast";
import { renderWithProviders } from "../../test-utils/render";

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

const toastElement = async (text: string) => {
  const toast = (await screen.findByText(text)).closest<HTMLElement>("[data-toast]");
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

  it("shows one at a time: the next waits until the first goes", async () => {
    renderWithProviders(<div />);
    act(() => {
      showToast({ title: "First" });
      showToast({ title: "Second" });
    });
    const first = await toastElement("First");
    expect(screen.queryByText("Second")).toBeNull();
    await userEvent.click(
      first.querySelector<HTMLElement>("button[aria-label='Dismiss notification']") ?? first,
    );
    expect(await screen.findByText("Second")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("First")).toBeNull());
  });

  it("goes away by itself after 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<div />);
    act(() => showToast({ title: "Profile Updated" }));
    await toastElement("Profile Updated");
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 500));
    expect(screen.queryByText("Profile Updated")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
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
