// SPEC.md section 2 "Premium page": the membership, the five features, and buying a month with Pi.
import { Anchor, Button, Text, Title } from "@mantine/core";
import { useState } from "react";
import {
  useMembership,
  CrownIcon,
  FeatureCards,
  MembershipCard,
  PaymentCard,
  premiumClasses as classes,
} from "../features/account";
import { isMembershipActive } from "@purplebeats/contracts/constants";
import { BackButton } from "../ui/layout/BackButton";
import { ScreenLink } from "../ui/screen-link";
import { LoadError } from "../ui/layout/LoadError";
import { paths } from "../lib/paths";
import screen from "../ui/layout/Screen.module.css";
import { useT } from "../i18n";

export function PremiumPage() {
  const membership = useMembership();
  const active = isMembershipActive(membership.data);
  const [paying, setPaying] = useState(false);
  const t = useT();

  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.home} label={t("common.backToHome")} />
        <Title order={1} style={{ fontSize: "1.25rem" }}>
          {t("premium.title")}
        </Title>
      </div>

      {active && (
        <div className={classes.banner} role="status">
          <CrownIcon size={28} />
          <div>
            <Text fw={800} size="lg">
              {t("premium.youArePremium")}
            </Text>
            <Text size="sm">{t("premium.allUnlocked")}</Text>
          </div>
        </div>
      )}

      {membership.isError ? (
        <LoadError error={membership.error} onRetry={() => void membership.refetch()} />
      ) : (
        <MembershipCard membership={membership.data} />
      )}

      <Title order={2} className={classes.sectionTitle}>
        {t("premium.features")}
      </Title>
      <FeatureCards active={active} />

      {/* Offered only once the membership is known to be inactive: never to a member whose read is slow.
          A payment under way keeps its card while the wallet sign-in reads the membership again. */}
      {(paying || membership.isSuccess) && !active && (
        <section className={classes.getPremium} aria-labelledby="get-premium">
          <Title order={2} id="get-premium" className={classes.cardTitle}>
            {t("premium.get")}
          </Title>
          <Text className={classes.price}>3.14π</Text>
          <Text size="sm" c="dimmed">
            {t("premium.oneTimePayment")}
          </Text>
          {paying ? (
            <PaymentCard onCancel={() => setPaying(false)} />
          ) : (
            <Button
              mt="sm"
              size="md"
              onClick={() => setPaying(true)}
              leftSection={<CrownIcon size={18} />}
              classNames={{ root: classes.upgradeButton, label: classes.upgradeLabel }}
            >
              {t("premium.upgrade")}
            </Button>
          )}
        </section>
      )}
      <Text size="xs" c="dimmed" mt="lg">
        {t("premium.paymentsAndData")}{" "}
        <Anchor component={ScreenLink} to={paths.legal} inherit>
          {t("settings.legal")}
        </Anchor>
      </Text>
    </div>
  );
}
