import type { ComponentType } from "react";
import { useLocation } from "react-router-dom";
import { useT, type MessageKey } from "../../i18n";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import { HeartIcon, HomeIcon, LibraryIcon, SearchIcon } from "../../ui/icons";
import classes from "./BottomNav.module.css";

interface Tab {
  label: MessageKey;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/** SPEC.md section 2: the four tabs, in this order. */
const TABS: Tab[] = [
  { label: "nav.home", to: paths.home, icon: HomeIcon },
  { label: "nav.search", to: paths.search, icon: SearchIcon },
  { label: "nav.library", to: paths.library, icon: LibraryIcon },
  { label: "nav.likedSongs", to: paths.likedSongs, icon: HeartIcon },
];

/** Whether the tab is the current screen's: Home only at "/", the others also on the addresses below them. */
export const isCurrentTab = (tab: string, pathname: string) =>
  pathname === tab || (tab !== paths.home && pathname.startsWith(`${tab}/`));

/**
 * The tab bar at the bottom of every screen; the current tab is marked (aria-current="page"). The bar follows the
 * location (which tab is current); its links do not, so a navigation renders the bar, not React Router's work
 * for each of its links.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <nav className={classes.nav} aria-label={t("nav.main")} data-testid="bottom-nav">
      {TABS.map(({ label, to, icon: Icon }) => (
        <ScreenLink
          key={to}
          to={to}
          className={classes.tab}
          aria-current={isCurrentTab(to, pathname) ? "page" : undefined}
        >
          <Icon size={22} />
          <span>{t(label)}</span>
        </ScreenLink>
      ))}
    </nav>
  );
}
