// 'Take down': an admin's takedown hides a song (or a release's songs) from every listener at once (search,
// pages, playlists, Liked Songs, streams, downloads), so the dashboard asks first, naming what goes, as
// deleting a playlist does.
import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

/** Stands for the title in the translated question: a character no translation holds. */
const TITLE_MARK = "\u2063";

const WORDS = {
  song: { title: "admin.takedown.title", question: "admin.takedown.question" },
  release: { title: "admin.takedown.releaseTitle", question: "admin.takedown.releaseQuestion" },
} as const;

export interface TakeDownDialogProps {
  kind: keyof typeof WORDS;
  item: { title: string; artist: string };
  opened: boolean;
  /** The takedown is under way: the confirming button waits. */
  pending: boolean;
  /** More the admin must give first (a release's reason); the confirming button waits until it is given. */
  children?: ReactNode;
  confirmDisabled?: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function TakeDownDialog(props: TakeDownDialogProps) {
  const { kind, item, opened, pending, children, confirmDisabled = false, onCancel, onConfirm } = props;
  const t = useT();
  const words = WORDS[kind];
  // The title in bold wherever the language puts it in the sentence.
  const [before = "", after = ""] = t(words.question, { title: TITLE_MARK, artist: item.artist }).split(
    TITLE_MARK,
  );
  return (
    <Modal opened={opened} onClose={onCancel} title={t(words.title)} centered>
      <Text>
        {before}
        <strong>
          <bdi>{item.title}</bdi>
        </strong>
        {after}
      </Text>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" disabled={pending} onClick={onCancel}>
          {t("dialog.cancel")}
        </Button>
        <Button color="red" loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
          {t("admin.reports.takeDown")}
        </Button>
      </Group>
    </Modal>
  );
}
