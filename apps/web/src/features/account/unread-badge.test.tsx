import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test-utils/render";
import { HeaderAccount } from "./HeaderAccount";
import { accountFixtures, FREE_MEMBERSHIP, PI_USER } from "./test-fixtures";
import { badgeText, unreadLabel } from "./unread-count";
import { translate } from "../../i18n";

vi.setConfig({ testTimeout: 20_000 });

describe("the header avatar's unread badge", () => {
  it("shows the unread count, said in words to screen readers and in the button's name", async () => {
    renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP, unread: 3 }),
    });
    const badge = await screen.findByTestId("unread-badge");
    expect(badge.textContent).toBe("33 unread notifications");
    expect(screen.getByText("3 unread notifications")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Open profile menu, 3 unread notifications" })).toBeTruthy();
  });

  it("stays on the avatar once the menu has opened", async () => {
    renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP, unread: 2 }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Open profile menu, 2 unread notifications" }),
    );
    await screen.findByTestId("profile-menu");
    expect(screen.getByTestId("unread-badge").textContent).toBe("22 unread notifications");
  });

  it("is absent when everything is read", async () => {
    const { callsTo } = renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP, unread: 0 }),
    });
    await waitFor(() => expect(callsTo("notifications.unreadCount")).toHaveLength(1));
    expect(screen.queryByTestId("unread-badge")).toBeNull();
    expect(screen.getByRole("button", { name: "Open profile menu" })).toBeTruthy();
  });

  it("caps the figure at 99+ and says one notification in the singular", () => {
    expect(badgeText(120)).toBe("99+");
    expect(badgeText(7)).toBe("7");
    expect(unreadLabel(1, translate)).toBe("1 unread notification");
    expect(unreadLabel(2, translate)).toBe("2 unread notifications");
  });
});
