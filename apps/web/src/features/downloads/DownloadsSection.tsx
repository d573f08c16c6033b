// Library's Downloads: what a member keeps on the device, each playable with no network at all, its storage
// shown and removable, and all of it at once. Says when the browser removed a download (offering it again)
// and when the 30-day grace since the membership was last confirmed online is over.
import { useEffect } from "react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { intlLocale, useLocale, type CatalogLocale } from "../../i18n";
import { useIsPremium } from "../account";
import { usePlayerControls } from "../player";
import {
  confirmMembership,
  downloadItem,
  downloadsArePlayable,
  findEvicted,
  removeAllDownloads,
  removeDownload,
  useDownloads,
  type DownloadedItem,
} from "./downloads-store";
import { downloadQuality } from "./DownloadButton";

/** A size in megabytes with one decimal, in the listener's number forms ("1.5 MB"). */
export const formatMegabytes = (bytes: number, locale: CatalogLocale) =>
  new Intl.NumberFormat(intlLocale(locale), {
    style: "unit",
    unit: "megabyte",
    unitDisplay: "short",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / 1_000_000);

export function DownloadsSection() {
  const { t, locale } = useLocale();
  const { items, evicted } = useDownloads();
  const isPremium = useIsPremium();
  useEffect(() => {
    if (isPremium && navigator.onLine) void confirmMembership().catch(() => undefined);
  }, [isPremium]);
  useEffect(() => {
    void findEvicted().catch(() => undefined);
  }, [items]);
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("downloads.empty")}
      </Text>
    );
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <Stack gap="sm">
      {!downloadsArePlayable() && (
        <Text size="sm" c="red">
          {t("downloads.paused")}
        </Text>
      )}
      {items.map((item) => (
        <DownloadRow key={item.key} item={item} evicted={evicted.includes(item.key)} />
      ))}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("downloads.used", { size: formatMegabytes(total, locale) })}
        </Text>
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => void removeAllDownloads()}>
          {t("downloads.removeAll")}
        </Button>
      </Group>
    </Stack>
  );
}

function DownloadRow({ item, evicted }: { item: DownloadedItem; evicted: boolean }) {
  const { t, locale } = useLocale();
  const player = usePlayerControls();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="download-row">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t("downloads.songsAndSize", {
            count: item.songs.length,
            size: formatMegabytes(item.bytes, locale),
          })}
        </Text>
        {evicted && (
          <Text size="xs" c="red">
            {t("downloads.evicted")}
          </Text>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {evicted ? (
          <Button
            size="compact-sm"
            radius="xl"
            onClick={() => void downloadItem(item, downloadQuality()).catch(() => undefined)}
          >
            {t("downloads.downloadAgain")}
          </Button>
        ) : (
          <Button
            size="compact-sm"
            radius="xl"
            aria-label={t("downloads.playLabel", { title: item.title })}
            onClick={() => player.startPlaylist(item.songs)}
          >
            {t("downloads.play")}
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={t("downloads.removeLabel", { title: item.title })}
          onClick={() => void removeDownload(item.key)}
        >
          {t("downloads.remove")}
        </Button>
      </Group>
    </Group>
  );
}
