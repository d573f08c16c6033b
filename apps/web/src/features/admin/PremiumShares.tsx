// 'Premium share': a month's split of the premium revenue among the artists members played, with its
// inputs (revenue, the artists' share, members, what stayed with the platform) and each artist's row. The
// newest month split is shown first; the others are a choice away.
import { useState } from "react";
import { Badge, NativeSelect, Skeleton, Text, Title } from "@mantine/core";
import type { PremiumShareMonthInputsDto } from "@purplebeats/contracts/schemas";
import { trpc } from "../../lib/trpc";
import { intlLocale, useLocale, useT } from "../../i18n";
import { LoadError } from "../../ui/layout/LoadError";
import { formatCount } from "./admin-format";
import classes from "./AdminLibrary.module.css";

/** A Pi amount as the dashboard's language writes numbers, to Pi's 7 decimals at most. */
const formatPi = (amount: string, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 7 }).format(Number(amount))} π`;

export function PremiumShares() {
  const t = useT();
  const months = trpc.artistAccounts.premiumShareMonths.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.[0]?.month ?? null;
  return (
    <section className={classes.section} aria-labelledby="admin-premium-share-title">
      <Title order={2} id="admin-premium-share-title" className={classes.sectionTitle}>
        {t("premiumShare.admin.title")}
      </Title>
      {months.isPending ? (
        <Skeleton height={64} />
      ) : months.isError ? (
        <LoadError error={months.error} onRetry={() => void months.refetch()} />
      ) : month === null ? (
        <Text size="sm" c="dimmed">
          {t("premiumShare.admin.none")}
        </Text>
      ) : (
        <>
          <NativeSelect
            label={t("premiumShare.admin.month")}
            value={month}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={months.data.map((m) => m.month)}
          />
          <MonthSplit month={month} inputs={months.data.find((m) => m.month === month)} />
        </>
      )}
    </section>
  );
}

function MonthSplit({ month, inputs }: { month: string; inputs: PremiumShareMonthInputsDto | undefined }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const split = trpc.artistAccounts.premiumShareMonth.useQuery({ month });
  if (!inputs) return null;
  const figures = [
    [t("premiumShare.admin.revenue"), formatPi(inputs.revenue, locale)],
    [t("premiumShare.admin.pool", { percent: inputs.sharePercent }), formatPi(inputs.pool, locale)],
    [t("premiumShare.admin.members"), formatCount(inputs.members, locale)],
    [t("premiumShare.admin.withoutPlays"), formatCount(inputs.membersWithoutPlays, locale)],
    [t("premiumShare.admin.credited"), formatPi(inputs.credited, locale)],
    [t("premiumShare.admin.kept"), formatPi(inputs.keptByPlatform, locale)],
  ] as const;
  return (
    <>
      <dl data-testid="premium-share-inputs">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {split.isPending ? (
        <Skeleton height={64} />
      ) : split.isError ? (
        <LoadError error={split.error} onRetry={() => void split.refetch()} />
      ) : (
        <ul className={classes.supportList} aria-label={t("premiumShare.admin.title")}>
          {split.data.artists.map((artist) => (
            <li key={artist.artistId} className={classes.supportItem} data-testid="premium-share-artist">
              <Text fw={600}>{artist.name}</Text>
              <Text size="sm">
                {t("premiumShare.admin.artistLine", {
                  amount: formatPi(artist.amount, locale),
                  members: formatCount(artist.members, locale),
                  plays: formatCount(artist.qualifyingPlays, locale),
                })}
              </Text>
              {!artist.credited && (
                <Badge variant="light" color="gray">
                  {t("premiumShare.admin.noAccount")}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
