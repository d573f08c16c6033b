import { Title } from "@mantine/core";
import { ScreenLink } from "../ui/screen-link";
import { paths } from "../lib/paths";
import { LogoMark } from "../ui/icons";
import { HeaderAccount, PrivateSessionIndicator } from "../features/account";
import { SearchBox } from "../features/search";
import classes from "./AppHeader.module.css";
import { useT } from "../i18n";

export interface AppHeaderProps {
  /** Show the search box under the title row. */
  withSearch?: boolean;
  /** The search box's starting text (the search page passes its query). */
  searchText?: string;
}

/** Logo, product title, account corner and, on some screens, the search box: the header screens share. */
export function AppHeader({ withSearch = false, searchText = "" }: AppHeaderProps) {
  const t = useT();
  return (
    <header className={classes.header}>
      <div className={classes.row}>
        <ScreenLink to={paths.home} className={classes.brand} aria-label={t("header.home")}>
          <LogoMark size={32} />
          <Title order={1} className={classes.title}>
            PurpleBeats
          </Title>
        </ScreenLink>
        <PrivateSessionIndicator />
        <HeaderAccount />
      </div>
      {/* key: a new query from the address bar replaces what was typed */}
      {withSearch && <SearchBox key={searchText} initialText={searchText} />}
    </header>
  );
}
