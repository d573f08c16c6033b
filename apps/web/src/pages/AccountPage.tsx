// /account: how the listener signed in, their membership and every payment's receipt.
import { Badge, Button, Skeleton, Text, Title } from "@mantine/core";
import type { RouterOutputs } from "@purplebeats/contracts";
import { ArtistAccountCard, formatPi, formatReceiptDate, receiptStatus, useAuth } from "../features/account";
import { ACCOUNT_READS } from "../first-screen/first-screen-reads";
import { paths } from "../lib/paths";
import { intlLocale, useLocale, useT } from "../i18n";
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
  const t = useT();
  const { user } = useAuth();
  const overview = trpc.account.overview.useQuery(undefined, { enabled: user !== null });
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("account.title")} />
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <>
          <SignIn overview={overview.data} />
          <Membership membership={overview.data.membership} />
        </>
      ) : (
        <Skeleton height={160} mt="md" aria-label={t("account.loading")} />
      )}
      <ArtistAccountCard />
      <Receipts enabled={user !== null} />
    </div>
  );
}

function SignIn({ overview }: { overview: Overview }) {
  const t = useT();
  return (
    <section className={card.card} aria-labelledby="account-sign-in">
      <Title order={2} id="account-sign-in" className={card.cardTitle}>
        {t("account.signIn")}
      </Title>
      <dl className={card.facts}>
        <div>
          <dt>{t("account.signedInWith")}</dt>
          <dd>{overview.signInMethod === "pi" ? t("account.piNetwork") : t("account.guestSession")}</dd>
        </div>
        <div>
          <dt>{t("account.piUsername")}</dt>
          <dd data-testid="account-pi-username">{overview.piUsername ?? t("account.notSignedInWithPi")}</dd>
        </div>
      </dl>
    </section>
  );
}

function Membership({ membership }: { membership: Overview["membership"] }) {
  const { t, locale } = useLocale();
  const expires = membership.expiresAt ? formatReceiptDate(membership.expiresAt, intlLocale(locale)) : null;
  return (
    <section className={card.card} aria-labelledby="account-membership">
      <Title order={2} id="account-membership" className={card.cardTitle}>
        {t("account.membership")}
      </Title>
      <dl className={card.facts}>
        <div>
          <dt>{t("account.plan")}</dt>
          <dd>
            <Badge
              color={membership.isPremium ? "yellow" : "gray"}
              variant={membership.isPremium ? "filled" : "light"}
            >
              {membership.isPremium ? t("account.premiumMember") : t("account.freeListener")}
            </Badge>
          </dd>
        </div>
        {expires && (
          <div>
            <dt>{membership.isPremium ? t("account.renewsBefore") : t("account.expiredOn")}</dt>
            <dd>{expires}</dd>
          </div>
        )}
      </dl>
      {!membership.isPremium && (
        <Button component={ScreenLink} to={paths.premium} mt="md" variant="light">
          {t("account.goPremium")}
        </Button>
      )}
    </section>
  );
}

function Receipts({ enabled }: { enabled: boolean }) {
  const t = useT();
  const receipts = trpc.account.receipts.useInfiniteQuery(ACCOUNT_READS.receipts, {
    enabled,
    getNextPageParam: (page) => page.nextCursor,
  });
  const items = receipts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={card.card} aria-labelledby="account-receipts">
      <Title order={2} id="account-receipts" className={card.cardTitle}>
        {t("account.receipts")}
      </Title>
      {receipts.isError ? (
        <LoadError error={receipts.error} onRetry={() => void receipts.refetch()} />
      ) : !receipts.data ? (
        <Skeleton height={48} aria-label={t("account.receiptsLoading")} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("account.noPayments")}
        </Text>
      ) : (
        <>
          <ul className={classes.receipts} aria-label={t("account.receipts")}>
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
  const { t, locale } = useLocale();
  const language = intlLocale(locale);
  return (
    <li className={classes.receipt} data-testid="receipt">
      <Text size="sm" fw={600}>
        {formatReceiptDate(receipt.date, language)}
      </Text>
      <Text size="sm" fw={600}>
        {formatPi(receipt.amount, t, language)}
      </Text>
      <Text size="xs" c="dimmed">
        {t("account.receiptItem")}
      </Text>
      <Text size="xs" c={receipt.status === "completed" ? "green.4" : "dimmed"}>
        {receiptStatus(receipt, t)}
      </Text>
      <span className={classes.txid}>
        {receipt.txid ? t("account.txid", { txid: receipt.txid }) : t("account.noTransaction")}
      </span>
    </li>
  );
}
