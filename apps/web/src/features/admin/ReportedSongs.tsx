// 'Reported songs': listeners' open reports, one entry per song (the most reported first) with how many
// gave each reason and what each wrote. Dismissing keeps the song; taking it down hides it everywhere at
// once (search, pages, streams, downloads) and resolves its reports, once the admin confirms it.
import { useState } from "react";
import { Badge, Button, Group, Skeleton, Text, Title } from "@mantine/core";
import { SONG_REPORT_REASONS } from "@purplebeats/contracts/report-rules";
import type { ReportedSongDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { REPORT_REASON_WORDS } from "../../lib/report-words";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import { intlLocale, useLocale, useT, type MessageKey } from "../../i18n";
import { formatAdminDate } from "./admin-format";
import { TakeDownDialog } from "./TakeDownDialog";
import classes from "./AdminLibrary.module.css";

export function ReportedSongs() {
  const t = useT();
  const queue = trpc.songReports.adminQueue.useQuery();
  return (
    <section className={classes.section} aria-labelledby="admin-reports-title">
      <Title order={2} id="admin-reports-title" className={classes.sectionTitle}>
        {t("admin.reports.title")}
      </Title>
      {queue.isPending ? (
        <Skeleton height={64} />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("admin.reports.none")}
        </Text>
      ) : (
        <ul className={classes.supportList} aria-label={t("admin.reports.title")}>
          {queue.data.map((song) => (
            <ReportedSongItem key={song.songId} song={song} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportedSongItem({ song }: { song: ReportedSongDto }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const utils = trpc.useUtils();
  const done = (title: MessageKey) => () => {
    showToast({ title: t(title), message: song.title });
    void utils.songReports.adminQueue.invalidate();
  };
  const failed = (error: unknown) =>
    showToast({ title: t("admin.reports.failed"), message: describeError(error, t), variant: "destructive" });
  const dismiss = trpc.songReports.dismiss.useMutation({
    onSuccess: done("admin.reports.dismissed"),
    onError: failed,
  });
  const [confirming, setConfirming] = useState(false);
  const takeDown = trpc.songReports.takeDown.useMutation({
    onSuccess: done("admin.reports.takenDown"),
    onError: failed,
    onSettled: () => setConfirming(false),
  });
  const busy = dismiss.isPending || takeDown.isPending;
  return (
    <li className={classes.supportItem} data-testid="reported-song">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{song.title}</Text>
          <Text size="sm" c="dimmed">
            {song.artist}
          </Text>
        </div>
        <Badge color="red" variant="light">
          {t("admin.reports.count", { count: song.openReports })}
        </Badge>
      </Group>
      <Group gap="xs">
        {SONG_REPORT_REASONS.filter((reason) => song.reasons[reason] > 0).map((reason) => (
          <Badge key={reason} variant="outline">
            {t("admin.reports.reasonCount", {
              reason: t(REPORT_REASON_WORDS[reason]),
              count: song.reasons[reason],
            })}
          </Badge>
        ))}
        {song.hidden && <Badge variant="default">{t("admin.reports.hidden")}</Badge>}
      </Group>
      <ul aria-label={t("admin.reports.details")}>
        {song.reports.map((report) => (
          <li key={report.id}>
            <Text size="sm">
              {t(REPORT_REASON_WORDS[report.reason])}
              {report.details && `: ${report.details}`}
            </Text>
            <Text size="xs" c="dimmed">
              {t("admin.reports.by", {
                username: report.reporter,
                date: formatAdminDate(report.createdAt, locale),
              })}
            </Text>
          </li>
        ))}
      </ul>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          color="red"
          loading={takeDown.isPending}
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t("admin.reports.takeDown")}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={dismiss.isPending}
          disabled={busy}
          onClick={() => dismiss.mutate({ songId: song.songId })}
        >
          {t("admin.reports.dismiss")}
        </Button>
      </Group>
      <TakeDownDialog
        kind="song"
        item={song}
        opened={confirming}
        pending={takeDown.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => takeDown.mutate({ songId: song.songId })}
      />
    </li>
  );
}
