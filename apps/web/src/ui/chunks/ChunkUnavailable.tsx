import { useId, type ReactNode } from "react";
import { retryChunks, useChunkState, reloadPage } from "../../lib/chunk-loading";
import classes from "./ChunkUnavailable.module.css";
import { useT } from "../../i18n";

/** The parts of the app whose code may fail to load, named in the catalogs' 'chunk.*' messages. */
export type MissingPart =
  "app" | "screen" | "menu" | "dialog" | "queue" | "nowPlaying" | "addingSongs" | "reordering";

export interface ChunkUnavailableProps {
  /** 'screen': in the place of a screen (the shell around it stays); 'overlay': over the screen (a menu, a dialog). */
  variant: "screen" | "overlay";
  /** What is missing ('This screen', 'This menu': the catalog's words for each). */
  what?: MissingPart;
  /** An overlay's Close: the listener gives up on the menu or dialog. */
  onClose?: () => void;
}

/**
 * A part of the app whose code could not be loaded (lib/chunk-loading.ts): offline, it says so and opens by
 * itself when the network returns, with a Retry meanwhile; after a new deploy, it offers the new version.
 */
export function ChunkUnavailable({ variant, what = "app", onClose }: ChunkUnavailableProps) {
  const { online, updateReady } = useChunkState();
  const titleId = useId();
  const t = useT();
  const title = updateReady ? t("network.update") : online ? t("chunk.failedTitle") : t("network.offline");
  const text = updateReady
    ? t("chunk.updated")
    : online
      ? t("chunk.failed", { part: what })
      : t("chunk.offline", { part: what });
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
            {t("network.reload")}
          </button>
        ) : (
          <button type="button" className={classes.button} onClick={retryChunks}>
            {t("chunk.retry")}
          </button>
        )}
        {onClose && (
          <button type="button" className={classes.button} data-variant="subtle" onClick={onClose}>
            {t("common.close")}
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
      <ChunkUnavailable variant="overlay" what="menu" onClose={onClose} />
    </>
  );
}

/**
 * `failed` of a lazily loaded dialog (lib/chunk-loading.tsx's lazyChunk): opened before its code came, a notice
 * over the screen says why, and closes as the dialog would.
 */
export function dialogUnavailable({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactNode {
  return opened ? <ChunkUnavailable variant="overlay" what="dialog" onClose={onClose} /> : null;
}
