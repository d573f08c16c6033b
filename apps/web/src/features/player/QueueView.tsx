// The queue, opened from the mini player: the current entry marked, tap to play, drag to reorder, remove.
import { Drawer } from "@mantine/core";
import { useT } from "../../i18n";
import { QueueList } from "./QueueList";

export interface QueueViewProps {
  opened: boolean;
  onClose(): void;
}

export function QueueView({ opened, onClose }: QueueViewProps) {
  const t = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="70%"
      title={t("queue.title")}
      closeButtonProps={{ "aria-label": t("queue.close") }}
      styles={{
        content: { background: "#140b22", color: "white", borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        header: { background: "#140b22", color: "white" },
      }}
    >
      <QueueList />
    </Drawer>
  );
}
