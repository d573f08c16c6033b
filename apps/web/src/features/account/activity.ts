// The activity reads and the listener's activity privacy (share likes, private session).
import { translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { useAuth } from "./AuthProvider";
import { ACTIVITY_READS } from "../../first-screen/first-screen-reads";

/** A page of the Activity tab (as the server reads it for /user/{handle}). */
export const ACTIVITY_PAGE = ACTIVITY_READS.limit;

/** What people the listener follows did, newest first, a page at a time (never for no session). */
export function useFollowedActivity(limit: number = ACTIVITY_PAGE) {
  const { user } = useAuth();
  return trpc.activity.feed.useInfiniteQuery(
    { limit },
    { enabled: user !== null, getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}

/** One listener's activity (their profile's Activity tab). */
export const useListenerActivity = (handle: string) =>
  trpc.activity.ofListener.useInfiniteQuery(
    { handle, ...ACTIVITY_READS },
    { enabled: handle !== "", getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

/** The caller's share-likes setting and private session; nothing is read without a session. */
export function useActivitySettings() {
  const { user } = useAuth();
  return trpc.activity.settings.useQuery(undefined, { enabled: user !== null });
}

/** Changes one setting; the answer is the settings as they now are. */
export function useUpdateActivitySettings() {
  const utils = trpc.useUtils();
  return trpc.activity.updateSettings.useMutation({
    onSuccess: (next) => {
      utils.activity.settings.setData(undefined, next);
      return utils.activity.invalidate();
    },
    onError: (error) =>
      showToast({
        title: translate("profile.couldNotUpdate"),
        message: describeError(error),
        variant: "destructive",
      }),
  });
}
