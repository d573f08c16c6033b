// One control that downloads a playlist, an album or Liked Songs for offline listening (members; others get
// the premium prompt), shows the progress and cancels it. A downloaded playlist that changed is synced again
// when its screen is open online: the new songs downloaded, the removed ones dropped.
import { useEffect } from "react";
import { Button } from "@mantine/core";
import { useT } from "../../i18n";
import { showPremiumToast, useIsPremium } from "../account";
import { connectionHint, readAudioPreferences, streamQuality } from "../player";
import {
  cancelDownload,
  confirmMembership,
  downloadItem,
  downloadKey,
  useDownloads,
  type DownloadSource,
} from "./downloads-store";

/** The quality the listener chose for listening (Automatic reads the connection now). */
export const downloadQuality = () => streamQuality(readAudioPreferences().quality, true, connectionHint());

const start = (source: DownloadSource) => void downloadItem(source, downloadQuality()).catch(() => undefined); // canceled, or offline: nothing kept

export function DownloadButton({ source }: { source: DownloadSource }) {
  const t = useT();
  const isPremium = useIsPremium();
  const { items, active } = useDownloads();
  const key = downloadKey(source);
  const progress = active[key];
  const downloaded = items.find((item) => item.key === key);
  const songIds = source.songs.map((song) => song.id).join();
  const changed = downloaded !== undefined && downloaded.songs.map((song) => song.id).join() !== songIds;

  useEffect(() => {
    if (isPremium && navigator.onLine) void confirmMembership().catch(() => undefined);
  }, [isPremium]);
  useEffect(() => {
    if (changed && isPremium && navigator.onLine && !progress) start(source);
  }, [changed, isPremium, progress, source]);

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
      onClick={() => (isPremium ? !downloaded && start(source) : showPremiumToast("downloads"))}
    >
      {downloaded ? t("downloads.downloaded") : t("downloads.download")}
    </Button>
  );
}
