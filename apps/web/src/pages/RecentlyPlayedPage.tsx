// /recently-played: the listener's whole play history from the play records, newest first, a song as often
// as it was played; more loads as the list scrolls. A tap plays the row, the rest of the list queued after it.
import { Text } from "@mantine/core";
import { useAuth } from "../features/account";
import { SongList, SongRowSkeletons } from "../features/catalog";
import { ACCOUNT_READS } from "../first-screen/first-screen-reads";
import { useT } from "../i18n";
import { trpc } from "../lib/trpc";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import screen from "../ui/layout/Screen.module.css";
import classes from "./AccountScreens.module.css";

export function RecentlyPlayedPage() {
  const t = useT();
  const { user } = useAuth();
  const plays = trpc.account.plays.useInfiniteQuery(ACCOUNT_READS.plays, {
    enabled: user !== null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const songs = plays.data?.pages.flatMap((page) => page.items.map((play) => play.song)) ?? [];
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("account.recentlyPlayed")} />
      {plays.isError ? (
        <LoadError error={plays.error} onRetry={() => void plays.refetch()} />
      ) : !plays.data ? (
        <SongRowSkeletons count={8} />
      ) : songs.length === 0 ? (
        <div className={classes.empty}>
          <Text fw={600}>{t("account.nothingPlayed")}</Text>
          <Text c="dimmed" size="sm">
            {t("account.playsAppearHere")}
          </Text>
        </div>
      ) : (
        <>
          <SongList songs={songs} label={t("account.playHistory")} />
          <LoadMore
            hasMore={plays.hasNextPage}
            loading={plays.isFetchingNextPage}
            onLoadMore={() => void plays.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
