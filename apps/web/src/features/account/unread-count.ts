// The header badge's figure: the session's unread notifications, asked again every minute and when the
// window regains focus (an answer or a follower arrives while the app is open).
import type { Translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";

const UNREAD_REFRESH_MS = 60_000;

export function useUnreadCount(): number {
  const { user } = useAuth();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, {
    enabled: user !== null,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
  return unread.data?.unread ?? 0;
}

/** What the badge shows: the count, or 99+ beyond it. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/** What a screen reader hears of it. */
export const unreadLabel = (unread: number, t: Translate) =>
  t("account.unreadNotifications", { count: unread });
