// The inbox: newest first, a page at a time; an unread entry is marked and read when opened (or with
// 'Mark all as read'), and the header's badge follows.
import { Button, Skeleton, Text, UnstyledButton } from "@mantine/core";
import type { NotificationDto } from "@purplebeats/contracts/schemas";
import { intlLocale, useLocale } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import { LoadMore } from "../../ui/layout/LoadMore";
import { useNavigateTo } from "../../ui/screen-link";
import { notificationTime } from "./notification-time";
import classes from "./Inbox.module.css";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function NotificationList() {
  const { t, locale } = useLocale();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useInfiniteQuery(
    { limit: NOTIFICATIONS_PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, refetchOnMount: "always" },
  );
  const refresh = () => {
    void utils.notifications.list.invalidate();
    void utils.notifications.unreadCount.invalidate();
  };
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const navigate = useNavigateTo();

  if (list.isPending) return <Skeleton height={72} aria-label={t("inbox.loading")} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <Text c="dimmed" className={classes.empty}>
        {t("inbox.empty")}
      </Text>
    );

  const open = (item: NotificationDto) => {
    if (!item.read) markRead.mutate({ id: item.id });
    if (item.link) navigate(item.link);
  };
  return (
    <>
      {items.some((item) => !item.read) && (
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.markAll}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t("inbox.markAllRead")}
        </Button>
      )}
      <ul className={classes.list} aria-label={t("inbox.title")}>
        {items.map((item) => (
          <li key={item.id} data-testid="notification" data-read={item.read}>
            <UnstyledButton className={classes.item} onClick={() => open(item)}>
              {!item.read && <span className={classes.dot} aria-label={t("inbox.unread")} role="img" />}
              <span className={classes.text}>
                <Text fw={item.read ? 500 : 700} size="sm">
                  {item.title}
                </Text>
                <Text size="sm" c="dimmed" className={classes.body}>
                  {item.body}
                </Text>
                <Text size="xs" c="dimmed">
                  {notificationTime(item.createdAt, t, intlLocale(locale))}
                </Text>
              </span>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
