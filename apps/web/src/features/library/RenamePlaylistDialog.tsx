import { Modal, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { DialogActions } from "./DialogActions";
import { renameProblem } from "./playlist-rules";
import { usePlaylistUpdate } from "./usePlaylistUpdate";
import { useT } from "../../i18n";
import { ruleMessage } from "../../lib/rule-messages";
import "../../ui/dialog-styles";

export interface RenamePlaylistDialogProps {
  playlist: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/** 'Change name': a trimmed, non-empty name that differs from the current one (SPEC.md section 5). */
export default function RenamePlaylistDialog({ playlist, opened, onClose }: RenamePlaylistDialogProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("playlist.changeName")} centered>
      {/* Remounted on each opening: the field starts from the current name. */}
      {opened && <RenameForm playlist={playlist} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({ playlist, onDone }: { playlist: { id: string; name: string }; onDone: () => void }) {
  const t = useT();
  const { save, saving } = usePlaylistUpdate(playlist.id);
  const [name, setName] = useState(playlist.name);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = renameProblem(name, playlist.name);
    setError(problem);
    if (problem) return;
    if (await save({ name: name.trim() })) onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={t("dialog.playlistName")}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={error && ruleMessage(t, error)}
        data-autofocus
      />
      <DialogActions onCancel={onDone} saving={saving} />
    </form>
  );
}
