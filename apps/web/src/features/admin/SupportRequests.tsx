// 'Support': listeners' requests, members' first (marked) and unanswered before answered. An admin's answer
// reaches the listener's Notifications, and the request shows as answered.
import "@mantine/core/styles/Input.css";
import { Anchor, Badge, Button, Group, Skeleton, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import type { AdminSupportRequestDto } from "@purplebeats/contracts/schemas";
import { SUPPORT_ANSWER_MAX } from "@purplebeats/contracts/constants";
import { describeError } from "../../lib/errors";
import { paths } from "../../lib/paths";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import { LoadMore } from "../../ui/layout/LoadMore";
import { ScreenLink } from "../../ui/screen-link";
import { intlLocale, useLocale, useT } from "../../i18n";
import { aroundPlaceholder, PLACEHOLDER } from "./admin-format";
import classes from "./AdminLibrary.module.css";

export const SUPPORT_PAGE_SIZE = 20;

export function SupportRequests() {
  const t = useT();
  const requests = trpc.support.adminList.useInfiniteQuery(
    { limit: SUPPORT_PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={classes.section} aria-labelledby="admin-support-title">
      <Title order={2} id="admin-support-title" className={classes.sectionTitle}>
        {t("admin.support.title")}
      </Title>
      {requests.isPending ? (
        <Skeleton height={64} />
      ) : requests.isError ? (
        <LoadError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("admin.support.none")}
        </Text>
      ) : (
        <>
          <ul className={classes.supportList} aria-label={t("admin.support.list")}>
            {items.map((request) => (
              <SupportRequestItem key={request.id} request={request} />
            ))}
          </ul>
          <LoadMore
            hasMore={requests.hasNextPage}
            loading={requests.isFetchingNextPage}
            onLoadMore={() => void requests.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

function SupportRequestItem({ request }: { request: AdminSupportRequestDto }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const [beforeSong, afterSong] = aroundPlaceholder(t("admin.support.aboutSong", { id: PLACEHOLDER }));
  const utils = trpc.useUtils();
  const [answer, setAnswer] = useState("");
  const send = trpc.support.answer.useMutation({
    onSuccess: () => {
      setAnswer("");
      void utils.support.adminList.invalidate();
    },
  });
  return (
    <li className={classes.supportItem} data-testid="support-request">
      <Group gap={6}>
        <Text fw={700} size="sm">
          {request.subject}
        </Text>
        {request.fromMember && (
          <Badge color="yellow" variant="light" size="sm">
            {t("admin.support.member")}
          </Badge>
        )}
        <Badge color={request.answer === null ? "purple" : "green"} variant="light" size="sm">
          {t(request.answer === null ? "admin.support.open" : "admin.support.answered")}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {request.name} · @{request.username} · {new Date(request.createdAt).toLocaleString(locale)}
      </Text>
      <Text size="sm" className={classes.wrapText}>
        {request.message}
      </Text>
      {request.songId && (
        <Text size="xs">
          {beforeSong}
          <code>{request.songId}</code>
          {afterSong}
        </Text>
      )}
      {request.playlistId && (
        <Anchor component={ScreenLink} to={paths.playlist(request.playlistId)} size="xs">
          {t("admin.support.aboutPlaylist")}
        </Anchor>
      )}
      {request.answer !== null && (
        <Text size="sm" c="dimmed" className={classes.wrapText}>
          {t("admin.support.answerShown", { answer: request.answer })}
        </Text>
      )}
      <form
        className={classes.report}
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate({ id: request.id, answer });
        }}
      >
        <Textarea
          label={t(request.answer === null ? "admin.support.answer" : "admin.support.answerAgain")}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
          maxLength={SUPPORT_ANSWER_MAX}
          rows={3}
          size="md"
        />
        {send.isError && (
          <Text c="red" size="sm" role="alert">
            {describeError(send.error)}
          </Text>
        )}
        <Button
          type="submit"
          size="sm"
          className={classes.touch}
          loading={send.isPending}
          disabled={answer.trim() === ""}
        >
          {t("admin.support.send")}
        </Button>
      </form>
    </li>
  );
}
