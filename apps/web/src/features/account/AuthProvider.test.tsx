import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { renderWithProviders } from "../../test-utils/render";
import { useAuth } from "./AuthProvider";
import { useIsPremium } from "./membership";
import { FALLBACK_USER_ID, resolveUserId, USER_RECORD_KEY, userIdHeader } from "../../lib/identity";
import { accountFixtures, fakePi, GUEST_USER, PI_USER, premiumMembership } from "./test-fixtures";
import { premiumNowActiveToast, rememberUnsettledPayment } from "./unsettled-payment";

vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

function Probe() {
  const auth = useAuth();
  const isPremium = useIsPremium();
  return (
    <div>
      <output data-testid="premium">{String(isPremium)}</output>
      <output data-testid="uid">{auth.loading ? "loading" : (auth.user?.uid ?? "none")}</output>
      <output data-testid="user-id">{auth.userId}</output>
      <output data-testid="pi-ready">{String(auth.piReady)}</output>
      <output data-testid="wallet">{String(auth.walletConnected)}</output>
      <output data-testid="needs-pi-browser">{String(auth.needsPiBrowser)}</output>
      <button onClick={() => void auth.signInWithPi()}>sign in</button>
      <button onClick={() => void auth.logout()}>log out</button>
      <button onClick={() => void auth.resetGuestProfile()}>reset</button>
    </div>
  );
}

