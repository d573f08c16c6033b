// Loaded after Mantine's base styles (src/app/styles.ts), since this module arrives later.
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/notifications/styles.css";
import { Notifications, type NotificationData } from "@mantine/notifications";
import { useHotkeys } from "@mantine/hooks";
import type { CSSProperties } from "react";
import { TOAST_DURATION_MS, TOAST_FOCUS_HOTKEY, TOAST_LIMIT, toastRoom } from "../../lib/toast";
import { useStoreValue } from "../../lib/value-store";
import { SwipeableToast } from "./SwipeableToast";
import classes from "./Toaster.module.css";

/**
 * Where toasts appear: a snackbar at the bottom of the phone column, just above the mini player and the bottom
 * navigation (above the navigation alone when the player is away or dragged up), clear of the header's logo,
 * account corner and search box. Loaded lazily (see LazyToaster): nothing here is needed for the first paint.
 */
export function Toaster() {
  const bottom = useStoreValue(toastRoom);
  // F8 takes keyboard users to the toast so they can read it, follow its action or dismiss it.
  useHotkeys([[TOAST_FOCUS_HOTKEY, focusToast]], []);
  return (
    <Notifications
      position="bottom-center"
      containerWidth={440}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      // Mantine dismisses on a 35 % drag either way; SPEC.md wants right only, past 50 px (SwipeableToast).
      allowDragDismiss={false}
      allowScrollDismiss={false}
      renderNotification={(data: NotificationData) => <SwipeableToast data={data} />}
      classNames={{ root: classes.root }}
      style={bottom === null ? undefined : ({ "--pb-toast-bottom": `${bottom}px` } as CSSProperties)}
    />
  );
}

function focusToast() {
  document.querySelector<HTMLElement>("[data-toast]")?.focus();
}
