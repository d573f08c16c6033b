import { useId, type ReactNode } from "react";
import { retryChunks, useChunkState, reloadPage } from "../../lib/chunk-loading";
import classes from "./ChunkUnavailable.module.css";

export const OFFLINE_TITLE = "You are offline";
export const UPDATE_TITLE = "A new version is available";

export interface ChunkUnavailableProps {
  /** 'screen': in the place of a screen (the shell around it stays); 'overlay': over the screen (a menu, a dialog). */
  variant: "screen" | "overlay";
  /** What is missing, in the listener's words ('This screen', 'This menu'). */
  what?: string;
  /** An overlay's Close: the listener gives up on the menu or dialog. */
  onClose?: () => void;
}

/**
 * A part of the app whose code could not be loaded (lib/chunk-loading.ts): offline, it says so and opens by
 * itself when the network returns, with a Retry meanwhile; after a new deploy, it offers the new version.
 */
export function ChunkUnavailable({
  variant,
  what = "This part of PurpleBeats",
  onClose,
}: ChunkUnavailableProps) {
  const { online, updateReady } = useChunkState();
  const titleId = useId();
  const title = updateReady ? UPDATE_TITLE : online ? "Something did not load" : OFFLINE_TITLE;
  const text = updateReady
    ? "Reload to open it: PurpleBeats has been updated since this page was loaded."
    : online
      ? `${what} could not be loaded. Check your connection and try again.`
      : `${what} needs a connection to load. It opens by itself when you are back online.`;
  return (
    <section
      className={classes[variant]}
      role={variant === "overlay" ? "alertdialog" : "alert"}
      aria-labelledby={titleId}
      data-chunk-unavailable={variant}
    >
      <h2 className={classes.title} id={titleId}>
        {title}
      </h2>
      <p className={classes.text}>{text}</p>
      <div className={classes.actions}>
        {updateReady ? (
          <button type="button" className={classes.button} onClick={() => reloadPage.now()}>
            Reload
          </button>
        ) : (
          <button type="button" className={classes.button} onClick={retryChunks}>
            Retry
          </button>
        )}
        {onClose && (
          <button type="button" className={classes.button} data-variant="subtle" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * A menu whose code could not be loaded when its trigger was pressed: the trigger stays, and the notice shows
 * over the screen until closed (pressed again, the trigger asks again).
 */
export function MenuUnavailable({ trigger, onClose }: { trigger: ReactNode; onClose: () => void }) {
  return (
    <>
      {trigger}
      <ChunkUnavailable variant="overlay" what="This menu" onClose={onClose} />
    </>
  );
}

/**
 * `failed` of a lazily loaded dialog (lib/chunk-loading.tsx's lazyChunk): opened before its code came, a notice
 * over the screen says why, and closes as the dialog would.
 */
export function dialogUnavailable({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactNode {
  return opened ? <ChunkUnavailable variant="overlay" what="This dialog" onClose={onClose} /> : null;
}
