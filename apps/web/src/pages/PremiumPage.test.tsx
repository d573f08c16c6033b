import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MantineProvider } from "@mantine/core";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../lib/toast";
import { showToast } from "../lib/toast";
import type { PiPaymentCallbacks, PiPaymentData, PiSdk } from "../lib/pi-sdk";
import {
  accountFixtures,
  FREE_MEMBERSHIP,
  GUEST_USER,
  PI_USER,
  premiumMembership,
} from "../features/account/test-fixtures";
import { MembershipCard } from "../features/account/MembershipCard";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError, type Fixtures } from "../test-utils/trpc-fixtures";

vi.mock("../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);
const FEATURES = [
  "Unlimited Streaming",
  "Ad-Free Experience",
  "High Quality Audio (up to 320kbps)",
  "Exclusive Content",
  "Priority Support",
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  delete window.Pi;
  vi.restoreAllMocks();
});

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// The screen is a lazy route: load its module up front so the first test does not wait for it.
beforeAll(async () => {
  await import("./PremiumPage");
});

describe("Premium page", () => {
  it("for a free listener: 'Free Plan', the five features, and 'Get Premium' at 3.14π for 1 month", async () => {
    renderRoute("/premium", { fixtures: accountFixtures({ user: PI_USER, membership: FREE_MEMBERSHIP }) });
    expect(await screen.findByRole("heading", { name: "Free Plan" })).toBeTruthy();
    const features = screen.getAllByTestId("premium-feature");
    expect(features.map((feature) => within(feature).getAllByText(/./)[0]!.textContent)).toEqual(FEATURES);
    expect(screen.queryByText("Active")).toBeNull();
    expect(screen.getByRole("heading", { name: "Get Premium" })).toBeTruthy();
    expect(screen.getByText("3.14π")).toBeTruthy();
    expect(screen.getByText("One-time payment for 1 month")).toBeTruthy();
    expect(screen.queryByText("You're Premium!")).toBeNull();
  });

  it("offers no 'Upgrade to Premium' until the membership is known (a member must not see it)", async () => {
    const fixtures = accountFixtures({ user: PI_USER });
    renderRoute("/premium", { fixtures: { ...fixtures, membership: { get: () => pending() } } });
    expect(await screen.findByRole("heading", { name: "Premium Features" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Get Premium" })).toBeNull();
  });

  it("a failed membership read shows the error and a retry, without 'Upgrade to Premium' beside it", async () => {
    const fixtures = accountFixtures({ user: PI_USER });
    renderRoute("/premium", {
      fixtures: {
        ...fixtures,
        membership: {
          get: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Database unavailable");
          },
        },
      },
    });
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
  });

  it("'Upgrade to Premium' reveals the payment card; Cancel hides it", async () => {
    renderRoute("/premium");
    await userEvent.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    const card = screen.getByTestId("payment-card");
    expect(within(card).getByText("PurpleBeats Premium - 1 month")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Connect Pi Wallet" })).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("payment-card")).toBeNull();
    expect(screen.getByRole("button", { name: "Upgrade to Premium" })).toBeTruthy();
  });

  it("for a premium member: the banner, 'Premium Member', Active, days left, amount paid, every feature Active", async () => {
    renderRoute("/premium", {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership(12.5) }),
    });
    expect(await screen.findByText("You're Premium!")).toBeTruthy();
    const card = screen.getByTestId("membership-card");
    expect(within(card).getByRole("heading", { name: "Premium Member" })).toBeTruthy();
    expect(within(card).getByText("Active")).toBeTruthy();
    expect(within(card).getByText("Expires in 13 days")).toBeTruthy();
    expect(within(card).getByText("Amount paid: 3.14π")).toBeTruthy();
    for (const feature of screen.getAllByTestId("premium-feature")) {
      expect(within(feature).getByText("Active")).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
  });

  it("for an expired member: 'Expired', no banner, and the way to buy again", async () => {
    renderRoute("/premium", {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership(-3) }),
    });
    const card = await screen.findByTestId("membership-card");
    expect(within(card).getByRole("heading", { name: "Premium Member" })).toBeTruthy();
    expect(within(card).getByText("Expired")).toBeTruthy();
    expect(within(card).queryByText(/Expires in/)).toBeNull();
    expect(screen.queryByText("You're Premium!")).toBeNull();
    expect(screen.getByRole("button", { name: "Upgrade to Premium" })).toBeTruthy();
    expect(screen.queryAllByText("Active")).toHaveLength(0);
  });
});

