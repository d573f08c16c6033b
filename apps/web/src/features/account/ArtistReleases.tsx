// An artist's releases on the Account screen's 'Artists' card, for its managers: each with its review
// status (and the admin's reason when refused or taken down), an edit of its facts, and a takedown; and the
// button that opens 'Upload a release' (ReleaseUploadDialog.tsx, loaded when first pressed).
import "@mantine/core/styles/Switch.css";
import { Badge, Button, Group, Skeleton, Switch, Text } from "@mantine/core";
import { Suspense, useState } from "react";
import type { ReleaseDto } from "@purplebeats/contracts/schemas";
import { lazyChunk } from "../../lib/chunk-loading";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { LoadError } from "../../ui/layout/LoadError";
import { useT } from "../../i18n";
import { ReleaseFacts, type ReleaseFactsValue } from "./ReleaseFacts";
import { KIND_WORDS, RELEASE_STATUS_WORDS } from "../../lib/release-words";
import classes from "./ArtistReleases.module.css";

const ReleaseUploadDialog = lazyChunk(() => import("./ReleaseUploadDialog"), { failed: dialogUnavailable });

export default function ArtistReleases({ artist }: { artist: { id: string; name: string } }) {
  const t = useT();
  const releases = trpc.artistStudio.releases.useQuery({ artistId: artist.id });
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div data-testid="artist-releases" aria-label={t("releases.title")} role="group">
      <Group justify="space-between" mt="xs">
        <Text fw={600}>{t("releases.title")}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
        >
          {t("releases.upload")}
        </Button>
      </Group>
      {releases.isPending ? (
        <Skeleton height={40} mt="xs" />
      ) : releases.isError ? (
        <LoadError error={releases.error} onRetry={() => void releases.refetch()} />
      ) : releases.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("releases.none")}
        </Text>
      ) : (
        <ul aria-label={t("releases.title")} className={classes.list}>
          {releases.data.map((release) => (
            <ReleaseItem key={release.id} release={release} />
          ))}
        </ul>
      )}
      {used && (
        <Suspense fallback={null}>
          <ReleaseUploadDialog artist={artist} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}

function ReleaseItem({ release }: { release: ReleaseDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void utils.artistStudio.releases.invalidate({ artistId: release.artistId });
  const failed = (error: unknown) =>
    showToast({ title: t("releases.notChanged"), message: describeError(error), variant: "destructive" });
  const takeDown = trpc.artistStudio.takeDownRelease.useMutation({
    onSuccess: () => {
      showToast({ title: t("releases.takenDown"), message: release.title });
      refresh();
    },
    onError: failed,
  });
  const live = release.status === "pending" || release.status === "approved";
  return (
    <li data-testid="artist-release" data-status={release.status}>
      <Group gap="xs">
        <Text fw={600}>{release.title}</Text>
        <Badge variant="light" color={release.status === "approved" ? "green" : "gray"}>
          {t(RELEASE_STATUS_WORDS[release.status])}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t("releases.summary", { kind: t(KIND_WORDS[release.kind]), date: release.releaseDate })} ·{" "}
        {t("songs.count", { count: release.songs.length })}
      </Text>
      {release.reason && (
        <Text size="sm" c="red">
          {t("releases.reason", { reason: release.reason })}
        </Text>
      )}
      {editing ? (
        <ReleaseEditForm
          release={release}
          onDone={() => {
            setEditing(false);
            refresh();
          }}
        />
      ) : (
        live && (
          <Group gap="xs" mt={4}>
            <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
              {t("releases.edit")}
            </Button>
            {confirming ? (
              <Button
                size="compact-sm"
                color="red"
                loading={takeDown.isPending}
                onClick={() => takeDown.mutate({ id: release.id })}
              >
                {t("releases.confirmTakeDown")}
              </Button>
            ) : (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t("releases.takeDown")}
              </Button>
            )}
          </Group>
        )
      )}
    </li>
  );
}

function ReleaseEditForm({ release, onDone }: { release: ReleaseDto; onDone(): void }) {
  const t = useT();
  const [facts, setFacts] = useState<ReleaseFactsValue>({
    title: release.title,
    genre: release.genre,
    releaseDate: release.releaseDate,
    credits: release.credits,
  });
  const [membersOnly, setMembersOnly] = useState(release.membersOnly);
  const update = trpc.artistStudio.updateRelease.useMutation({
    onSuccess: () => {
      showToast({ title: t("releases.saved"), message: facts.title });
      onDone();
    },
    onError: (error) =>
      showToast({ title: t("releases.notChanged"), message: describeError(error), variant: "destructive" }),
  });
  return (
    <form
      aria-label={t("releases.edit")}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ id: release.id, ...facts, membersOnly });
      }}
    >
      <ReleaseFacts {...facts} onChange={(changes) => setFacts((now) => ({ ...now, ...changes }))} />
      <Switch
        mt="sm"
        label={t("releases.membersOnly")}
        checked={membersOnly}
        onChange={(e) => setMembersOnly(e.currentTarget.checked)}
      />
      <Group gap="xs" mt="sm">
        <Button type="submit" size="compact-sm" loading={update.isPending}>
          {t("releases.save")}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onDone}>
          {t("releases.cancel")}
        </Button>
      </Group>
    </form>
  );
}
