import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminUserDto } from "@purplebeats/contracts/schemas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { accountFixtures, ADMIN_USER, PI_USER } from "../features/account/test-fixtures";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import { AppRoutes } from "../app/App";
import { formatAdminDate, formatConversionRate, formatRevenue } from "../features/admin/admin-format";
import { createI18n, LocaleProvider } from "../i18n";
import { page } from "../test-utils/catalog";
import { renderRoute, renderWithProviders } from "../test-utils/render";
import { trpcError, type Fixtures } from "../test-utils/trpc-fixtures";

const STATS = {
  totalUsers: 1234,
  premiumUsers: 3,
  revenue: 9.42,
  conversionRate: 33.333,
  todayUsers: 5,
  recentUsers: 40,
  freeUsers: 1231,
};

const adminUser = (n: number, overrides: Partial<AdminUserDto> = {}): AdminUserDto => ({
  id: `user-${n}`,
  userId: `user-${n}`,
  name: `Listener ${n}`,
  imageUrl: null,
  nickname: null,
  username: null,
  isPremium: false,
  isAdmin: false,
  isConfiguredAdmin: false,
  createdAt: "2025-06-01T10:00:00.000Z",
  expiresAt: null,
  ...overrides,
});

const CONFIGURED_ADMIN =
  "Admin by the server's configuration (ADMIN_UIDS): change it there to remove the role.";

/** The dashboard in Serbian, whose catalog holds SPEC.md's Serbian labels. */
const renderInSerbian = (fixtures: Fixtures) =>
  renderWithProviders(
    <LocaleProvider i18n={createI18n("sr-Latn", serbian)}>
      <AppRoutes />
    </LocaleProvider>,
    { route: "/admin", fixtures },
  );

/** Each card's label and figure as a reader sees them, once the figures are in. */
async function expectCards(expected: Record<keyof typeof STATS, string>) {
  const cards = await screen.findByTestId("admin-stats");
  const texts = () =>
    Object.fromEntries(
      Object.keys(STATS).map((key) => [key, within(cards).getByTestId(`admin-stat-${key}`).textContent]),
    );
  await waitFor(() => expect(texts()).toEqual(expected));
}

const asAdmin = (admin: Fixtures["admin"] = {}): Fixtures => ({
  ...accountFixtures({ user: ADMIN_USER }),
  admin: { stats: () => STATS, users: () => page([]), ...admin },
});

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// The screen is a lazy route: load its module up front so the first test does not wait for it.
beforeAll(async () => {
  await import("./AdminPage");
});

describe("admin formatting", () => {
  it("writes revenue with two decimals and π, conversion with one decimal and %, in the reader's language", () => {
    expect(formatRevenue(9.42, "en")).toBe("9.42π");
    expect(formatRevenue(0, "en")).toBe("0.00π");
    expect(formatRevenue(3.1, "en")).toBe("3.10π");
    expect(formatConversionRate(33.333, "en")).toBe("33.3%");
    expect(formatConversionRate(0, "en")).toBe("0.0%");
    expect(formatRevenue(9.42, "sr-Latn")).toBe("9,42π");
    expect(formatConversionRate(33.333, "sr-Latn")).toBe("33,3%");
  });

  it("writes dates as Serbian readers do in Serbian, and as Americans do in English", () => {
    expect(formatAdminDate("2025-06-01T10:00:00.000Z", "sr-Latn")).toBe("1. 6. 2025.");
    expect(formatAdminDate("2025-06-01T10:00:00.000Z", "en")).toBe("6/1/2025");
    expect(formatAdminDate(null, "en")).toBe("—");
  });
});

