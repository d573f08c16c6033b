// Running an artist: the Account screen's 'Artists' card (the artists the listener manages, with their
// balances and the way to their studio, and their requests) and the button that opens the request dialog (ArtistRequestDialog.tsx).
import { Button, Text, Title } from "@mantine/core";
import { Suspense, useState } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { trpc } from "../../lib/trpc";
import { isGuestUid } from "../../lib/identity";
import { intlLocale, useLocale, useT, type MessageKey } from "../../i18n";
import { useAuth } from "./AuthProvider";
import { formatPi } from "./receipt-format";
import card from "../../ui/layout/Card.module.css";
import { paths } from "../../lib/paths";
import { ScreenLink } from "../../ui/screen-link";

// A modal's code (focus trap, portal, scroll lock) is not needed until the button is pressed.
const ArtistRequestDialog = lazyChunk(() => import("./ArtistRequestDialog"), { failed: dialogUnavailable });

const STATUS_WORDS = {
  pending: "artists.status.pending",
  approved: "artists.status.approved",
  refused: "artists.status.refused",
} as const satisfies Record<string, MessageKey>;

/** 'Become an artist' (a new profile), or 'Claim this artist' when `claim` names the artist. */
export function ArtistRequestButton({ claim }: { claim?: { id: string; name: string } }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant={claim ? "subtle" : "light"}
        size={claim ? "compact-sm" : "sm"}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
      >
        {claim ? t("artists.claim") : t("artists.become")}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ArtistRequestDialog claim={claim} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The Account screen's 'Artists' card, for Pi listeners (a guest has no wallet to be paid in). */
export function ArtistAccountCard() {
  const { user } = useAuth();
  const pi = user !== null && !isGuestUid(user.uid);
  const mine = trpc.artistAccounts.mine.useQuery(undefined, { enabled: pi });
  const { t, locale } = useLocale();
  if (!pi) return null;
  const waiting = mine.data?.requests.some((r) => r.status === "pending") ?? false;
  return (
    <section className={card.card} aria-labelledby="account-artists" data-testid="artist-account">
      <Title order={2} id="account-artists" className={card.cardTitle}>
        {t("artists.card")}
      </Title>
      {mine.data?.managed.map((artist) => (
        <div key={artist.id}>
          <Text>
            {t("artists.balance", {
              name: artist.name,
              balance: formatPi(String(Number(artist.balance)), t, intlLocale(locale)),
            })}
          </Text>
          <Button component={ScreenLink} to={paths.artistStudio} variant="light" size="compact-sm" mt={4}>
            {t("studio.open")}
          </Button>
        </div>
      ))}
      {mine.data?.requests
        .filter((r) => r.status !== "approved")
        .map((r) => (
          <Text key={r.id} size="sm" c="dimmed">
            {t("artists.requestStatus", { name: r.name, status: t(STATUS_WORDS[r.status]) })}
          </Text>
        ))}
      {!waiting && <ArtistRequestButton />}
    </section>
  );
}
