// One control that downloads a playlist, an album or Liked Songs for offline listening (members; others get
// the premium prompt), shows the progress and cancels it. A downloaded playlist that changed is synced again
// when its screen is open online: the new songs downloaded, the removed ones dropped. A list the screen shows a
// page at a time (Liked Songs) is read whole when its download starts.
import { useEffect } from "react";
import { Button } from "@mantine/core";
import { useT } from "../../i18n";
import { showPremiumToast, useIsPremium } from "../account";
import { connectionHint, readAudioPreferences, streamQuality, type PlayableSong } from "../player";
import {
  cancelDownload,
  confirmMembership,
  downloadItem,
  downloadKey,
  sameSongs,
  useDownloads,
  type DownloadSource,
} from "./downloads-store";

/** The quality the listener chose for listening (Automatic reads the connection now). */
export const downloadQuality = () => streamQuality(readAudioPreferences().quality, true, connectionHint());

/** A list the screen shows a page at a time: how many songs it holds, and how to read them all. */
export interface WholeList {
  total: number | null;
  load(): Promise<PlayableSong[]>;
}

/** Downloads whose whole list is being read (before downloadItem shows their progress). */
const reading = new Set<string>();

async function start(source: DownloadSource, whole: WholeList | undefined): Promise<void> {
  const key = downloadKey(source);
  if (reading.has(key)) return;
  reading.add(key);
  try {
    const songs = whole ? await whole.load() : source.songs;
    await downloadItem({ ...source, songs }, downloadQuality());
  } catch {
    // Canceled, or offline: nothing kept.
  } finally {
    reading.delete(key);
  }
}

/**
 * Whether the list on screen differs from the one downloaded. A paged list (`whole`) is compared by its count
 * and its first page: a song liked or unliked changes one of them.
 */
function listChanged(
  downloaded: DownloadSource,
  shown: DownloadSource,
  whole: WholeList | undefined,
): boolean {
  if (!whole) return !sameSongs(downloaded.songs, shown.songs);
  if (whole.total !== null && whole.total !== downloaded.songs.length) return true;
  return !sameSongs(downloaded.songs.slice(0, shown.songs.length), shown.songs);
}

export function DownloadButton({ source, whole }: { source: DownloadSource; whole?: WholeList }) {
  const t = useT();
  const isPremium = useIsPremium();
  const { items, active } = useDownloads();
  const key = downloadKey(source);
  const progress = active[key];
  const downloaded = items.find((item) => item.key === key);
  const changed = downloaded !== undefined && listChanged(downloaded, source, whole);

  useEffect(() => {
    if (isPremium && navigator.onLine) void confirmMembership().catch(() => undefined);
  }, [isPremium]);
  useEffect(() => {
    if (changed && isPremium && navigator.onLine && !progress) void start(source, whole);
  }, [changed, isPremium, progress, source, whole]);

  if (progress)
    return (
      <Button
        variant="light"
        radius="xl"
        onClick={() => cancelDownload(source)}
        aria-label={t("downloads.cancelLabel", { done: progress.done, total: progress.total })}
      >
        {t("downloads.downloading", { done: progress.done, total: progress.total })}
      </Button>
    );
  return (
    <Button
      variant={downloaded ? "filled" : "light"}
      radius="xl"
      disabled={source.songs.length === 0}
      onClick={() => (isPremium ? !downloaded && void start(source, whole) : showPremiumToast("downloads"))}
    >
      {downloaded ? t("downloads.downloaded") : t("downloads.download")}
    </Button>
  );
}