describe("Admin dashboard", () => {
  it("in Serbian, shows the seven cards with SPEC.md's labels and formats", async () => {
    renderInSerbian(asAdmin());
    expect(await screen.findByText("Pregled korisnika i prihoda")).toBeTruthy();
    await expectCards({
      totalUsers: "Ukupno korisnika1.234",
      premiumUsers: "Platili 3.14π3",
      revenue: "Ukupan prihod9,42π",
      conversionRate: "Conversion rate33,3%",
      todayUsers: "Danas novih5",
      recentUsers: "Poslednjih 7 dana40",
      freeUsers: "Free korisnici1.231",
    });
    expect(await screen.findByText("Nema registrovanih korisnika")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Svi korisnici (All users)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Osveži (Refresh)" })).toBeTruthy();
  });

  it("in English, shows the seven cards with English labels", async () => {
    renderRoute("/admin", { fixtures: asAdmin() });
    await expectCards({
      totalUsers: "Total users1,234",
      premiumUsers: "Paid 3.14π3",
      revenue: "Total revenue9.42π",
      conversionRate: "Conversion rate33.3%",
      todayUsers: "New today5",
      recentUsers: "Last 7 days40",
      freeUsers: "Free users1,231",
    });
    expect(screen.getByRole("heading", { name: "All users" })).toBeTruthy();
  });

  it("in Serbian, lists users with Serbian registration and expiry dates", async () => {
    renderInSerbian(
      asAdmin({
        users: () =>
          page([adminUser(1, { name: "Ada", isPremium: true, expiresAt: "2025-12-24T10:00:00.000Z" })]),
      }),
    );
    const ada = await screen.findByTestId("admin-user");
    expect(within(ada).getByText("Registrovan: 1. 6. 2025.")).toBeTruthy();
    expect(within(ada).getByText("Premium ističe: 24. 12. 2025.")).toBeTruthy();
  });

  it("lists users: initial, name, crown, id, @nickname, badge, registration and expiry dates", async () => {
    renderRoute("/admin", {
      fixtures: asAdmin({
        users: () =>
          page([
            adminUser(1, {
              name: "Ada",
              nickname: "ada",
              isPremium: true,
              expiresAt: "2025-12-24T10:00:00.000Z",
            }),
            adminUser(2, { name: "bob" }),
          ]),
      }),
    });
    const rows = await screen.findAllByTestId("admin-user");
    expect(rows).toHaveLength(2);
    const [ada, bob] = rows as [HTMLElement, HTMLElement];
    expect(within(ada).getByText("A")).toBeTruthy();
    expect(within(ada).getByText("Ada")).toBeTruthy();
    expect(within(ada).getByRole("img", { name: "Premium" })).toBeTruthy();
    expect(within(ada).getByText("ID: user-1")).toBeTruthy();
    expect(within(ada).getByText("@ada")).toBeTruthy();
    expect(within(ada).getByText("Premium")).toBeTruthy();
    expect(within(ada).getByText("Registered: 6/1/2025")).toBeTruthy();
    expect(within(ada).getByText("Premium expires: 12/24/2025")).toBeTruthy();
    expect(within(bob).getByText("B")).toBeTruthy();
    expect(within(bob).getByText("Free")).toBeTruthy();
    expect(within(bob).queryByRole("img", { name: "Premium" })).toBeNull();
    expect(within(bob).queryByText(/Premium expires/)).toBeNull();
  });

  it("shows a Pi listener's @username, and their nickname beside it when they chose another", async () => {
    renderRoute("/admin", {
      fixtures: asAdmin({
        users: () =>
          page([
            adminUser(1, { username: "pioneer_ada" }),
            adminUser(2, { username: "bob_pi", nickname: "bobby" }),
            adminUser(3, { username: null }),
          ]),
      }),
    });
    const [ada, bob, guest] = (await screen.findAllByTestId("admin-user")) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(ada).getByText("@pioneer_ada")).toBeTruthy();
    expect(within(bob).getByText("@bob_pi · @bobby")).toBeTruthy();
    expect(within(guest).queryByText(/@/)).toBeNull();
  });

  it("shows a long user id whole (wrapped) and copies it, saying 'Copied'", async () => {
    const user = userEvent.setup();
    const longId = "guest-7f3c2a9e-41d8-4b6a-9c0e-1d2f3a4b5c6d-1795500412345";
    renderRoute("/admin", { fixtures: asAdmin({ users: () => page([adminUser(1, { userId: longId })]) }) });
    const row = await screen.findByTestId("admin-user");
    const id = within(row).getByText(`ID: ${longId}`);
    // Not cut with an ellipsis: the whole id wraps onto more lines.
    expect(id.className).not.toMatch(/truncate/i);
    expect(id.getAttribute("data-truncate")).toBeNull();
    await user.click(within(row).getByRole("button", { name: "Copy user ID" }));
    expect(await navigator.clipboard.readText()).toBe(longId);
    expect(await within(row).findByRole("button", { name: "Copied" })).toBeTruthy();
  });

  it("grants and removes the admin role, and explains why a configured admin cannot be demoted", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        users: () =>
          page([
            adminUser(1, { name: "Root", isAdmin: true, isConfiguredAdmin: true }),
            adminUser(2, { name: "Helper", isAdmin: true }),
            adminUser(3, { name: "Cara" }),
          ]),
        setAdminRole: (input) => ({ userId: input.userId, isAdmin: input.isAdmin ?? true }),
      }),
    });
    const [root, helper, cara] = (await screen.findAllByTestId("admin-user")) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const locked = within(root).getByRole("button", { name: "Remove admin role from Root" });
    expect(locked.hasAttribute("disabled")).toBe(true);
    expect(within(root).getByText(CONFIGURED_ADMIN)).toBeTruthy();
    expect(document.getElementById(locked.getAttribute("aria-describedby")!)?.textContent).toBe(
      CONFIGURED_ADMIN,
    );
    expect(CONFIGURED_ADMIN).toContain("ADMIN_UIDS");
    expect(within(helper).queryByText(CONFIGURED_ADMIN)).toBeNull();

    await user.click(within(helper).getByRole("button", { name: "Remove admin role from Helper" }));
    await user.click(within(cara).getByRole("button", { name: "Make admin: Cara" }));
    await waitFor(() => expect(callsTo("admin.setAdminRole")).toHaveLength(2));
    expect(callsTo("admin.setAdminRole").map((call) => call.input)).toEqual([
      { userId: "user-2", isAdmin: false },
      { userId: "user-3", isAdmin: true },
    ]);
  });

  it("says 'No registered users' when there are none", async () => {
    renderRoute("/admin", { fixtures: asAdmin() });
    expect(await screen.findByText("No registered users")).toBeTruthy();
  });

  it("loads the next page of users on request", async () => {
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        users: ({ cursor }) => (cursor ? page([adminUser(3)]) : page([adminUser(1), adminUser(2)], "next-1")),
      }),
    });
    await screen.findAllByTestId("admin-user");
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("admin-user")).toHaveLength(3));
    const inputs = callsTo("admin.users").map((call) => call.input as { limit: number; cursor?: string });
    expect(inputs).toMatchObject([{ limit: 50 }, { limit: 50, cursor: "next-1" }]);
    expect(inputs[0]?.cursor).toBeUndefined();
  });

  it("the refresh button reads the figures and the users again", async () => {
    const { callsTo } = renderRoute("/admin", { fixtures: asAdmin() });
    await screen.findByText("No registered users");
    expect(callsTo("admin.stats")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(callsTo("admin.stats")).toHaveLength(2));
    expect(callsTo("admin.users")).toHaveLength(2);
  });

  it("tells a listener who is not an admin that it is not allowed, without asking the API", async () => {
    const { callsTo } = renderRoute("/admin", { fixtures: accountFixtures({ user: PI_USER }) });
    expect(await screen.findByText("You are not allowed to view the admin dashboard.")).toBeTruthy();
    expect(callsTo("admin.stats")).toHaveLength(0);
  });

  it("says the same when the API refuses (403)", async () => {
    renderRoute("/admin", {
      fixtures: asAdmin({
        stats: () => {
          throw trpcError("FORBIDDEN", "Admins only");
        },
      }),
    });
    expect(await screen.findByText("You are not allowed to view the admin dashboard.")).toBeTruthy();
  });
});
