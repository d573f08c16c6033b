import { Badge, Skeleton, Text, Title } from "@mantine/core";
import type { MembershipDto } from "@purplebeats/contracts/schemas";
import { daysRemaining, isMembershipActive } from "@purplebeats/contracts/constants";
import { CrownIcon } from "./icons";
import classes from "./Premium.module.css";

/** 'Expires in N days': the ceiling of the remaining days (SPEC.md section 4). */
export function formatExpiresIn(days: number): string {
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
}

export const formatAmountPaid = (amount: string) => `Amount paid: ${amount}π`;

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
  if (!membership) {
    return (
      <section className={classes.membership} aria-label="Your membership">
        <Skeleton height={22} width="50%" />
        <Skeleton height={14} width="70%" mt={10} />
      </section>
    );
  }
  const active = isMembershipActive(membership, now);
  if (!membership.isPremium) {
    return (
      <section className={classes.membership} aria-label="Your membership" data-testid="membership-card">
        <Title order={2} className={classes.cardTitle}>
          Free Plan
        </Title>
        <Text size="sm" c="dimmed">
          Browse, search and play. Upgrade to unlock every feature.
        </Text>
      </section>
    );
  }
  return (
    <section
      className={classes.membership}
      data-active={active || undefined}
      aria-label="Your membership"
      data-testid="membership-card"
    >
      <div className={classes.cardHeading}>
        <CrownIcon size={22} color="var(--mantine-color-yellow-5)" />
        <Title order={2} className={classes.cardTitle}>
          Premium Member
        </Title>
        <Badge color={active ? "green" : "red"} variant="light">
          {active ? "Active" : "Expired"}
        </Badge>
      </div>
      {active ? (
        <Text size="sm">{formatExpiresIn(daysRemaining(membership.expiresAt, now))}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          Your premium month has ended. Renew to keep every feature.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {formatAmountPaid(membership.amount)}
      </Text>
    </section>
  );
}
