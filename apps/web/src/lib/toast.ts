import { createValueStore } from "./value-store";

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
  /** A second action (the skip limit's 'Watch an ad'): its button closes the toast and runs it. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run(): void;
}

/** The actions of the toasts on screen, by toast id (a function cannot travel in the toast's data attributes). */
const toastActions = new Map<string, ToastAction>();

/** The action of the toast `id`, if it has one (read by the Toaster). */
export const toastActionOf = (id: string): ToastAction | undefined => toastActions.get(id);

/**
 * Where a toast's bottom edge sits (px above the screen's bottom) while the mini player is in the lower half of
 * the screen, so that the toast is above it; null: just above the bottom navigation. Published by the player
 * (features/player/player-room.ts), read by the Toaster.
 */
export const toastRoom = createValueStore<number | null>(null);

/** What mounts the Toaster, which waits for the first screen to be done, when a toast comes sooner. */
const toastShownListeners = new Set<() => void>();

/** Calls `listener` whenever a toast is shown; returns a function that stops it. */
export function onToastShown(listener: () => void): () => void {
  toastShownListeners.add(listener);
  return () => toastShownListeners.delete(listener);
}

/** The toast on screen now (none once it closes), so that the next one can replace it. */
let shown: { id: string; key: string } | null = null;

/**
 * The one way the app tells a listener something happened. SPEC.md allows one toast at a time: the newest
 * replaces the one shown (a queued message would be stale, even contradict the screen, by the time it showed),
 * and the message already on screen is not shown again.
 * Toasts are never part of the first paint, so Mantine's notifications load on first use (and when the
 * Toaster mounts, once the first screen is done): that keeps about 9 KB gzip off the first screen.
 */
export function showToast({
  title,
  message = "",
  variant = "default",
  upgrade = false,
  action,
}: ToastOptions): void {
  const key = JSON.stringify([title, message, variant, upgrade, action?.label]);
  for (const listener of [...toastShownListeners]) listener();
  void import("@mantine/notifications").then(({ notifications }) => {
    if (shown?.key === key) return;
    notifications.clean();
    const id = notifications.show({
      title,
      message,
      color: variant === "destructive" ? "red" : "purple",
      autoClose: TOAST_DURATION_MS,
      // Errors interrupt a screen reader; everything else is read when the reader is free.
      role: variant === "destructive" ? "alert" : "status",
      "data-variant": variant,
      "data-upgrade": upgrade || undefined,
      onClose: () => {
        toastActions.delete(id);
        if (shown?.id === id) shown = null;
      },
    });
    if (action) toastActions.set(id, action);
    shown = { id, key };
  });
}
