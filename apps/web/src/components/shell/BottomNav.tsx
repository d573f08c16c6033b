import type { ComponentType } from "react";
import { NavLink } from "react-router-dom";
import { paths } from "../../lib/paths";
import { HeartIcon, HomeIcon, LibraryIcon, SearchIcon } from "../icons";
import classes from "./BottomNav.module.css";

interface Tab {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/** SPEC.md section 2: the four tabs, in this order. */
const TABS: Tab[] = [
  { label: "Home", to: paths.home, icon: HomeIcon },
  { label: "Search", to: paths.search, icon: SearchIcon },
  { label: "Library", to: paths.library, icon: LibraryIcon },
  { label: "Liked Songs", to: paths.likedSongs, icon: HeartIcon },
];

/** The tab bar at the bottom of every screen; the current tab is marked (aria-current="page"). */
export function BottomNav() {
  return (
    <nav className={classes.nav} aria-label="Main" data-testid="bottom-nav">
      {TABS.map(({ label, to, icon: Icon }) => (
        <NavLink key={to} to={to} end={to === paths.home} className={classes.tab}>
          <Icon size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
