// The header's sign that a private session is on, so the listener knows their plays are their own; a tap
// leads to the switch that ends it. Read once the first screen is done: it is no part of the first paint.
import { useEffect, useState } from "react";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { paths } from "../../lib/paths";
import { LockIcon } from "../../ui/icons";
import { ScreenLink } from "../../ui/screen-link";
import { intlLocale, useLocale } from "../../i18n";
import { useAuth } from "./AuthProvider";
import { trpc } from "../../lib/trpc";
import { formatSessionEnd } from "./session-end";
import classes from "./PrivateSessionIndicator.module.css";

export function PrivateSessionIndicator() {
  const { t, locale } = useLocale();
  const { user } = useAuth();
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  const settings = trpc.activity.settings.useQuery(undefined, { enabled: ready && user !== null });
  const until = user ? settings.data?.privateSessionUntil : null;
  // An ended session is off even before the settings are read again.
  if (!until || Date.parse(until) <= Date.now()) return null;
  const label = t("account.privateSessionUntil", { time: formatSessionEnd(until, intlLocale(locale)) });
  return (
    <ScreenLink
      to={paths.settings}
      className={classes.indicator}
      aria-label={label}
      title={label}
      data-testid="private-session-indicator"
    >
      <LockIcon size={14} />
      <span>{t("account.private")}</span>
    </ScreenLink>
  );
}
