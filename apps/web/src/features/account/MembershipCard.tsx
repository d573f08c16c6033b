import { Badge, Skeleton, Text, Title } from "@mantine/core";
import type { MembershipDto } from "@purplebeats/contracts/schemas";
import { daysRemaining, isMembershipActive } from "@purplebeats/contracts/constants";
import { intlLocale, useLocale, type Translate } from "../../i18n";
import { CrownIcon } from "./icons";
import { formatPiNumber } from "./receipt-format";
import classes from "./Premium.module.css";

/** 'Expires in N days': the ceiling of the remaining days (SPEC.md section 4). */
export function formatExpiresIn(days: number, t: Translate): string {
  return t("account.expiresIn", { count: days });
}

export const formatAmountPaid = (amount: string, t: Translate, locale: string) =>
  t("account.amountPaid", { amount: formatPiNumber(amount, locale) });

/**
 * SPEC.md section 2: 'Free Plan', or 'Premium Member' with an Active or Expired badge, how long is left,
 * and the amount paid.
 */
export function MembershipCard({
  membership,
  now = new Date(),
}: {
  membership: MembershipDto | undefined;
  now?: Date;
}) {
  const { t, locale } = useLocale();
  if (!membership) {
    return (
      <section className={classes.membership} aria-label={t("account.yourMembership")}>
        <Skeleton height={22} width="50%" />
        <Skeleton height={14} width="70%" mt={10} />
      </section>
    );
  }
  const active = isMembershipActive(membership, now);
  if (!membership.isPremium) {
    return (
      <section
        className={classes.membership}
        aria-label={t("account.yourMembership")}
        data-testid="membership-card"
      >
        <Title order={2} className={classes.cardTitle}>
          {t("account.freePlan")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("account.freePlanText")}
        </Text>
      </section>
    );
  }
  return (
    <section
      className={classes.membership}
      data-active={active || undefined}
      aria-label={t("account.yourMembership")}
      data-testid="membership-card"
    >
      <div className={classes.cardHeading}>
        <CrownIcon size={22} color="var(--mantine-color-yellow-5)" />
        <Title order={2} className={classes.cardTitle}>
          {t("account.premiumMember")}
        </Title>
        <Badge color={active ? "green" : "red"} variant="light">
          {active ? t("account.active") : t("account.expired")}
        </Badge>
      </div>
      {active ? (
        <Text size="sm">{formatExpiresIn(daysRemaining(membership.expiresAt, now), t)}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("account.premiumEnded")}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {formatAmountPaid(membership.amount, t, intlLocale(locale))}
      </Text>
    </section>
  );
}
