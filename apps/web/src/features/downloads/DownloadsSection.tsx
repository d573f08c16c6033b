// Library's Downloads: what a member keeps on the device, each playable with no network at all, its storage
// shown and removable, and all of it at once. Says when the browser removed a download (offering it again)
// and when the 30-day grace since the membership was last confirmed online is over.
import { useEffect } from "react";
import { Button, Group, Stack, Text } from "@mantine/core";
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

export const formatMegabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export function DownloadsSection() {
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
        Download a playlist, an album or your Liked Songs to listen without a connection.
      </Text>
    );
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <Stack gap="sm">
      {!downloadsArePlayable() && (
        <Text size="sm" c="red">
          Your downloads are paused: go online with an active Premium membership to play them.
        </Text>
      )}
      {items.map((item) => (
        <DownloadRow key={item.key} item={item} evicted={evicted.includes(item.key)} />
      ))}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {formatMegabytes(total)} used
        </Text>
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => void removeAllDownloads()}>
          Remove all downloads
        </Button>
      </Group>
    </Stack>
  );
}

function DownloadRow({ item, evicted }: { item: DownloadedItem; evicted: boolean }) {
  const player = usePlayerControls();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="download-row">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed">
          {item.songs.length} songs · {formatMegabytes(item.bytes)}
        </Text>
        {evicted && (
          <Text size="xs" c="red">
            Your browser removed this download to free space.
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
            Download again
          </Button>
        ) : (
          <Button
            size="compact-sm"
            radius="xl"
            aria-label={`Play ${item.title}`}
            onClick={() => player.startPlaylist(item.songs)}
          >
            Play
          </Button>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${item.title}`}
          onClick={() => void removeDownload(item.key)}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}
