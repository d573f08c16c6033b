import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import {
  accountFixtures,
  ADMIN_USER,
  FREE_MEMBERSHIP,
  GUEST_USER,
  PI_USER,
  premiumMembership,
} from "./test-fixtures";
import { renderWithProviders } from "../../test-utils/render";
import type { Fixtures } from "../../test-utils/trpc-fixtures";
import { HeaderAccount } from "./HeaderAccount";
import { forgetLastAccount, LAST_ACCOUNT_KEY, rememberLastUser } from "./last-account";

vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const premium = (overrides: Parameters<typeof accountFixtures>[0] = {}): Fixtures =>
  accountFixtures({ user: PI_USER, membership: premiumMembership(), name: "Ada Lovelace", ...overrides });

async function openMenu() {
  await userEvent.click(await screen.findByRole("button", { name: "Open profile menu" }));
  return screen.findByTestId("profile-menu");
}

/** The account menu's five screens, for everyone. */
const SCREEN_ITEMS = ["Account", "Notifications", "Recently played", "News & Updates", "Settings & Privacy"];

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe("the header's account corner", () => {
  it("shows 'Go Premium' (to /premium) to a free listener", async () => {
    const { callsTo } = renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP }),
    });
    await waitFor(() => expect(callsTo("membership.get")).toHaveLength(1));
    expect(screen.getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe("/premium");
  });

  it("gives a free listener an account entry beside 'Go Premium': Profile, the account screens and Log out", async () => {
    const { location } = renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP, name: "Ada Lovelace" }),
    });
    const menu = await openMenu();
    expect(screen.getByRole("link", { name: "Go Premium" })).toBeTruthy();
    expect(await within(menu).findByText("Free Listener")).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Profile", ...SCREEN_ITEMS, "Terms & Privacy", "Log out"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Profile" }));
    await waitFor(() => expect(location()).toBe("/profile"));
  });

  it("gives a guest a way in: Profile, the account screens, Sign in with Pi, Reset Profile (no Log out)", async () => {
    renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: GUEST_USER, membership: FREE_MEMBERSHIP }),
    });
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Profile", ...SCREEN_ITEMS, "Terms & Privacy", "Sign in with Pi", "Reset Profile"]);
  });

  it("gives an admin without premium the way to the dashboard", async () => {
    const { location } = renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: ADMIN_USER, membership: FREE_MEMBERSHIP }),
    });
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByRole("menuitem", { name: "Admin" }));
    await waitFor(() => expect(location()).toBe("/admin"));
  });

  it("shows 'Go Premium' after the membership expired", async () => {
    const { callsTo } = renderWithProviders(<HeaderAccount />, {
      fixtures: premium({ membership: premiumMembership(-2) }),
    });
    await waitFor(() => expect(callsTo("membership.get")).toHaveLength(1));
    expect(screen.getByRole("link", { name: "Go Premium" })).toBeTruthy();
  });

  it("gives a premium member the dropdown: initials, name, 'Premium Member' and the items in order", async () => {
    renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    const trigger = await screen.findByRole("button", { name: "Open profile menu" });
    expect(await within(trigger).findByText("AL")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Go Premium" })).toBeNull();

    const menu = await openMenu();
    expect(await within(menu).findByText("Ada Lovelace")).toBeTruthy();
    expect(within(menu).getByText("Premium Member")).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Profile",
      "Account",
      "Notifications",
      "Recently played",
      "News & Updates",
      "Settings & Privacy",
      "Terms & Privacy",
      "Log out",
    ]);
  });

  it("shows the picture when the profile has one", async () => {
    renderWithProviders(<HeaderAccount />, { fixtures: premium({ imageUrl: "/objects/me.png" }) });
    const trigger = await screen.findByRole("button", { name: "Open profile menu" });
    await waitFor(() => expect(trigger.querySelector("img")?.getAttribute("src")).toBe("/objects/me.png"));
  });

  it("names a nameless guest 'Guest User' once (not as name and as label), GU, and offers Reset Profile", async () => {
    renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({
        user: { ...GUEST_USER, username: "" },
        membership: premiumMembership(),
        name: "",
      }),
    });
    const menu = await openMenu();
    expect(await within(menu).findAllByText("Guest User")).toHaveLength(1);
    expect(within(menu).getByTestId("user-avatar").textContent).toBe("GU");
    expect(within(menu).getByRole("menuitem", { name: "Reset Profile" })).toBeTruthy();
  });

  it("labels a guest who took a name of their own 'Guest User' under it", async () => {
    renderWithProviders(<HeaderAccount />, {
      fixtures: accountFixtures({ user: GUEST_USER, membership: premiumMembership(), name: "Ada Lovelace" }),
    });
    const menu = await openMenu();
    expect(await within(menu).findByText("Ada Lovelace")).toBeTruthy();
    expect(within(menu).getAllByText("Guest User")).toHaveLength(1);
  });

  it("each item goes to its screen", async () => {
    const { location } = renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    for (const [item, path] of [
      ["Profile", "/profile"],
      ["Account", "/account"],
      ["Notifications", "/notifications"],
      ["Recently played", "/recently-played"],
      ["News & Updates", "/news"],
      ["Settings & Privacy", "/settings"],
    ]) {
      const menu = await openMenu();
      await userEvent.click(within(menu).getByRole("menuitem", { name: item }));
      await waitFor(() => expect(location()).toBe(path));
    }
  });

  it("Log out ends the session with 'Logged Out'", async () => {
    const { callsTo } = renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(callsTo("auth.logout")).toHaveLength(1));
    await waitFor(() =>
      expect(vi.mocked(showToast)).toHaveBeenCalledWith({
        title: "Logged Out",
        message: "You have been logged out successfully.",
      }),
    );
  });
});

