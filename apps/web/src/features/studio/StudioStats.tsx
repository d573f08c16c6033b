// The studio's statistics for one artist: the period (7, 28 or 365 days), its plays, listeners and
// followers, the chart of each day, the top songs, where listeners are (by the language they chose, never
// their address) and the earnings. Counts only: the server names no listener.
import "@mantine/core/styles/SegmentedControl.css";
import { SegmentedControl, Skeleton, Text, Title } from "@mantine/core";
import { Suspense, useMemo, useState } from "react";
import type { ArtistStatsDto, StatsPeriod } from "@purplebeats/contracts/schemas";
import { formatPi } from "../account";
import { intlLocale, useLocale, type MessageKey, type Translate } from "../../i18n";
import { lazyChunk } from "../../lib/chunk-loading";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import card from "../../ui/layout/Card.module.css";
import { countryName, regionOf } from "./studio-rules";
import classes from "./Studio.module.css";
import { StudioPayouts } from "./StudioPayouts";

const PlaysChart = lazyChunk(() => import("./PlaysChart"));

const PERIOD_WORDS: Record<StatsPeriod, MessageKey> = {
  7: "studio.days7",
  28: "studio.days28",
  365: "studio.days365",
};

const LANGUAGE_REGION_WORDS = {
  en: "studio.region.en",
  es: "studio.region.es",
  ar: "studio.region.ar",
} as const satisfies Record<string, MessageKey>;

function regionLabel(
  language: ArtistStatsDto["languages"][number]["language"],
  t: Translate,
  locale: string,
) {
  const region = regionOf(language);
  if (region.kind === "country") return countryName(region.code, locale);
  if (region.kind === "unset") return t("studio.region.unset");
  return t(LANGUAGE_REGION_WORDS[region.language]);
}

export function StudioStats({ artistId }: { artistId: string }) {
  const { t, locale } = useLocale();
  const [days, setDays] = useState<StatsPeriod>(28);
  const stats = trpc.artistStudio.stats.useQuery(
    { artistId, days },
    { placeholderData: (previous) => previous },
  );
  const periods = useMemo(
    () => ([7, 28, 365] as const).map((value) => ({ value: String(value), label: t(PERIOD_WORDS[value]) })),
    [t],
  );
  return (
    <section aria-labelledby="studio-stats" data-testid="studio-stats">
      <Title order={2} id="studio-stats" className={card.cardTitle} mt="md">
        {t("studio.statistics")}
      </Title>
      <SegmentedControl
        fullWidth
        data={periods}
        value={String(days)}
        onChange={(value) => setDays(Number(value) as StatsPeriod)}
        aria-label={t("studio.period")}
      />
      {stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton height={260} mt="md" aria-label={t("studio.loading")} />
      ) : (
        <>
          <Figures stats={stats.data} t={t} locale={intlLocale(locale)} />
          <StudioPayouts artistId={artistId} stats={stats.data} />
        </>
      )}
    </section>
  );
}

function Figures({ stats, t, locale }: { stats: ArtistStatsDto; t: Translate; locale: string }) {
  const number = (value: number) => value.toLocaleString(locale);
  const labels = useMemo(() => ({ plays: t("studio.plays"), listeners: t("studio.listeners") }), [t]);
  const { totals, earnings } = stats;
  return (
    <>
      <div className={classes.figures}>
        <Figure label={t("studio.plays")} value={number(totals.plays)} testId="studio-plays" />
        <Figure label={t("studio.listeners")} value={number(totals.listeners)} testId="studio-listeners" />
        <Figure
          label={t("studio.followers")}
          value={number(totals.followers)}
          note={
            totals.newFollowers > 0 ? t("studio.newFollowers", { count: totals.newFollowers }) : undefined
          }
          testId="studio-followers"
        />
      </div>
      <div className={classes.chart}>
        <Suspense fallback={<Skeleton height={180} />}>
          <PlaysChart
            daily={stats.daily}
            labels={labels}
            locale={locale}
            summary={t("studio.chartSummary", { plays: totals.plays, listeners: totals.listeners })}
          />
        </Suspense>
      </div>

      <section className={card.card} aria-labelledby="studio-top-songs">
        <Title order={3} id="studio-top-songs" className={card.cardTitle}>
          {t("studio.topSongs")}
        </Title>
        {stats.topSongs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("studio.noPlays")}
          </Text>
        ) : (
          <ol className={classes.list} aria-labelledby="studio-top-songs">
            {stats.topSongs.map((song) => (
              <li key={song.id} className={classes.row}>
                <span>{song.title}</span>
                <span>{t("studio.playCount", { count: song.plays })}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={card.card} aria-labelledby="studio-regions">
        <Title order={3} id="studio-regions" className={card.cardTitle}>
          {t("studio.topRegions")}
        </Title>
        {stats.languages.length > 0 || stats.otherListeners > 0 ? (
          <ul className={classes.list} aria-labelledby="studio-regions">
            {stats.languages.map((group) => (
              <li key={group.language} className={classes.row}>
                <span>{regionLabel(group.language, t, locale)}</span>
                <span>{t("studio.listenerCount", { count: group.listeners })}</span>
              </li>
            ))}
            {stats.otherListeners > 0 && (
              <li className={classes.row}>
                <span>{t("studio.region.other")}</span>
                <span>{t("studio.listenerCount", { count: stats.otherListeners })}</span>
              </li>
            )}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {t("studio.noPlays")}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {t("studio.regionsHint")}
        </Text>
      </section>

      <section className={card.card} aria-labelledby="studio-earnings" data-testid="studio-earnings">
        <Title order={3} id="studio-earnings" className={card.cardTitle}>
          {t("studio.earnings")}
        </Title>
        <dl className={card.facts}>
          <div>
            <dt>{t("studio.tips")}</dt>
            <dd>{formatPi(earnings.tips, t, locale)}</dd>
          </div>
          <div>
            <dt>{t("studio.premiumShare")}</dt>
            <dd>
              {earnings.premiumShare === null
                ? t("studio.premiumSharePending")
                : formatPi(earnings.premiumShare, t, locale)}
            </dd>
          </div>
          <div>
            <dt>{t("studio.paidOut")}</dt>
            <dd>{formatPi(earnings.paidOut, t, locale)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <div className={classes.figure} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div className={classes.figureValue}>{value}</div>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}
