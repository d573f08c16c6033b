// /artist-studio's content: for a listener who manages an approved artist, that artist's statistics, payouts,
// premium share by month and releases (a picker when they manage several); for anyone else, what the studio is and how to ask.
import "@mantine/core/styles/Input.css";
import { NativeSelect, Skeleton, Text, Title } from "@mantine/core";
import { Suspense, useState } from "react";
import { ArtistRequestButton, isGuestUid, loadArtistReleases, SignInWithPi, useAuth } from "../account";
import { useT, type MessageKey } from "../../i18n";
import { lazyChunk } from "../../lib/chunk-loading";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import card from "../../ui/layout/Card.module.css";
import { StudioPremiumShares } from "./StudioPremiumShares";
import { StudioStats } from "./StudioStats";

const ArtistReleases = lazyChunk(loadArtistReleases);

const REQUEST_WORDS = {
  pending: "artists.status.pending",
  approved: "artists.status.approved",
  refused: "artists.status.refused",
} as const satisfies Record<string, MessageKey>;

export function ArtistStudio() {
  const t = useT();
  const { user, loading } = useAuth();
  const pi = user !== null && !isGuestUid(user.uid);
  const mine = trpc.artistAccounts.mine.useQuery(undefined, { enabled: pi });
  const [chosen, setChosen] = useState<string | null>(null);
  if (loading) return <Skeleton height={260} mt="md" aria-label={t("studio.loading")} />;
  if (!pi) return <NotAnArtist signIn />;
  if (mine.isError) return <LoadError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return <Skeleton height={260} mt="md" aria-label={t("studio.loading")} />;
  const { managed, requests } = mine.data;
  const artist = managed.find((a) => a.id === chosen) ?? managed[0];
  if (!artist) {
    const waiting = requests.filter((r) => r.status !== "approved");
    return (
      <NotAnArtist>
        {waiting.map((r) => (
          <Text key={r.id} size="sm" c="dimmed" mt="xs">
            {t("artists.requestStatus", { name: r.name, status: t(REQUEST_WORDS[r.status]) })}
          </Text>
        ))}
        {!waiting.some((r) => r.status === "pending") && <ArtistRequestButton />}
      </NotAnArtist>
    );
  }
  return (
    <div data-testid="artist-studio">
      {managed.length > 1 ? (
        <NativeSelect
          label={t("studio.pickArtist")}
          data={managed.map((a) => ({ value: a.id, label: a.name }))}
          value={artist.id}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      ) : (
        <Title order={2} className={card.cardTitle}>
          {artist.name}
        </Title>
      )}
      <StudioStats key={artist.id} artistId={artist.id} />
      <StudioPremiumShares artistId={artist.id} />
      {/* The releases' own heading and 'Upload a release' are ArtistReleases'. */}
      <section className={card.card}>
        <Suspense fallback={<Skeleton height={40} />}>
          <ArtistReleases artist={artist} />
        </Suspense>
      </section>
    </div>
  );
}

/** Not running an artist: what the studio is, and the way to ask (a guest first signs in with Pi). */
function NotAnArtist({ signIn = false, children }: { signIn?: boolean; children?: React.ReactNode }) {
  const t = useT();
  return (
    <section className={card.card} data-testid="studio-not-artist">
      <Title order={2} className={card.cardTitle}>
        {t("studio.notArtist")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {signIn ? t("studio.signInHint") : t("studio.notArtistHint")}
      </Text>
      {signIn ? <SignInWithPi /> : children}
    </section>
  );
}