describe("offline (the app shell from the service worker, no network)", () => {
  const noNetwork = () => {
    throw new TypeError("Failed to fetch");
  };
  const offline: Fixtures = {
    auth: { me: noNetwork, guest: noNetwork },
    membership: { get: noNetwork },
    profile: { get: noNetwork },
  };

  /** The member seen online once (session, membership and profile read), as before going offline. */
  async function seenOnline() {
    const online = renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    const trigger = await screen.findByRole("button", { name: "Open profile menu" });
    expect(await within(trigger).findByText("AL")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Go Premium" })).toBeNull());
    online.unmount();
  }

  it("shows the member last seen online (name, premium) and says it is offline, never a guest", async () => {
    await seenOnline();
    const { callsTo } = renderWithProviders(<HeaderAccount />, { fixtures: offline });
    await waitFor(() => expect(callsTo("auth.me")).toHaveLength(1));
    expect((await screen.findByRole("status")).textContent).toBe("Offline");
    const trigger = screen.getByRole("button", { name: "Open profile menu" });
    expect(await within(trigger).findByText("AL")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Go Premium" })).toBeNull();
    expect(callsTo("auth.guest")).toHaveLength(0);

    const menu = await openMenu();
    expect(within(menu).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(menu).getByText("Premium Member")).toBeTruthy();
    expect(within(menu).getByText("Offline")).toBeTruthy();
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items).not.toContain("Sign in with Pi");
    expect(items.at(-1)).toBe("Log out");
  });

  it("keeps the membership for offline when the session forgets stale local records and reads the member again", async () => {
    // The server-drawn page knew the member's membership before the session was read; the session then found
    // the local records naming someone else (another tab's guest), forgot them and read the member again. The
    // membership read again is the same: it must still be kept for offline.
    const storedMembership = () =>
      (JSON.parse(localStorage.getItem(LAST_ACCOUNT_KEY) ?? "null") as { membership: unknown } | null)
        ?.membership ?? null;
    const { queryClient } = renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    await waitFor(() => expect(storedMembership()).toMatchObject({ isPremium: true }));
    forgetLastAccount();
    rememberLastUser(PI_USER);
    expect(storedMembership()).toBeNull();
    await queryClient.invalidateQueries();
    await waitFor(() => expect(storedMembership()).toMatchObject({ isPremium: true }));
  });

  it("after a log-out, offline claims no one: the last member is forgotten with the session", async () => {
    await seenOnline();
    renderWithProviders(<HeaderAccount />, { fixtures: premium() });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalled());
    cleanup();

    renderWithProviders(<HeaderAccount />, { fixtures: offline });
    const trigger = await screen.findByRole("button", { name: "Open profile menu" });
    expect((await screen.findByRole("status")).textContent).toBe("Offline");
    expect(within(trigger).queryByText("AL")).toBeNull();
  });
});
