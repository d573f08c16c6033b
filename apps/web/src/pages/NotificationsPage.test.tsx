import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { NotificationDto } from "@purplebeats/contracts/schemas";
import { renderRoute } from "../test-utils/render";
import { PI_USER, accountFixtures } from "../features/account/test-fixtures";

vi.setConfig({ testTimeout: 20_000 });

const note = (id: string, overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  kind: "new_follower",
  title: "New follower",
  body: "Ana (@ana) started following you",
  link: "/user/ana",
  read: false,
  createdAt: new Date().toISOString(),
  ...overrides,
});

function inbox(items: NotificationDto[]) {
  const state = { items };
  return {
    state,
    fixtures: {
      ...accountFixtures({ user: PI_USER, unread: items.filter((n) => !n.read).length }),
      notifications: {
        list: () => ({ items: state.items, nextCursor: null }),
        unreadCount: () => ({ unread: state.items.filter((n) => !n.read).length }),
        markRead: ({ id }: { id: string }) => {
          state.items = state.items.map((n) => (n.id === id ? { ...n, read: true } : n));
          return state.items.find((n) => n.id === id)!;
        },
        markAllRead: () => {
          state.items = state.items.map((n) => ({ ...n, read: true }));
          return { unread: 0 };
        },
      },
    },
  };
}

describe("/notifications", () => {
  it("lists the inbox newest first, unread ones marked", async () => {
    const { fixtures } = inbox([
      note("n1"),
      note("n2", {
        kind: "support_answer",
        title: "Support answered: Hi",
        body: "Try again",
        link: null,
        read: true,
      }),
    ]);
    renderRoute("/notifications", { fixtures });
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    const items = await screen.findAllByTestId("notification");
    expect(items.map((item) => item.dataset.read)).toEqual(["false", "true"]);
    expect(within(items[0]!).getByRole("img", { name: "Unread" })).toBeTruthy();
    expect(within(items[1]!).getByText("Try again")).toBeTruthy();
  });

  it("marks an entry read when opened and goes where it links", async () => {
    const { fixtures } = inbox([note("n1")]);
    const { callsTo, location } = renderRoute("/notifications", { fixtures });
    await userEvent.click(await screen.findByRole("button", { name: /New follower/ }));
    await waitFor(() =>
      expect(callsTo("notifications.markRead").map((c) => c.input)).toEqual([{ id: "n1" }]),
    );
    await waitFor(() => expect(location()).toBe("/user/ana"));
  });

  it("marks all read: every entry shows read and the button goes", async () => {
    const { fixtures } = inbox([note("n1"), note("n2")]);
    const { callsTo } = renderRoute("/notifications", { fixtures });
    await userEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(callsTo("notifications.markAllRead")).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByTestId("notification").every((n) => n.dataset.read === "true")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("says when there is nothing", async () => {
    renderRoute("/notifications", { fixtures: inbox([]).fixtures });
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});
