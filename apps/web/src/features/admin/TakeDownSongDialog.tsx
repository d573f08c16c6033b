// 'Take down': an admin's takedown hides a song from every listener at once (search, pages, playlists,
// Liked Songs, streams, downloads), so the dashboard asks first, naming the song, as deleting a playlist does.
import { Button, Group, Modal, Text } from "@mantine/core";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

/** Stands for the title in the translated question: a character no translation holds. */
const TITLE_MARK = "\u2063";

export interface TakeDownSongDialogProps {
  song: { title: string; artist: string };
  opened: boolean;
  /** The takedown is under way: the confirming button waits. */
  pending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function TakeDownSongDialog({ song, opened, pending, onCancel, onConfirm }: TakeDownSongDialogProps) {
  const t = useT();
  // The title in bold wherever the language puts it in the sentence.
  const [before = "", after = ""] = t("admin.takedown.question", {
    title: TITLE_MARK,
    artist: song.artist,
  }).split(TITLE_MARK);
  return (
    <Modal opened={opened} onClose={onCancel} title={t("admin.takedown.title")} centered>
      <Text>
        {before}
        <strong>
          <bdi>{song.title}</bdi>
        </strong>
        {after}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" disabled={pending} onClick={onCancel}>
          {t("dialog.cancel")}
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          {t("admin.reports.takeDown")}
        </Button>
      </Group>
    </Modal>
  );
}