const uid = () => screen.getByTestId("uid").textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "pi_backup=; Max-Age=0; Path=/";
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  delete window.Pi;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe("AuthProvider", () => {
  it("uses the session's user and keeps SPEC.md's local records of it", async () => {
    renderWithProviders(<Probe />, { fixtures: accountFixtures({ user: PI_USER }) });
    await waitFor(() => expect(uid()).toBe(PI_USER.uid));
    expect(JSON.parse(localStorage.getItem("pi-user")!)).toMatchObject({
      uid: PI_USER.uid,
      username: "pioneer",
    });
    const session = JSON.parse(sessionStorage.getItem("pi-user-session")!) as {
      uid: string;
      sessionId: string;
    };
    expect(session.uid).toBe(PI_USER.uid);
    expect(session.sessionId).toMatch(/^pi-session-\d+-[a-z0-9]+$/);
    expect(decodeURIComponent(document.cookie)).toContain(`"uid":"${PI_USER.uid}"`);
    expect(screen.getByTestId("user-id").textContent).toBe(PI_USER.uid);
    expect(userIdHeader()).toEqual({ "x-user-id": PI_USER.uid });
  });

  it("starts a guest session when the server has no user, and reads the rest again as that guest", async () => {
    const { callsTo } = renderWithProviders(<Probe />, { fixtures: accountFixtures({ user: null }) });
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    expect(callsTo("auth.guest")).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("guest-profile")!)).toMatchObject({ id: GUEST_USER.uid });
  });

  it("is premium only while the membership is active", async () => {
    renderWithProviders(<Probe />, {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership(3) }),
    });
    await waitFor(() => expect(screen.getByTestId("premium").textContent).toBe("true"));
  });

  it("an expired membership is not premium", async () => {
    renderWithProviders(<Probe />, {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership(-1) }),
    });
    await waitFor(() => expect(uid()).toBe(PI_USER.uid));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId("premium").textContent).toBe("false");
  });

  it("reads the session once (cached), and says nothing is known before it answers", async () => {
    const { callsTo } = renderWithProviders(<Probe />);
    expect(uid()).toBe("loading");
    expect(screen.getByTestId("user-id").textContent).toBe(FALLBACK_USER_ID);
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    expect(callsTo("auth.me")).toHaveLength(1);
  });

  it("logs out: ends the session, forgets the local identity, says so and starts a fresh guest", async () => {
    let me: typeof PI_USER | null = PI_USER;
    const { callsTo } = renderWithProviders(<Probe />, {
      fixtures: {
        ...accountFixtures(),
        auth: {
          me: () => me,
          guest: () => GUEST_USER,
          logout: () => ((me = null), { loggedOut: true as const }),
        },
      },
    });
    await waitFor(() => expect(uid()).toBe(PI_USER.uid));
    await userEvent.click(screen.getByRole("button", { name: "log out" }));
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    expect(callsTo("auth.logout")).toHaveLength(1);
    expect(callsTo("auth.guest")).toHaveLength(1);
    expect(toasts()).toContainEqual({
      title: "Logged Out",
      message: "You have been logged out successfully.",
    });
    expect(JSON.parse(localStorage.getItem("pi-user")!)).toMatchObject({ uid: GUEST_USER.uid });
  });

  it("resets a guest profile with its toast", async () => {
    let guests = 0;
    let me: typeof GUEST_USER | null = GUEST_USER;
    renderWithProviders(<Probe />, {
      fixtures: {
        ...accountFixtures(),
        auth: {
          me: () => me,
          guest: () => ((guests += 1), (me = { ...GUEST_USER, uid: `guest-new${guests}-1700000000001` })),
          logout: () => ((me = null), { loggedOut: true as const }),
        },
      },
    });
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    await userEvent.click(screen.getByRole("button", { name: "reset" }));
    await waitFor(() => expect(uid()).toBe("guest-new1-1700000000001"));
    expect(toasts()).toContainEqual({
      title: "Profile Reset",
      message: "Your guest profile has been reset. You can start fresh!",
    });
  });

  describe("wallet sign-in", () => {
    it("without the Pi SDK: 'Pi SDK Loading' and nothing else; the Pi Browser note shows", async () => {
      const { callsTo } = renderWithProviders(<Probe />);
      await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
      expect(screen.getByTestId("needs-pi-browser").textContent).toBe("true");
      await userEvent.click(screen.getByRole("button", { name: "sign in" }));
      await waitFor(() =>
        expect(toasts()).toContainEqual(expect.objectContaining({ title: "Pi SDK Loading" })),
      );
      expect(callsTo("auth.piLogin")).toHaveLength(0);
    });

    it("finds the SDK by polling every 500 ms and initialises it once", async () => {
      renderWithProviders(<Probe />);
      expect(screen.getByTestId("pi-ready").textContent).toBe("false");
      const pi = fakePi(() => Promise.reject(new Error("unused")));
      window.Pi = pi;
      await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
      expect(pi.init).toHaveBeenCalledWith({ version: "2.0", sandbox: true });
      expect(screen.getByTestId("needs-pi-browser").textContent).toBe("false");
    });

    it("signs in: authenticates with username and payments, tells the server, says 'Authenticated'", async () => {
      let me: typeof GUEST_USER = GUEST_USER;
      window.Pi = fakePi(() =>
        Promise.resolve({ accessToken: "token-1", user: { uid: PI_USER.uid, username: "pioneer" } }),
      );
      const { callsTo } = renderWithProviders(<Probe />, {
        fixtures: {
          ...accountFixtures(),
          auth: { me: () => me, piLogin: () => ((me = PI_USER), PI_USER) },
        },
      });
      await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
      await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
      await userEvent.click(screen.getByRole("button", { name: "sign in" }));
      await waitFor(() => expect(uid()).toBe(PI_USER.uid));
      expect(window.Pi!.authenticate).toHaveBeenCalledWith(["username", "payments"], expect.any(Function));
      expect(callsTo("auth.piLogin")[0]?.input).toEqual({
        accessToken: "token-1",
        user: { uid: PI_USER.uid, username: "pioneer" },
      });
      expect(toasts()).toContainEqual({ title: "Authenticated", message: "Welcome, pioneer!" });
      expect(screen.getByTestId("wallet").textContent).toBe("true");
      expect(resolveUserId()).toBe(PI_USER.uid);
      // Everything user-scoped is read for the Pi user (the membership here).
      await waitFor(() =>
        expect(
          callsTo("membership.get").some((call) => (call.input as { userId: string }).userId === PI_USER.uid),
        ).toBe(true),
      );
    });

    it("finishes an incomplete payment the wallet reports, once signed in", async () => {
      window.Pi = fakePi((_scopes, onIncomplete) => {
        void onIncomplete({ identifier: "pay-old", transaction: { txid: "tx-old" } });
        return Promise.resolve({ accessToken: "token-1", user: { uid: PI_USER.uid } });
      });
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      const order: string[] = [];
      const { callsTo } = renderWithProviders(<Probe />, {
        fixtures: {
          ...accountFixtures(),
          auth: { me: () => GUEST_USER, piLogin: () => (order.push("login"), PI_USER) },
          payments: {
            resolveIncomplete: ({ paymentId }) => (
              order.push("resolve"),
              { paymentId, status: "completed" as const, amount: "3.14", txid: "tx-old" }
            ),
          },
        },
      });
      await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
      await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
      await userEvent.click(screen.getByRole("button", { name: "sign in" }));
      await waitFor(() => expect(callsTo("payments.resolveIncomplete")).toHaveLength(1));
      expect(callsTo("payments.resolveIncomplete")[0]?.input).toEqual({
        paymentId: "pay-old",
        txid: "tx-old",
      });
      expect(order).toEqual(["login", "resolve"]);
    });

    it.each([
      [new Error("User cancelled authentication"), "Authentication Cancelled"],
      [new Error("The user denied the request"), "Authentication Cancelled"],
      [new Error("Network unreachable"), "Authentication Failed"],
    ])("a failed authenticate (%s) shows '%s'", async (error, title) => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      window.Pi = fakePi(() => Promise.reject(error));
      const { callsTo } = renderWithProviders(<Probe />);
      await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
      await userEvent.click(screen.getByRole("button", { name: "sign in" }));
      await waitFor(() => expect(toasts()).toContainEqual(expect.objectContaining({ title })));
      if (title === "Authentication Failed") {
        expect(toasts()).toContainEqual(expect.objectContaining({ message: "Network unreachable" }));
      }
      expect(callsTo("auth.piLogin")).toHaveLength(0);
      expect(screen.getByTestId("wallet").textContent).toBe("false");
    });

    it("gives up after 90 seconds: 'Connection Timeout'", async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      window.Pi = fakePi(() => new Promise(() => undefined));
      renderWithProviders(<Probe />);
      await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
      await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      act(() => screen.getByRole("button", { name: "sign in" }).click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(89_999);
      });
      expect(toasts()).not.toContainEqual(expect.objectContaining({ title: "Connection Timeout" }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(toasts()).toContainEqual(expect.objectContaining({ title: "Connection Timeout" }));
    });
  });

  it("an 'Allow' given after 'Connection Timeout' still signs the listener in, and says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let allow: (auth: { accessToken: string; user: { uid: string; username: string } }) => void = () =>
      undefined;
    window.Pi = fakePi(() => new Promise((resolve) => (allow = resolve)));
    let me: typeof GUEST_USER = GUEST_USER;
    renderWithProviders(<Probe />, {
      fixtures: { ...accountFixtures(), auth: { me: () => me, piLogin: () => ((me = PI_USER), PI_USER) } },
    });
    await waitFor(() => expect(screen.getByTestId("pi-ready").textContent).toBe("true"));
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() => screen.getByRole("button", { name: "sign in" }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90_000);
    });
    expect(toasts()).toContainEqual(expect.objectContaining({ title: "Connection Timeout" }));
    vi.useRealTimers();
    act(() => allow({ accessToken: "token-late", user: { uid: PI_USER.uid, username: "pioneer" } }));
    await waitFor(() => expect(uid()).toBe(PI_USER.uid));
    expect(toasts().at(-1)).toEqual({ title: "Authenticated", message: "Welcome, pioneer!" });
    await waitFor(() => expect(screen.getByTestId("wallet").textContent).toBe("true"));
  });

  it("follows another tab's sign-in at once: the new identity and its reads, without waiting for a call", async () => {
    let me: typeof GUEST_USER = GUEST_USER;
    const { callsTo } = renderWithProviders(<Probe />, {
      fixtures: { ...accountFixtures(), auth: { me: () => me } },
    });
    await waitFor(() => expect(uid()).toBe(GUEST_USER.uid));
    // Moments ago this tab read the session itself (its own start): the other tab's news must not wait.
    me = PI_USER;
    act(() => {
      localStorage.setItem(USER_RECORD_KEY, JSON.stringify({ uid: PI_USER.uid }));
      window.dispatchEvent(new StorageEvent("storage", { key: USER_RECORD_KEY }));
    });
    await waitFor(() => expect(uid()).toBe(PI_USER.uid));
    await waitFor(() =>
      expect(
        callsTo("membership.get").some((call) => (call.input as { userId: string }).userId === PI_USER.uid),
      ).toBe(true),
    );
    // And the other tab logs out seconds later: a fresh guest here too.
    const nextGuest = { ...GUEST_USER, uid: "guest-next-1700000000001" };
    me = nextGuest;
    act(() => {
      localStorage.setItem(USER_RECORD_KEY, JSON.stringify({ uid: nextGuest.uid }));
      window.dispatchEvent(new StorageEvent("storage", { key: USER_RECORD_KEY }));
    });
    await waitFor(() => expect(uid()).toBe(nextGuest.uid));
  });

  it("says 'Your premium is now active' on the visit after the server completed a payment the app saw fail", async () => {
    rememberUnsettledPayment("pay-9", PI_USER.uid);
    renderWithProviders(<Probe />, {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership() }),
    });
    await waitFor(() => expect(screen.getByTestId("premium").textContent).toBe("true"));
    await waitFor(() => expect(toasts()).toContainEqual(premiumNowActiveToast()));
    expect(toasts().filter((toast) => toast.title === premiumNowActiveToast().title)).toHaveLength(1);
  });

  it("useAuth outside its provider throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });
});

describe("resolveUserId", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("follows SPEC.md section 3's order, and sends no header for the fallback", () => {
    expect(resolveUserId()).toBe(FALLBACK_USER_ID);
    expect(userIdHeader()).toEqual({});
    localStorage.setItem(
      "guest-profile",
      JSON.stringify({ id: "guest-a-1", username: "Guest User", createdAt: 1 }),
    );
    expect(resolveUserId()).toBe("guest-a-1");
    localStorage.setItem("pi-user", JSON.stringify({ uid: "pi-b", username: "b", timestamp: 1 }));
    expect(resolveUserId()).toBe("pi-b");
    sessionStorage.setItem(
      "pi-user-session",
      JSON.stringify({ uid: "pi-c", username: "c", sessionId: "pi-session-1-x" }),
    );
    expect(resolveUserId()).toBe("pi-c");
    expect(userIdHeader()).toEqual({ "x-user-id": "pi-c" });
    sessionStorage.setItem("pi-user-session", "{not json");
    expect(resolveUserId()).toBe("pi-b");
  });
});
