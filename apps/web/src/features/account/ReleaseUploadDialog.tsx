// The artist studio's 'Upload a release': a single, EP or album with its cover, facts, credits and the
// manager's word that they hold the rights. Each audio file goes through its own single-use upload URL
// (the admins' ingestion pipeline reads it), then the release is submitted and waits for an admin's review.
// Loaded when its button is first pressed.
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/Switch.css";
import { Button, Checkbox, FileButton, Group, Modal, SegmentedControl, Switch, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { RELEASE_KINDS, RELEASE_MAX_TRACKS, type ReleaseKind } from "@purplebeats/contracts/release-rules";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { putFile } from "../../lib/upload";
import { putWithProgress } from "../../lib/upload-progress";
import { useT } from "../../i18n";
import { KIND_WORDS } from "../../lib/release-words";
import "../../ui/dialog-styles";
import { ReleaseFacts } from "./ReleaseFacts";

export const RELEASE_AUDIO_ACCEPT = "audio/*,.mp3,.flac,.ogg,.opus,.m4a,.aac,.wav";

/** How files reach their upload URLs: the browser's PUTs, or a test's stand-in. */
export interface ReleaseTransport {
  putAudio(uploadURL: string, file: File, onProgress: (fraction: number) => void): Promise<void>;
  putCover(uploadURL: string, file: File): Promise<string>;
}

const browserTransport: ReleaseTransport = { putAudio: putWithProgress, putCover: putFile };

export default function ReleaseUploadDialog({
  artist,
  opened,
  onClose,
  transport = browserTransport,
}: {
  artist: { id: string; name: string };
  opened: boolean;
  onClose(): void;
  transport?: ReleaseTransport;
}) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("releases.uploadFor", { name: artist.name })} centered>
      {opened && <ReleaseForm artistId={artist.id} onDone={onClose} transport={transport} />}
    </Modal>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

export function ReleaseForm({
  artistId,
  onDone,
  transport,
}: {
  artistId: string;
  onDone(): void;
  transport: ReleaseTransport;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<ReleaseKind>("single");
  const [title, setTitle] = useState("");
  const [genre, setGenre] = useState("");
  const [releaseDate, setReleaseDate] = useState(today);
  const [credits, setCredits] = useState("");
  const [cover, setCover] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [membersOnly, setMembersOnly] = useState(false);
  const [rights, setRights] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const coverGrant = trpc.uploads.grant.useMutation();
  const audioGrant = trpc.artistStudio.releaseUploadGrant.useMutation();
  const submit = trpc.artistStudio.submitRelease.useMutation();
  const busy = progress !== null;

  const fileProblem = (): string | null => {
    if (!cover) return t("releases.needCover");
    if (files.length === 0) return t("releases.needFiles");
    if (files.length > RELEASE_MAX_TRACKS[kind])
      return t("releases.tooManyFiles", { max: RELEASE_MAX_TRACKS[kind] });
    return null;
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    const found = fileProblem();
    setProblem(found);
    if (found || !cover) return;
    try {
      setProgress(t("releases.uploading", { name: cover.name }));
      const coverUrl = await transport.putCover((await coverGrant.mutateAsync()).uploadURL, cover);
      const tracks = [];
      // One after another, so that each file's progress moves visibly.
      for (const file of files) {
        const { uploadURL } = await audioGrant.mutateAsync({ artistId });
        await transport.putAudio(uploadURL, file, (fraction) =>
          setProgress(`${t("releases.uploading", { name: file.name })} ${Math.round(fraction * 100)}%`),
        );
        tracks.push({ uploadURL, fileName: file.name });
      }
      await submit.mutateAsync({
        artistId,
        kind,
        title,
        genre,
        releaseDate,
        credits,
        coverUrl,
        membersOnly,
        rightsAttested: true,
        tracks,
      });
      showToast({ title: t("releases.submitted"), message: t("releases.submittedMessage") });
      void utils.artistStudio.releases.invalidate({ artistId });
      onDone();
    } catch (error) {
      showToast({ title: t("releases.notSubmitted"), message: describeError(error), variant: "destructive" });
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={(event) => void send(event)} aria-label={t("releases.upload")}>
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(value) => setKind(RELEASE_KINDS.find((k) => k === value) ?? "single")}
        data={RELEASE_KINDS.map((value) => ({ value, label: t(KIND_WORDS[value]) }))}
        aria-label={t("releases.kindLabel")}
      />
      <ReleaseFacts
        title={title}
        genre={genre}
        releaseDate={releaseDate}
        credits={credits}
        onChange={(facts) => {
          if (facts.title !== undefined) setTitle(facts.title);
          if (facts.genre !== undefined) setGenre(facts.genre);
          if (facts.releaseDate !== undefined) setReleaseDate(facts.releaseDate);
          if (facts.credits !== undefined) setCredits(facts.credits);
        }}
      />
      <Group mt="sm" gap="xs">
        <FileButton onChange={setCover} accept="image/*">
          {(props) => (
            <Button {...props} variant="light" size="sm">
              {t("releases.cover")}
            </Button>
          )}
        </FileButton>
        <FileButton onChange={setFiles} accept={RELEASE_AUDIO_ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="light" size="sm">
              {t("releases.files")}
            </Button>
          )}
        </FileButton>
      </Group>
      {cover && (
        <Text size="sm" mt={4}>
          {t("releases.coverChosen", { name: cover.name })}
        </Text>
      )}
      {files.length > 0 && (
        <Text size="sm" mt={4}>
          {t("releases.fileCount", { count: files.length })}
        </Text>
      )}
      <Switch
        mt="sm"
        label={t("releases.membersOnly")}
        description={t("releases.membersOnlyHint")}
        checked={membersOnly}
        onChange={(e) => setMembersOnly(e.currentTarget.checked)}
      />
      <Checkbox
        mt="sm"
        label={t("releases.rights")}
        checked={rights}
        onChange={(e) => setRights(e.currentTarget.checked)}
        required
      />
      {problem && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {problem}
        </Text>
      )}
      {progress && (
        <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
          {progress}
        </Text>
      )}
      <Button type="submit" mt="md" fullWidth loading={busy} disabled={!rights}>
        {t("releases.submit")}
      </Button>
    </form>
  );
}