describe("MembershipCard", () => {
  const now = new Date("2025-06-01T00:00:00.000Z");
  const card = (expiresInDays: number) =>
    render(
      <MantineProvider env="test">
        <MembershipCard
          now={now}
          membership={{
            isPremium: true,
            expiresAt: new Date(now.getTime() + expiresInDays * 86_400_000).toISOString(),
            amount: "3.14",
          }}
        />
      </MantineProvider>,
    );

  it.each([
    [29.01, "Expires in 30 days"],
    [30, "Expires in 30 days"],
    [0.001, "Expires in 1 day"],
    [2, "Expires in 2 days"],
  ])("%s days left reads '%s' (the ceiling)", (days, text) => {
    card(days);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("is Expired exactly at expiry", () => {
    card(0);
    expect(screen.getByText("Expired")).toBeTruthy();
  });
});

describe("paying for Premium", () => {
  function fakeWallet() {
    let callbacks: PiPaymentCallbacks | undefined;
    const pi: PiSdk = {
      init: vi.fn(),
      isSimulator: true,
      authenticate: vi.fn(() =>
        Promise.resolve({ accessToken: "token-1", user: { uid: PI_USER.uid, username: "pioneer" } }),
      ),
      createPayment: vi.fn((_data: PiPaymentData, given: PiPaymentCallbacks) => {
        callbacks = given;
      }),
    };
    window.Pi = pi;
    return { pi, callbacks: () => callbacks! };
  }

  /** A guest who signs in and buys: the membership turns premium once the payment completes. */
  function payingFixtures(): Fixtures {
    let me = GUEST_USER;
    let membership = FREE_MEMBERSHIP;
    return {
      ...accountFixtures({ user: GUEST_USER }),
      auth: {
        me: () => me,
        guest: () => GUEST_USER,
        piLogin: () => ((me = PI_USER), PI_USER),
      },
      membership: { get: () => membership },
      payments: {
        create: ({ paymentId }) => ({
          paymentId,
          status: "created" as const,
          amount: "3.14",
          txid: null,
        }),
        approve: ({ paymentId }) => ({
          paymentId,
          status: "approved" as const,
          amount: "3.14",
          txid: null,
        }),
        complete: ({ paymentId, txid }) => {
          membership = premiumMembership(30);
          return { paymentId, status: "completed" as const, amount: "3.14", txid, membership };
        },
      },
    };
  }

  it("connects the wallet, pays, approves, completes, refetches the membership and shows 'You're Premium!'", async () => {
    const wallet = fakeWallet();
    const { callsTo } = renderRoute("/premium", { fixtures: payingFixtures() });
    await userEvent.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    const card = screen.getByTestId("payment-card");
    expect(within(card).getByTestId("payment-status").textContent).toBe("Connect your Pi wallet to pay.");

    await userEvent.click(within(card).getByRole("button", { name: "Connect Pi Wallet" }));
    expect(await within(card).findByRole("button", { name: "Pay 3.14π" })).toBeTruthy();
    expect(wallet.pi.authenticate).toHaveBeenCalledWith(["username", "payments"], expect.any(Function));
    expect(toasts()).toContainEqual({ title: "Authenticated", message: "Welcome, pioneer!" });

    await userEvent.click(within(card).getByRole("button", { name: "Pay 3.14π" }));
    expect(wallet.pi.createPayment).toHaveBeenCalledWith(
      {
        amount: 3.14,
        memo: "PurpleBeats Premium - 1 month",
        metadata: { productId: "premium_membership", userId: PI_USER.uid, duration: "1_month" },
      },
      expect.any(Object),
    );
    expect(within(card).getByTestId("payment-status").textContent).toBe("Opening your Pi wallet...");

    await wallet.callbacks().onReadyForServerApproval("pay-1");
    expect(callsTo("payments.create")[0]?.input).toEqual({
      paymentId: "pay-1",
      userId: PI_USER.uid,
      amount: "3.14",
      status: "created",
      metadata: JSON.stringify({ productId: "premium_membership", userId: PI_USER.uid, duration: "1_month" }),
    });
    expect(callsTo("payments.approve")[0]?.input).toEqual({ paymentId: "pay-1" });
    expect(toasts()).toContainEqual(expect.objectContaining({ title: "Payment Approved" }));
    await waitFor(() =>
      expect(within(card).getByTestId("payment-status").textContent).toBe(
        "Confirm the payment in your Pi wallet...",
      ),
    );

    await wallet.callbacks().onReadyForServerCompletion("pay-1", "tx-1");
    expect(callsTo("payments.complete")[0]?.input).toEqual({ paymentId: "pay-1", txid: "tx-1" });
    expect(toasts()).toContainEqual(expect.objectContaining({ title: "Payment Successful" }));
    expect(await screen.findByText("You're Premium!")).toBeTruthy();
    expect(screen.getByText("Expires in 30 days")).toBeTruthy();
  });

  it("a cancelled payment says so and the person can pay again", async () => {
    const wallet = fakeWallet();
    renderRoute("/premium", { fixtures: payingFixtures() });
    await userEvent.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    const card = screen.getByTestId("payment-card");
    await userEvent.click(within(card).getByRole("button", { name: "Connect Pi Wallet" }));
    await userEvent.click(await within(card).findByRole("button", { name: "Pay 3.14π" }));
    expect(within(card).getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(true);
    wallet.callbacks().onCancel("pay-1");
    expect(toasts()).toContainEqual({ title: "Payment Cancelled", message: "You can try again anytime." });
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(false),
    );
    await userEvent.click(within(card).getByRole("button", { name: "Pay 3.14π" }));
    expect(wallet.pi.createPayment).toHaveBeenCalledTimes(2);
  });

  it("a wallet sign-in that is cancelled leaves the card not connected", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const wallet = fakeWallet();
    vi.mocked(wallet.pi.authenticate).mockImplementation(() =>
      Promise.reject(new Error("User cancelled authentication")),
    );
    renderRoute("/premium", { fixtures: payingFixtures() });
    await userEvent.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    const card = screen.getByTestId("payment-card");
    await userEvent.click(within(card).getByRole("button", { name: "Connect Pi Wallet" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ title: "Authentication Cancelled" })),
    );
    expect(within(card).getByRole("button", { name: "Connect Pi Wallet" })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Pay 3.14π" })).toBeNull();
  });
});
