import { useEffect } from "react";
import { paths } from "../../lib/paths";
import { ChunkUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { LogoMark } from "../../ui/icons";
import { ScreenLink } from "../../ui/screen-link";
import classes from "./ScreenUnavailable.module.css";
import { useT } from "../../i18n";

/**
 * In place of a screen whose code could not be loaded (lib/chunk-loading.tsx): the header's brand (a way Home)
 * and why, with a Retry, above the shell's mini player and navigation. Not the screens' AppHeader: its account
 * corner would bring its code into the start of every screen, and offline it has nothing to show.
 */
export function ScreenUnavailable() {
  const t = useT();
  useEffect(() => {
    // The app is there, with its shell: end-to-end tests wait for this mark before they tap.
    document.documentElement.dataset.app = "ready";
  }, []);
  return (
    <>
      <header className={classes.header}>
        <ScreenLink to={paths.home} className={classes.brand} aria-label={t("header.home")}>
          <LogoMark size={32} />
          <span className={classes.title}>PurpleBeats</span>
        </ScreenLink>
      </header>
      <ChunkUnavailable variant="screen" what="screen" />
    </>
  );
}
