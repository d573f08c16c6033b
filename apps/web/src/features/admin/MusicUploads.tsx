// Uploads of audio files by admins: several at once, each with its own progress, through a single-use
// grant each (admin.libraryUploadGrant), then handed to ingestion (admin.ingestLibraryUpload).
import { useState } from "react";
import "@mantine/core/styles/Progress.css";
import { Button, FileButton, Progress, Text, Title } from "@mantine/core";
import { describeError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { putWithProgress } from "../../lib/upload-progress";
import { useT, type MessageKey } from "../../i18n";
import classes from "./AdminLibrary.module.css";

export const AUDIO_ACCEPT = "audio/*,.mp3,.flac,.ogg,.opus,.m4a,.aac,.wav";

interface FileState {
  name: string;
  progress: number;
  status: "uploading" | "reading" | "queued" | "existing" | "failed";
  message: string;
}

const STATUS_TEXT: Record<FileState["status"], MessageKey> = {
  uploading: "admin.upload.uploading",
  reading: "admin.upload.reading",
  queued: "admin.upload.queued",
  existing: "admin.upload.existing",
  failed: "admin.upload.failed",
};

export function MusicUploads() {
  const t = useT();
  const [files, setFiles] = useState<FileState[]>([]);
  const grant = trpc.admin.libraryUploadGrant.useMutation();
  const ingest = trpc.admin.ingestLibraryUpload.useMutation();

  const update = (index: number, change: Partial<FileState>) =>
    setFiles((all) => all.map((file, i) => (i === index ? { ...file, ...change } : file)));

  async function uploadOne(file: File, index: number) {
    try {
      const { uploadURL } = await grant.mutateAsync();
      await putWithProgress(uploadURL, file, (progress) => update(index, { progress }));
      update(index, { status: "reading" });
      const result = await ingest.mutateAsync({ uploadURL, fileName: file.name });
      update(index, { status: result.state, message: `${result.title} — ${result.artist}` });
    } catch (error) {
      update(index, { status: "failed", message: describeError(error) });
    }
  }

  function start(chosen: File[]) {
    const offset = files.length;
    setFiles((all) => [
      ...all,
      ...chosen.map((file) => ({ name: file.name, progress: 0, status: "uploading" as const, message: "" })),
    ]);
    // One after another: each file gets the whole line, and its progress moves visibly.
    void chosen.reduce<Promise<void>>(
      (previous, file, i) => previous.then(() => uploadOne(file, offset + i)),
      Promise.resolve(),
    );
  }

  return (
    <section className={classes.section} aria-labelledby="admin-upload-title">
      <Title order={2} id="admin-upload-title" className={classes.sectionTitle}>
        {t("admin.upload.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("admin.upload.intro")}
      </Text>
      <FileButton onChange={start} accept={AUDIO_ACCEPT} multiple>
        {(props) => (
          <Button {...props} variant="light" className={classes.touch}>
            {t("admin.upload.choose")}
          </Button>
        )}
      </FileButton>
      {files.length > 0 && (
        <ul className={classes.uploads} aria-label={t("admin.upload.list")}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} data-testid="upload-row" data-status={file.status}>
              <Text size="sm" fw={600} truncate>
                {file.name}
              </Text>
              <Progress
                value={file.progress * 100}
                color={file.status === "failed" ? "red" : undefined}
                aria-label={t("admin.upload.progress", { name: file.name })}
              />
              <Text size="xs" c={file.status === "failed" ? "red" : "dimmed"}>
                {t(STATUS_TEXT[file.status])}
                {file.message ? `: ${file.message}` : ""}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
