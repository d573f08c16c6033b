import { reloadPage, useChunkState } from "../../lib/chunk-loading";
import classes from "./NetworkNotice.module.css";
import { useT } from "../../i18n";

/**
 * The shell's line about the network and the build (lib/chunk-loading.tsx): offline, that what is here still
 * works and the rest waits for the connection; after a new deploy, the new version with a Reload (a page whose
 * chunks are gone takes it by itself at a moment nothing plays: lib/chunk-loading.tsx).
 */
export function NetworkNotice() {
  const { online, updateReady } = useChunkState();
  const t = useT();
  if (updateReady)
    return (
      <div className={classes.notice} role="status" data-network-notice="update">
        <span>{t("network.update")}</span>
        <button type="button" className={classes.action} onClick={() => reloadPage.now()}>
          {t("network.reload")}
        </button>
      </div>
    );
  if (!online)
    return (
      <div className={classes.notice} role="status" data-network-notice="offline">
        {t("network.offline")}
      </div>
    );
  return null;
}
