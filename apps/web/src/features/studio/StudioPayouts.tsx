// The studio's payouts: the artist's balance and the minimum paid out, 'Request payout' (off, with the reason,
// while payouts are not offered or the balance is under the minimum), and each payout with its step. A payout
// under way is asked about again every few seconds until Pi completes it (or it fails).
import { Badge, Button, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { ArtistStatsDto, PayoutDto } from "@purplebeats/contracts/schemas";
import { formatPi, formatReceiptDate } from "../account";
import { intlLocale, useLocale, type MessageKey } from "../../i18n";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import card from "../../ui/layout/Card.module.css";
import { payoutBlock, payoutUnderWay } from "./studio-rules";
import classes from "./Studio.module.css";

const UNDER_WAY_POLL_MS = 2000;

const STATUS_WORDS: Record<PayoutDto["status"], MessageKey> = {
  requested: "studio.payoutStatus.requested",
  created: "studio.payoutStatus.created",
  submitted: "studio.payoutStatus.submitted",
  completed: "studio.payoutStatus.completed",
  cancelled: "studio.payoutStatus.cancelled",
  failed: "studio.payoutStatus.failed",
};

const STATUS_COLORS: Partial<Record<PayoutDto["status"], string>> = {
  completed: "green",
  cancelled: "gray",
  failed: "red",
};

export function StudioPayouts({ artistId, stats }: { artistId: string; stats: ArtistStatsDto }) {
  const { t, locale } = useLocale();
  const intl = intlLocale(locale);
  const utils = trpc.useUtils();
  const payouts = trpc.artistStudio.payouts.useQuery(
    { artistId },
    {
      refetchInterval: (query) =>
        query.state.data?.some((payout) => payoutUnderWay(payout.status)) ? UNDER_WAY_POLL_MS : false,
    },
  );
  const request = trpc.artistStudio.requestPayout.useMutation({
    onSuccess: (payout) => {
      showToast({
        title: t("studio.payoutRequested"),
        message: t("studio.payoutRequestedMessage", { amount: formatPi(payout.amount, t, intl) }),
      });
      void utils.artistStudio.payouts.invalidate({ artistId });
      void utils.artistStudio.stats.invalidate({ artistId });
      void utils.artistAccounts.mine.invalidate();
    },
    onError: (error) =>
      showToast({
        title: t("studio.payoutNotRequested"),
        message: describeError(error, t),
        variant: "destructive",
      }),
  });
  // A payout that ends (paid, or given back) changes what was paid out and the balance.
  const finished = payouts.data?.filter((payout) => !payoutUnderWay(payout.status)).length;
  const seenFinished = useRef(finished);
  useEffect(() => {
    if (finished === undefined || finished === seenFinished.current) return;
    seenFinished.current = finished;
    void utils.artistStudio.stats.invalidate({ artistId });
  }, [finished, artistId, utils]);

  const { balance } = stats.earnings;
  const minimum = formatPi(stats.payouts.minimum, t, intl);
  const block = payoutBlock(stats.payouts, balance);
  return (
    <section className={card.card} aria-labelledby="studio-payouts" data-testid="studio-payouts">
      <Title order={3} id="studio-payouts" className={card.cardTitle}>
        {t("studio.payouts")}
      </Title>
      <dl className={card.facts}>
        <div>
          <dt>{t("studio.balance")}</dt>
          <dd data-testid="studio-balance">{formatPi(balance, t, intl)}</dd>
        </div>
        <div>
          <dt>{t("studio.minimum")}</dt>
          <dd>{minimum}</dd>
        </div>
      </dl>
      <Button
        fullWidth
        mt="md"
        disabled={block !== null}
        loading={request.isPending}
        onClick={() => request.mutate({ artistId })}
        aria-describedby={block ? "studio-payout-block" : undefined}
      >
        {t("studio.requestPayout")}
      </Button>
      {block && (
        <Text id="studio-payout-block" size="sm" c="dimmed" mt="xs">
          {block === "off" ? t("error.payoutsOff") : t("studio.belowMinimum", { amount: minimum })}
        </Text>
      )}
      {payouts.isError ? (
        <LoadError error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : payouts.data && payouts.data.length > 0 ? (
        <ul className={classes.list} aria-label={t("studio.payoutList")} style={{ marginTop: 16 }}>
          {payouts.data.map((payout) => (
            <li
              key={payout.id}
              className={classes.row}
              data-testid="studio-payout"
              data-status={payout.status}
            >
              <span>
                {formatPi(payout.amount, t, intl)} · {formatReceiptDate(payout.createdAt, intl)}
              </span>
              <Badge variant="light" color={STATUS_COLORS[payout.status] ?? "violet"}>
                {t(STATUS_WORDS[payout.status])}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        payouts.data && (
          <Text size="sm" c="dimmed" mt="md">
            {t("studio.noPayouts")}
          </Text>
        )
      )}
    </section>
  );
}
