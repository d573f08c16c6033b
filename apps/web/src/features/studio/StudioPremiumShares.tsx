// The studio's premium share, month by month: the artist's share and what it was worked out from (how many
// paying members played the artist, their qualifying plays of its songs, the month's pool and the part of the
// revenue it is), so that an artist can follow the figure. Members are counted here, never named.
import { Skeleton, Text, Title } from "@mantine/core";
import type { PremiumShareDto } from "@purplebeats/contracts/schemas";
import { formatPi } from "../account";
import { intlLocale, useLocale, type Translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import card from "../../ui/layout/Card.module.css";
import { shareMonthName } from "./studio-rules";
import classes from "./Studio.module.css";

export function StudioPremiumShares({ artistId }: { artistId: string }) {
  const { t, locale } = useLocale();
  const intl = intlLocale(locale);
  const shares = trpc.artistStudio.premiumShares.useQuery({ artistId });
  return (
    <section
      className={card.card}
      aria-labelledby="studio-premium-shares"
      data-testid="studio-premium-shares"
    >
      <Title order={3} id="studio-premium-shares" className={card.cardTitle}>
        {t("studio.share.title")}
      </Title>
      {shares.isError ? (
        <LoadError error={shares.error} onRetry={() => void shares.refetch()} />
      ) : !shares.data ? (
        <Skeleton height={120} aria-label={t("studio.loading")} />
      ) : shares.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("studio.share.none")}
        </Text>
      ) : (
        <ul className={classes.list} aria-labelledby="studio-premium-shares">
          {shares.data.map((share) => (
            <ShareMonth key={share.month} share={share} t={t} locale={intl} />
          ))}
        </ul>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {t("studio.share.how")}
      </Text>
    </section>
  );
}

function ShareMonth({ share, t, locale }: { share: PremiumShareDto; t: Translate; locale: string }) {
  const count = (value: number) => value.toLocaleString(locale);
  const facts = [
    [
      t("studio.share.members"),
      t("studio.share.membersOf", { members: count(share.members), total: count(share.inputs.members) }),
    ],
    [t("studio.share.plays"), count(share.qualifyingPlays)],
    [
      t("studio.share.pool", {
        percent: share.inputs.sharePercent,
        revenue: formatPi(share.inputs.revenue, t, locale),
      }),
      formatPi(share.inputs.pool, t, locale),
    ],
    [t("studio.share.credited"), formatPi(share.credited ? share.amount : "0", t, locale)],
  ] as const;
  return (
    <li className={classes.shareMonth} data-testid="studio-premium-share" data-month={share.month}>
      <Text fw={600} size="sm">
        {shareMonthName(share.month, locale)}
      </Text>
      <dl className={classes.shareFacts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!share.credited && (
        <Text size="xs" c="dimmed">
          {t("studio.share.notCredited", { amount: formatPi(share.amount, t, locale) })}
        </Text>
      )}
    </li>
  );
}
