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
import { PREMIUM_PRICE } from "@purplebeats/contracts/constants";
import { intlLocale, useLocale } from "../../i18n";
import type { MessageKey } from "../../i18n";
import { formatPiNumber } from "./receipt-format";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { WalletIcon } from "./icons";
import { PiBrowserNote } from "./SignInWithPi";
import classes from "./Premium.module.css";

/** What the card says at each step of SPEC.md section 4's payment flow. */
export const PAYMENT_STATUS: Record<PaymentPhase, MessageKey> = {
  disconnected: "account.payDisconnected",
  connecting: "account.payConnecting",
  connected: "account.payConnected",
  creating: "account.payCreating",
  approving: "account.payApproving",
  awaitingWallet: "account.payAwaitingWallet",
  completing: "account.payCompleting",
  confirming: "account.payConfirming",
  succeeded: "account.paySucceeded",
};

/** The payment card revealed by 'Upgrade to Premium': connect the wallet, pay 3.14 π, or Cancel. */
export function PaymentCard({ onCancel }: { onCancel(): void }) {
  const { t, locale } = useLocale();
  const price = formatPiNumber(PREMIUM_PRICE, intlLocale(locale));
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
        title: t("account.sdkLoadingTitle"),
        message: t("account.sdkLoading"),
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
        {t("account.completePurchase")}
      </Title>
      <div className={classes.summary}>
        <Text size="sm">{t("account.premiumMonth")}</Text>
        <Text fw={700}>{t("account.price", { price })}</Text>
      </div>
      <Text size="sm" c="dimmed" role="status" data-testid="payment-status">
        {t(PAYMENT_STATUS[state.phase])}
      </Text>
      <div className={classes.paymentButtons}>
        {state.phase === "disconnected" || state.phase === "connecting" ? (
          <Button
            leftSection={<WalletIcon size={18} />}
            onClick={() => void connect()}
            loading={state.phase === "connecting"}
            fullWidth
          >
            {t("account.connectWallet")}
          </Button>
        ) : (
          <Button
            onClick={pay}
            loading={inFlight}
            disabled={state.phase === "succeeded" || state.phase === "confirming"}
            fullWidth
          >
            {t("account.pay", { price })}
          </Button>
        )}
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={inFlight} fullWidth>
          {t("account.cancel")}
        </Button>
      </div>
      {needsPiBrowser && !walletConnected && <PiBrowserNote mt={8} />}
    </section>
  );
}
