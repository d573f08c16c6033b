// The dialog of a tip to a verified artist from its page: 1, 3.14 or a custom amount of π, paid through the same U2A flow
// as premium (payment-flow.ts): the server records, verifies with Pi, approves, completes and credits it.
import { Button, Group, Modal, Text, TextInput } from "@mantine/core";
import { useEffect, useReducer, useState } from "react";
import {
  TIP_AMOUNT_DECIMALS,
  TIP_AMOUNT_RANGE,
  TIP_AMOUNTS,
  TIP_MAX,
  TIP_MIN,
  TIP_PRODUCT_ID,
  tipAmountProblem,
  tipMemo,
} from "@purplebeats/contracts/constants";
import { intlLocale, useLocale, type CatalogLocale, type Translate } from "../../i18n";
import { piSdk } from "../../lib/pi-sdk";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";
import { IN_FLIGHT, initialPaymentState, paymentReducer, startPayment, type Purchase } from "./payment-flow";
import { WalletIcon } from "./icons";
import { WALLET_TOASTS } from "./wallet";
import "../../ui/dialog-styles";

/** What a tip of `amount` π to `artist` asks the wallet for, and what it says once paid. */
export function tipPurchase(
  artist: { id: string; name: string },
  userId: string,
  amount: number,
  t: Translate,
): Purchase {
  return {
    data: {
      amount,
      memo: tipMemo(artist.name),
      metadata: { productId: TIP_PRODUCT_ID, artistId: artist.id, userId },
    },
    amount: String(amount),
    succeeded: {
      title: t("artists.tipSent"),
      message: t("artists.tipSentMessage", { name: artist.name, amount }),
    },
    awaitingBlockchain: {
      title: t("artists.tipReceived"),
      message: t("artists.tipReceivedMessage"),
    },
  };
}

/** The rule's problem with an amount (contracts), in the listener's language. */
export function amountProblemText(amount: number, t: Translate, locale: CatalogLocale): string | null {
  const problem = tipAmountProblem(amount);
  const figure = (value: number) =>
    new Intl.NumberFormat(intlLocale(locale), { useGrouping: false }).format(value);
  if (problem === TIP_AMOUNT_RANGE)
    return t("artists.tipRange", { min: figure(TIP_MIN), max: figure(TIP_MAX) });
  if (problem === TIP_AMOUNT_DECIMALS) return t("artists.tipDecimals");
  return problem;
}

/** The tip dialog; its code (Mantine's Modal: focus trap, portal, scroll lock) loads when 'Tip' is first pressed. */
export function TipArtistDialog({
  artist,
  opened,
  onClose,
}: {
  artist: { id: string; name: string };
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useLocale();
  return (
    <Modal opened={opened} onClose={onClose} title={t("artists.tipTitle", { name: artist.name })} centered>
      {opened && <TipForm artist={artist} />}
    </Modal>
  );
}

function TipForm({ artist }: { artist: { id: string; name: string } }) {
  const { t, locale } = useLocale();
  const { user, walletConnected, signInWithPi } = useAuth();
  const utils = trpc.useUtils();
  const [state, dispatch] = useReducer(paymentReducer, walletConnected, initialPaymentState);
  const [choice, setChoice] = useState<number | "custom">(TIP_AMOUNTS[0] ?? 1);
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dispatch({ type: walletConnected ? "connected" : "disconnected" });
  }, [walletConnected]);

  const amount = choice === "custom" ? Number(custom.replace(",", ".")) : choice;
  const inFlight = IN_FLIGHT.has(state.phase);

  const connect = async () => {
    dispatch({ type: "connect" });
    dispatch({ type: (await signInWithPi()) ? "connected" : "connectFailed" });
  };

  const send = () => {
    const problem =
      choice === "custom" && custom.trim() === ""
        ? t("artists.enterAmount")
        : amountProblemText(amount, t, locale);
    setError(problem);
    if (problem) return;
    const pi = piSdk();
    if (!pi || !user) {
      showToast(WALLET_TOASTS.loading);
      return;
    }
    startPayment({
      pi,
      userId: user.uid,
      purchase: tipPurchase(artist, user.uid, amount, t),
      createRecord: (input) => utils.client.payments.create.mutate(input),
      approve: (paymentId) => utils.client.payments.approve.mutate({ paymentId }),
      complete: (paymentId, txid) => utils.client.payments.complete.mutate({ paymentId, txid }),
      refetchMembership: () => utils.artistAccounts.mine.invalidate(),
      toast: showToast,
      dispatch,
    });
  };

  if (state.phase === "succeeded" || state.phase === "confirming")
    return (
      <Text role="status" data-testid="tip-status">
        {state.phase === "succeeded"
          ? t("artists.tipThanks", { name: artist.name })
          : t("artists.tipConfirming")}
      </Text>
    );
  return (
    <div data-testid="tip-form">
      <Group gap="xs" role="group" aria-label={t("artists.amount")}>
        {TIP_AMOUNTS.map((value) => (
          <Button
            key={value}
            variant={choice === value ? "filled" : "default"}
            radius="xl"
            aria-pressed={choice === value}
            onClick={() => setChoice(value)}
          >
            {t("artists.amountPi", { amount: value })}
          </Button>
        ))}
        <Button
          variant={choice === "custom" ? "filled" : "default"}
          radius="xl"
          aria-pressed={choice === "custom"}
          onClick={() => setChoice("custom")}
        >
          {t("artists.otherAmount")}
        </Button>
      </Group>
      {choice === "custom" && (
        <TextInput
          mt="sm"
          label={t("artists.amountLabel")}
          inputMode="decimal"
          value={custom}
          onChange={(event) => setCustom(event.currentTarget.value)}
          error={error}
        />
      )}
      {choice !== "custom" && error && (
        <Text c="red" size="sm" mt="xs">
          {error}
        </Text>
      )}
      <Group mt="md" grow>
        {state.phase === "disconnected" || state.phase === "connecting" ? (
          <Button
            leftSection={<WalletIcon size={18} />}
            onClick={() => void connect()}
            loading={state.phase === "connecting"}
          >
            {t("account.connectWallet")}
          </Button>
        ) : (
          <Button onClick={send} loading={inFlight}>
            {choice === "custom" ? t("artists.sendTip") : t("artists.sendAmount", { amount })}
          </Button>
        )}
      </Group>
    </div>
  );
}
