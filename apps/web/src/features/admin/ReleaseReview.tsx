// 'Releases': artists' uploads waiting for review, oldest first, with their cover, facts, credits, songs
// and who submitted them. Approving shows them on the artist's page and in search and tells the artist's
// followers; refusing needs a reason the artist reads. Live releases can be taken down (with a reason, in a
// dialog naming the release that asks first): their songs are hidden everywhere at once.
import "@mantine/core/styles/Input.css";
import { Badge, Button, Group, Skeleton, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import type { AdminReleaseDto, ReleaseStatus } from "@purplebeats/contracts/schemas";
import { RELEASE_REASON_MAX } from "@purplebeats/contracts/release-rules";
import { describeError } from "../../lib/errors";
import { formatDuration } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { CoverArt } from "../../ui/CoverArt";
import { KIND_WORDS } from "../../lib/release-words";
import { LoadError } from "../../ui/layout/LoadError";
import { useT, type MessageKey } from "../../i18n";
import classes from "./AdminLibrary.module.css";
import { TakeDownDialog } from "./TakeDownDialog";

export function ReleaseReview() {
  const t = useT();
  return (
    <section className={classes.section} aria-labelledby="admin-releases-title">
      <Title order={2} id="admin-releases-title" className={classes.sectionTitle}>
        {t("releases.admin.title")}
      </Title>
      <ReleaseList status="pending" empty="releases.admin.none" />
      <Text fw={600}>{t("releases.admin.live")}</Text>
      <ReleaseList status="approved" empty="releases.none" />
    </section>
  );
}

function ReleaseList({ status, empty }: { status: ReleaseStatus; empty: MessageKey }) {
  const t = useT();
  const releases = trpc.releaseReview.list.useQuery({ status });
  if (releases.isPending) return <Skeleton height={64} />;
  if (releases.isError) return <LoadError error={releases.error} onRetry={() => void releases.refetch()} />;
  if (releases.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(empty)}
      </Text>
    );
  return (
    <ul
      className={classes.supportList}
      aria-label={t(status === "pending" ? "releases.admin.title" : "releases.admin.live")}
    >
      {releases.data.map((release) => (
        <ReleaseItem key={release.id} release={release} />
      ))}
    </ul>
  );
}

function ReleaseItem({ release }: { release: AdminReleaseDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  // Refusing and taking down ask for the reason the artist will read.
  const [asking, setAsking] = useState<"refuse" | "takeDown" | null>(null);
  const [reason, setReason] = useState("");
  const done = (title: MessageKey) => () => {
    showToast({ title: t(title), message: release.title });
    void utils.releaseReview.list.invalidate();
  };
  const failed = (error: unknown) =>
    showToast({
      title: t("releases.admin.notDecided"),
      message: describeError(error),
      variant: "destructive",
    });
  const decide = trpc.releaseReview.decide.useMutation({
    onSuccess: (decided) =>
      done(decided.status === "approved" ? "releases.admin.approved" : "releases.admin.refused")(),
    onError: failed,
  });
  const takeDown = trpc.releaseReview.takeDown.useMutation({
    onSuccess: done("releases.takenDown"),
    onError: failed,
    onSettled: () => setAsking(null),
  });
  const busy = decide.isPending || takeDown.isPending;
  const reasonField = (
    <Textarea
      label={t("releases.admin.reason")}
      value={reason}
      onChange={(e) => setReason(e.currentTarget.value)}
      maxLength={RELEASE_REASON_MAX}
      minRows={2}
      required
    />
  );
  return (
    <li className={classes.supportItem} data-testid="release-review">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <CoverArt src={release.coverUrl} size={64} />
        <div>
          <Group gap="xs">
            <Badge variant="light">{t(KIND_WORDS[release.kind])}</Badge>
            {release.membersOnly && <Badge variant="outline">{t("releases.membersOnly")}</Badge>}
          </Group>
          <Text fw={600}>{release.title}</Text>
          <Text size="sm" c="dimmed">
            {t("releases.admin.by", {
              artist: release.artistName,
              username: release.submitter?.username ?? "—",
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {release.genre} · {release.releaseDate}
          </Text>
        </div>
      </Group>
      {release.credits && <Text size="sm">{release.credits}</Text>}
      <Text size="sm" c="dimmed">
        {t("releases.admin.ready", { done: release.songs.length, total: release.trackCount })}
      </Text>
      <ol aria-label={t("releases.admin.songs")}>
        {release.songs.map((song) => (
          <li key={song.id}>
            <Text size="sm">
              {song.title} · {formatDuration(song.duration)}
            </Text>
          </li>
        ))}
      </ol>
      {asking === "refuse" ? (
        <>
          {reasonField}
          <Group gap="xs">
            <Button
              size="xs"
              color="red"
              loading={busy}
              disabled={reason.trim() === ""}
              onClick={() => decide.mutate({ id: release.id, decision: "refuse", reason })}
            >
              {t("releases.admin.confirmRefuse")}
            </Button>
            <Button size="xs" variant="default" disabled={busy} onClick={() => setAsking(null)}>
              {t("releases.cancel")}
            </Button>
          </Group>
        </>
      ) : release.status === "pending" ? (
        <Group gap="xs" mt="xs">
          <Button
            size="xs"
            loading={decide.isPending}
            disabled={busy}
            onClick={() => decide.mutate({ id: release.id, decision: "approve" })}
          >
            {t("releases.admin.approve")}
          </Button>
          <Button size="xs" variant="default" disabled={busy} onClick={() => setAsking("refuse")}>
            {t("releases.admin.refuse")}
          </Button>
        </Group>
      ) : (
        <Group gap="xs" mt="xs">
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={busy}
            onClick={() => setAsking("takeDown")}
          >
            {t("releases.takeDown")}
          </Button>
        </Group>
      )}
      <TakeDownDialog
        kind="release"
        item={{ title: release.title, artist: release.artistName }}
        opened={asking === "takeDown"}
        pending={takeDown.isPending}
        confirmDisabled={reason.trim() === ""}
        onCancel={() => setAsking(null)}
        onConfirm={() => takeDown.mutate({ id: release.id, reason })}
      >
        {reasonField}
      </TakeDownDialog>
    </li>
  );
}
