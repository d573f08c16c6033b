import { afterEach, describe, expect, it, vi } from "vitest";
import type { PiPaymentCallbacks, PiPaymentData } from "../../lib/pi-sdk";
import {
  initialPaymentState,
  PAYMENT_TOASTS,
  paymentReducer,
  startPayment,
  type PaymentDeps,
  type PaymentEvent,
  type PaymentState,
} from "./payment-flow";
import { settledSinceLastVisit } from "./unsettled-payment";

const run = (events: PaymentEvent[], from: PaymentState = initialPaymentState(false)) =>
  events.reduce(paymentReducer, from);

describe("paymentReducer", () => {
  it("goes from not connected to success along SPEC.md's path", () => {
    const phases: string[] = [];
    let state = initialPaymentState(false);
    const events: PaymentEvent[] = [
      { type: "connect" },
      { type: "connected" },
      { type: "pay" },
      { type: "readyForApproval", paymentId: "pay-1" },
      { type: "approved" },
      { type: "readyForCompletion", paymentId: "pay-1", txid: "tx-1" },
      { type: "completed" },
    ];
    for (const event of events) {
      state = paymentReducer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual([
      "connecting",
      "connected",
      "creating",
      "approving",
      "awaitingWallet",
      "completing",
      "succeeded",
    ]);
    expect(state).toMatchObject({ paymentId: "pay-1", txid: "tx-1", outcome: null });
  });

  it("starts connected when the wallet already is, and a failed connect returns to not connected", () => {
    expect(initialPaymentState(true).phase).toBe("connected");
    expect(run([{ type: "connect" }, { type: "connectFailed" }]).phase).toBe("disconnected");
  });

  it.each([
    ["a cancel while waiting for the wallet", [{ type: "cancelled" }], "cancelled"],
    ["an SDK error", [{ type: "failed" }], "failed"],
  ] as const)("returns to connected after %s, so the person can retry", (_label, ending, outcome) => {
    const state = run(
      [{ type: "pay" }, { type: "readyForApproval", paymentId: "p" }, { type: "approved" }, ...ending],
      initialPaymentState(true),
    );
    expect(state).toMatchObject({ phase: "connected", outcome });
    expect(paymentReducer(state, { type: "pay" }).phase).toBe("creating");
  });

  it("returns to connected when approval or activation fails", () => {
    const paying = run(
      [{ type: "pay" }, { type: "readyForApproval", paymentId: "p" }],
      initialPaymentState(true),
    );
    expect(paymentReducer(paying, { type: "approvalFailed" })).toMatchObject({
      phase: "connected",
      outcome: "failed",
    });
    const completing = run(
      [
        { type: "approved" },
        { type: "readyForCompletion", paymentId: "p", txid: "t" },
        { type: "completionFailed" },
      ],
      paying,
    );
    expect(completing).toMatchObject({ phase: "connected", outcome: "failed" });
  });

  it("ignores events that do not fit the current phase", () => {
    const idle = initialPaymentState(false);
    expect(paymentReducer(idle, { type: "pay" })).toBe(idle);
    expect(paymentReducer(idle, { type: "approved" })).toBe(idle);
    const connected = initialPaymentState(true);
    expect(paymentReducer(connected, { type: "completed" })).toBe(connected);
    expect(paymentReducer(connected, { type: "cancelled" })).toBe(connected);
  });

  it("keeps a payment under way when the wallet disconnects, and otherwise forgets the connection", () => {
    const paying = run([{ type: "pay" }], initialPaymentState(true));
    expect(paymentReducer(paying, { type: "disconnected" })).toBe(paying);
    expect(paymentReducer(initialPaymentState(true), { type: "disconnected" }).phase).toBe("disconnected");
  });
});

describe("startPayment", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function setup(overrides: Partial<PaymentDeps> = {}) {
    let callbacks: PiPaymentCallbacks | undefined;
    let data: PiPaymentData | undefined;
    const events: PaymentEvent[] = [];
    const deps: PaymentDeps = {
      pi: {
        createPayment: vi.fn((d: PiPaymentData, c: PiPaymentCallbacks) => {
          data = d;
          callbacks = c;
        }),
      },
      userId: "pioneer-1",
      createRecord: vi.fn(() => Promise.resolve()),
      approve: vi.fn(() => Promise.resolve()),
      complete: vi.fn(() => Promise.resolve({ status: "completed" })),
      refetchMembership: vi.fn(() => Promise.resolve()),
      toast: vi.fn(),
      dispatch: (event) => events.push(event),
      ...overrides,
    };
    startPayment(deps);
    return { deps, events, callbacks: () => callbacks!, data: () => data! };
  }

  it("asks the wallet for 3.14 π with the memo and SPEC.md's metadata", () => {
    const { data, events } = setup();
    expect(data()).toEqual({
      amount: 3.14,
      memo: "PurpleBeats Premium - 1 month",
      metadata: { productId: "premium_membership", userId: "pioneer-1", duration: "1_month" },
    });
    expect(events).toEqual([{ type: "pay" }]);
  });

  it("on server approval: records the payment ('created'), approves it and says 'Payment Approved'", async () => {
    const { deps, events, callbacks } = setup();
    await callbacks().onReadyForServerApproval("pay-1");
    expect(deps.createRecord).toHaveBeenCalledWith({
      paymentId: "pay-1",
      userId: "pioneer-1",
      amount: "3.14",
      status: "created",
      metadata: JSON.stringify({ productId: "premium_membership", userId: "pioneer-1", duration: "1_month" }),
    });
    expect(deps.approve).toHaveBeenCalledWith("pay-1");
    expect(events.slice(1)).toEqual([{ type: "readyForApproval", paymentId: "pay-1" }, { type: "approved" }]);
    expect(deps.toast).toHaveBeenCalledWith(PAYMENT_TOASTS.approved);
    expect(PAYMENT_TOASTS.approved.title).toBe("Payment Approved");
  });

  it("a failed approval says 'Payment Approval Failed' / 'Please try again or contact support.'", async () => {
    const { deps, events, callbacks } = setup({
      approve: vi.fn(() => Promise.reject(new Error("502: Pi down"))),
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await callbacks().onReadyForServerApproval("pay-1");
    expect(events.at(-1)).toEqual({ type: "approvalFailed" });
    expect(deps.toast).toHaveBeenCalledWith({
      title: "Payment Approval Failed",
      message: "Please try again or contact support.",
      variant: "destructive",
    });
  });

  it("on completion: completes with the txid, refetches the membership, then 'Payment Successful'", async () => {
    const order: string[] = [];
    const { deps, events, callbacks } = setup({
      complete: vi.fn(() => {
        order.push("complete");
        return Promise.resolve({ status: "completed" });
      }),
      refetchMembership: vi.fn(() => {
        order.push("refetch");
        return Promise.resolve();
      }),
      toast: vi.fn((options) => order.push(options.title)),
    });
    await callbacks().onReadyForServerCompletion("pay-1", "tx-9");
    expect(deps.complete).toHaveBeenCalledWith("pay-1", "tx-9");
    expect(order).toEqual(["complete", "refetch", "Payment Successful"]);
    expect(events.slice(1)).toEqual([
      { type: "readyForCompletion", paymentId: "pay-1", txid: "tx-9" },
      { type: "completed" },
    ]);
  });

  it("a payment Pi has not verified yet says it waits for the blockchain, and is remembered for the next visit", async () => {
    localStorage.clear();
    const { deps, events, callbacks } = setup({
      complete: vi.fn(() => Promise.resolve({ status: "pending" })),
    });
    await callbacks().onReadyForServerCompletion("pay-1", "tx-9");
    expect(events.at(-1)).toEqual({ type: "awaitingBlockchain" });
    expect(deps.toast).toHaveBeenCalledWith({
      title: "Payment Received",
      message: "Waiting for the Pi blockchain to confirm it. Premium starts as soon as it does.",
    });
    expect(settledSinceLastVisit("pioneer-1", true)).toBe(true);
    const confirming = paymentReducer(
      { phase: "completing", paymentId: "pay-1", txid: "tx-9", outcome: null },
      { type: "awaitingBlockchain" },
    );
    expect(confirming.phase).toBe("confirming");
    // No second payment while the first one waits.
    expect(paymentReducer(confirming, { type: "pay" })).toBe(confirming);
  });

  it("a failed completion says the transaction went through but the membership did not activate", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { deps, events, callbacks } = setup({ complete: vi.fn(() => Promise.reject(new Error("500"))) });
    await callbacks().onReadyForServerCompletion("pay-1", "tx-9");
    expect(deps.refetchMembership).not.toHaveBeenCalled();
    expect(events.at(-1)).toEqual({ type: "completionFailed" });
    expect(deps.toast).toHaveBeenCalledWith({
      title: "Payment Error",
      message: "Transaction completed but failed to activate membership. Please contact support.",
      variant: "destructive",
    });
  });

  it("cancel and SDK errors end in their toasts", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cancelled = setup();
    cancelled.callbacks().onCancel("pay-1");
    expect(cancelled.events.at(-1)).toEqual({ type: "cancelled" });
    expect(cancelled.deps.toast).toHaveBeenLastCalledWith({
      title: "Payment Cancelled",
      message: "You can try again anytime.",
    });
    const errored = setup();
    errored.callbacks().onError(new Error("boom"));
    expect(errored.events.at(-1)).toEqual({ type: "failed" });
    expect(errored.deps.toast).toHaveBeenLastCalledWith({
      title: "Payment Error",
      message: "Something went wrong.",
      variant: "destructive",
    });
  });

  it("a failure after Pi has the payment is remembered (the server may still complete it); a cancel is not", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    localStorage.clear();
    const failed = setup({ approve: vi.fn(() => Promise.reject(new Error("502"))) });
    await failed.callbacks().onReadyForServerApproval("pay-1");
    expect(settledSinceLastVisit("pioneer-1", true)).toBe(true);
    const cancelled = setup();
    cancelled.callbacks().onCancel("pay-2");
    expect(settledSinceLastVisit("pioneer-1", true)).toBe(false);
  });

  it("after a failed approval, the SDK's later error (its own timeout) says nothing more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { deps, events, callbacks } = setup({ approve: vi.fn(() => Promise.reject(new Error("502"))) });
    await callbacks().onReadyForServerApproval("pay-1");
    callbacks().onError(new Error("approval timed out"));
    expect(vi.mocked(deps.toast).mock.calls.map(([options]) => options.title)).toEqual([
      "Payment Approval Failed",
    ]);
    expect(events.at(-1)).toEqual({ type: "approvalFailed" });
  });

  it("a cancel while the approval is under way is the last word: no 'Payment Approved' after it", async () => {
    let approveNow: () => void = () => undefined;
    const { deps, events, callbacks } = setup({
      approve: vi.fn(() => new Promise<void>((resolve) => (approveNow = resolve))),
    });
    const approval = callbacks().onReadyForServerApproval("pay-1");
    await vi.waitFor(() => expect(deps.approve).toHaveBeenCalled());
    callbacks().onCancel("pay-1");
    approveNow();
    await approval;
    expect(vi.mocked(deps.toast).mock.calls.map(([options]) => options.title)).toEqual(["Payment Cancelled"]);
    expect(events.at(-1)).toEqual({ type: "cancelled" });
  });

  it("a createPayment that throws (or rejects) says 'Payment Failed' / 'Unable to process payment.'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const throwing = setup({
      pi: {
        createPayment: () => {
          throw new Error("payments scope missing");
        },
      },
    });
    expect(throwing.events).toEqual([{ type: "pay" }, { type: "failed" }]);
    expect(throwing.deps.toast).toHaveBeenCalledWith({
      title: "Payment Failed",
      message: "Unable to process payment.",
      variant: "destructive",
    });
    const rejecting = setup({ pi: { createPayment: () => Promise.reject(new Error("nope")) } });
    await vi.waitFor(() => expect(rejecting.events).toEqual([{ type: "pay" }, { type: "failed" }]));
  });
});
