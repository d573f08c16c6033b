import { Button, Text, Title } from "@mantine/core";
import { useEffect, useReducer, useRef } from "react";
import { useAuth } from "./AuthProvider";
import {
  initialPaymentState,
  IN_FLIGHT,
  paymentReducer,
  startPayment,
  type PaymentPhase,
} from "./payment-flow";
import { piSdk } from "../../lib/pi-sdk";
import { PREMIUM_MEMO } from "@purplebeats/contracts/constants";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { WalletIcon } from "./icons";
import { PI_BROWSER_NOTE } from "./SignInWithPi";
import classes from "./Premium.module.css";

/** What the card says at each step of SPEC.md section 4's payment flow. */
export const PAYMENT_STATUS: Record<PaymentPhase, string> = {
  disconnected: "Connect your Pi wallet to pay.",
  connecting: "Connecting to your Pi wallet...",
  connected: "Wallet connected. Ready to pay.",
  creating: "Opening your Pi wallet...",
  approving: "Approving your payment...",
  awaitingWallet: "Confirm the payment in your Pi wallet...",
  completing: "Activating your membership...",
  confirming:
    "Payment received — waiting for the Pi blockchain to confirm it. Premium starts as soon as it does.",
  succeeded: "Payment complete. Welcome to Premium!",
};

/** The payment card revealed by 'Upgrade to Premium': connect the wallet, pay 3.14 π, or Cancel. */
export function PaymentCard({ onCancel }: { onCancel(): void }) {
  const { user, walletConnected, signInWithPi, needsPiBrowser } = useAuth();
  const utils = trpc.useUtils();
  const [state, dispatch] = useReducer(paymentReducer, walletConnected, initialPaymentState);
  const card = useRef<HTMLElement>(null);

  // Revealed under 'Upgrade to Premium', near the screen's bottom: brought up above the mini player and the
  // navigation (the card's scroll margin, Premium.module.css), so that its buttons are in sight.
  useEffect(() => {
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    card.current?.scrollIntoView?.({ block: "nearest", behavior: reduceMotion ? "auto" : "smooth" });
  }, []);

  // Signing in elsewhere (the Profile screen) connects the wallet here too; logging out disconnects it.
  useEffect(() => {
    dispatch({ type: walletConnected ? "connected" : "disconnected" });
  }, [walletConnected]);

  const connect = async () => {
    dispatch({ type: "connect" });
    dispatch({ type: (await signInWithPi()) ? "connected" : "connectFailed" });
  };

  const pay = () => {
    const pi = piSdk();
    if (!pi || !user) {
      showToast({
        title: "Pi SDK Loading",
        message: "The Pi SDK is still loading. Please try again in a moment.",
      });
      return;
    }
    startPayment({
      pi,
      userId: user.uid,
      createRecord: (input) => utils.client.payments.create.mutate(input),
      approve: (paymentId) => utils.client.payments.approve.mutate({ paymentId }),
      complete: (paymentId, txid) => utils.client.payments.complete.mutate({ paymentId, txid }),
      refetchMembership: () => utils.membership.invalidate(),
      toast: showToast,
      dispatch,
    });
  };

  const inFlight = IN_FLIGHT.has(state.phase);
  return (
    <section
      ref={card}
      className={classes.payment}
      aria-labelledby="payment-title"
      data-testid="payment-card"
    >
      <Title order={3} id="payment-title" className={classes.cardTitle}>
        Complete your purchase
      </Title>
      <div className={classes.summary}>
        <Text size="sm">{PREMIUM_MEMO}</Text>
        <Text fw={700}>3.14π</Text>
      </div>
      <Text size="sm" c="dimmed" role="status" data-testid="payment-status">
        {PAYMENT_STATUS[state.phase]}
      </Text>
      <div className={classes.paymentButtons}>
        {state.phase === "disconnected" || state.phase === "connecting" ? (
          <Button
            leftSection={<WalletIcon size={18} />}
            onClick={() => void connect()}
            loading={state.phase === "connecting"}
            fullWidth
          >
            Connect Pi Wallet
          </Button>
        ) : (
          <Button
            onClick={pay}
            loading={inFlight}
            disabled={state.phase === "succeeded" || state.phase === "confirming"}
            fullWidth
          >
            Pay 3.14π
          </Button>
        )}
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={inFlight} fullWidth>
          Cancel
        </Button>
      </div>
      {needsPiBrowser && !walletConnected && (
        <Text size="xs" c="dimmed" mt={8}>
          {PI_BROWSER_NOTE}
        </Text>
      )}
    </section>
  );
}
