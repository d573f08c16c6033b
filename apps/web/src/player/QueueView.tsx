// The queue, opened from the mini player: the current entry marked, tap an entry to play it, remove buttons.
import { ActionIcon, Badge, Drawer, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { TrashIcon } from "./icons";
import { usePlayer } from "./PlayerProvider";
import { formatTime } from "./ui-helpers";

export interface QueueViewProps {
  opened: boolean;
  onClose(): void;
}

export function QueueView({ opened, onClose }: QueueViewProps) {
  const { state, playFromQueue, removeFromQueue } = usePlayer();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="70%"
      title="Queue"
      closeButtonProps={{ "aria-label": "Close queue" }}
      styles={{
        content: { background: "#140b22", color: "white", borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        header: { background: "#140b22", color: "white" },
      }}
    >
      {state.queue.length === 0 ? (
        <Text c="dimmed" size="sm">
          Queue is empty
        </Text>
      ) : (
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: "none" }} aria-label="Queue">
          {state.queue.map((song, index) => {
            const current = index === state.currentIndex;
            const artist = song.artist?.name ?? "Unknown Artist";
            return (
              <Group
                component="li"
                key={`${song.id}-${index}`}
                wrap="nowrap"
                gap={8}
                aria-current={current ? "true" : undefined}
                style={{
                  borderRadius: 8,
                  padding: "6px 8px",
                  background: current ? "rgba(151, 117, 250, 0.18)" : "transparent",
                }}
              >
                <UnstyledButton
                  onClick={() => playFromQueue(index)}
                  aria-label={`Play ${song.title}`}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Text size="sm" fw={current ? 700 : 500} c={current ? "purple.3" : "white"} truncate>
                    {song.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {artist} • {formatTime(song.duration)}
                  </Text>
                </UnstyledButton>
                {current && (
                  <Badge color="purple" variant="light" size="sm">
                    Now playing
                  </Badge>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => removeFromQueue(index)}
                  aria-label={`Remove ${song.title} from queue`}
                >
                  <TrashIcon size={18} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
}
