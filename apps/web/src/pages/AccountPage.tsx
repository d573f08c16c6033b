// /account: how the listener signed in, their membership and every payment's receipt.
import { Badge, Button, Skeleton, Text, Title } from "@mantine/core";
import type { RouterOutputs } from "@purplebeats/contracts";
import { ArtistAccountCard, formatPi, formatReceiptDate, receiptStatus, useAuth } from "../features/account";
import { ACCOUNT_READS } from "../first-screen/first-screen-reads";
import { paths } from "../lib/paths";
import { trpc } from "../lib/trpc";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import { ScreenLink } from "../ui/screen-link";
import screen from "../ui/layout/Screen.module.css";
import card from "../ui/layout/Card.module.css";
import classes from "./AccountScreens.module.css";

type Overview = RouterOutputs["account"]["overview"];
type Receipt = RouterOutputs["account"]["receipts"]["items"][number];

export function AccountPage() {
  const { user } = useAuth();
  const overview = trpc.account.overview.useQuery(undefined, { enabled: user !== null });
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title="Account" />
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <>
          <SignIn overview={overview.data} />
          <Membership membership={overview.data.membership} />
        </>
      ) : (
        <Skeleton height={160} mt="md" aria-label="Loading your account" />
      )}
      <ArtistAccountCard />
      <Receipts enabled={user !== null} />
    </div>
  );
}

function SignIn({ overview }: { overview: Overview }) {
  return (
    <section className={card.card} aria-labelledby="account-sign-in">
      <Title order={2} id="account-sign-in" className={card.cardTitle}>
        Sign-in
      </Title>
      <dl className={card.facts}>
        <div>
          <dt>Signed in with</dt>
          <dd>{overview.signInMethod === "pi" ? "Pi Network" : "Guest session"}</dd>
        </div>
        <div>
          <dt>Pi username</dt>
          <dd data-testid="account-pi-username">{overview.piUsername ?? "Not signed in with Pi"}</dd>
        </div>
      </dl>
    </section>
  );
}

function Membership({ membership }: { membership: Overview["membership"] }) {
  const expires = membership.expiresAt ? formatReceiptDate(membership.expiresAt) : null;
  return (
    <section className={card.card} aria-labelledby="account-membership">
      <Title order={2} id="account-membership" className={card.cardTitle}>
        Membership
      </Title>
      <dl className={card.facts}>
        <div>
          <dt>Plan</dt>
          <dd>
            <Badge
              color={membership.isPremium ? "yellow" : "gray"}
              variant={membership.isPremium ? "filled" : "light"}
            >
              {membership.isPremium ? "Premium Member" : "Free Listener"}
            </Badge>
          </dd>
        </div>
        {expires && (
          <div>
            <dt>{membership.isPremium ? "Renews by payment before" : "Expired on"}</dt>
            <dd>{expires}</dd>
          </div>
        )}
      </dl>
      {!membership.isPremium && (
        <Button component={ScreenLink} to={paths.premium} mt="md" variant="light">
          Go Premium
        </Button>
      )}
    </section>
  );
}

function Receipts({ enabled }: { enabled: boolean }) {
  const receipts = trpc.account.receipts.useInfiniteQuery(ACCOUNT_READS.receipts, {
    enabled,
    getNextPageParam: (page) => page.nextCursor,
  });
  const items = receipts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={card.card} aria-labelledby="account-receipts">
      <Title order={2} id="account-receipts" className={card.cardTitle}>
        Receipts
      </Title>
      {receipts.isError ? (
        <LoadError error={receipts.error} onRetry={() => void receipts.refetch()} />
      ) : !receipts.data ? (
        <Skeleton height={48} aria-label="Loading your receipts" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No payments yet
        </Text>
      ) : (
        <>
          <ul className={classes.receipts} aria-label="Receipts">
            {items.map((receipt) => (
              <ReceiptRow key={receipt.paymentId} receipt={receipt} />
            ))}
          </ul>
          <LoadMore
            hasMore={receipts.hasNextPage}
            loading={receipts.isFetchingNextPage}
            onLoadMore={() => void receipts.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function ReceiptRow({ receipt }: { receipt: Receipt }) {
  return (
    <li className={classes.receipt} data-testid="receipt">
      <Text size="sm" fw={600}>
        {formatReceiptDate(receipt.date)}
      </Text>
      <Text size="sm" fw={600}>
        {formatPi(receipt.amount)}
      </Text>
      <Text size="xs" c="dimmed">
        Premium, 1 month
      </Text>
      <Text size="xs" c={receipt.status === "completed" ? "green.4" : "dimmed"}>
        {receiptStatus(receipt)}
      </Text>
      <span className={classes.txid}>{receipt.txid ? `txid ${receipt.txid}` : "No transaction yet"}</span>
    </li>
  );
}
