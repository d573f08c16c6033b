import { reloadPage, useChunkState } from "../../lib/chunk-loading";
import classes from "./NetworkNotice.module.css";

export const OFFLINE_NOTICE = "You are offline";
export const UPDATE_NOTICE = "A new version is available";

/**
 * The shell's line about the network and the build (lib/chunk-loading.tsx): offline, that what is here still
 * works and the rest waits for the connection; after a new deploy, the new version with a Reload (a page whose
 * chunks are gone takes it by itself at a moment nothing plays: lib/chunk-loading.tsx).
 */
export function NetworkNotice() {
  const { online, updateReady } = useChunkState();
  if (updateReady)
    return (
      <div className={classes.notice} role="status" data-network-notice="update">
        <span>{UPDATE_NOTICE}</span>
        <button type="button" className={classes.action} onClick={() => reloadPage.now()}>
          Reload
        </button>
      </div>
    );
  if (!online)
    return (
      <div className={classes.notice} role="status" data-network-notice="offline">
        {OFFLINE_NOTICE}
      </div>
    );
  return null;
}
