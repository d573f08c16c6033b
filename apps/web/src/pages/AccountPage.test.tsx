import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  accountFixtures,
  FREE_MEMBERSHIP,
  GUEST_USER,
  PI_USER,
  premiumMembership,
} from "../features/account/test-fixtures";
import { page } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";

vi.setConfig({ testTimeout: 20_000 });

const receipt = (n: number) => ({
  paymentId: `pay-${n}`,
  date: `2026-1${n % 3}-0${n}T10:00:00.000Z`,
  amount: "3.14",
  txid: `tx${n}abc`,
  status: n === 3 ? "cancelled" : "completed",
});

describe("/account", () => {
  it("shows a Pi member's sign-in, membership and receipts, loading more on demand", async () => {
    const base = accountFixtures({ user: PI_USER, membership: premiumMembership() });
    const { callsTo } = renderRoute("/account", {
      fixtures: {
        ...base,
        account: {
          ...base.account,
          receipts: ({ cursor }) =>
            cursor ? page([receipt(3)]) : page([receipt(1), receipt(2)], "next-page"),
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Account" })).toBeTruthy();
    const signIn = await screen.findByRole("region", { name: "Sign-in" });
    expect(within(signIn).getByText("Pi Network")).toBeTruthy();
    expect(within(signIn).getByTestId("account-pi-username").textContent).toBe("pioneer");
    const membership = screen.getByRole("region", { name: "Membership" });
    expect(within(membership).getByText("Premium Member")).toBeTruthy();
    expect(within(membership).queryByRole("link", { name: "Go Premium" })).toBeNull();

    const receipts = await screen.findByRole("list", { name: "Receipts" });
    expect(within(receipts).getAllByTestId("receipt")).toHaveLength(2);
    expect(within(receipts).getAllByText("3.14 π")).toHaveLength(2);
    expect(within(receipts).getByText("txid tx1abc")).toBeTruthy();
    expect(within(receipts).getAllByText("Paid")).toHaveLength(2);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(receipts).getAllByTestId("receipt")).toHaveLength(3));
    expect(within(receipts).getByText("Cancelled")).toBeTruthy();
    expect(callsTo("account.receipts").map((call) => call.input)).toMatchObject([
      { limit: 20 },
      { limit: 20, cursor: "next-page" },
    ]);
  });

  it("shows a guest as a guest on the free plan, with no payments and a way to Premium", async () => {
    renderRoute("/account", { fixtures: accountFixtures({ user: GUEST_USER, membership: FREE_MEMBERSHIP }) });
    const signIn = await screen.findByRole("region", { name: "Sign-in" });
    expect(within(signIn).getByText("Guest session")).toBeTruthy();
    expect(within(signIn).getByText("Not signed in with Pi")).toBeTruthy();
    const membership = screen.getByRole("region", { name: "Membership" });
    expect(within(membership).getByText("Free Listener")).toBeTruthy();
    expect(within(membership).getByRole("link", { name: "Go Premium" }).getAttribute("href")).toBe(
      "/premium",
    );
    expect(await screen.findByText("No payments yet")).toBeTruthy();
  });
});
