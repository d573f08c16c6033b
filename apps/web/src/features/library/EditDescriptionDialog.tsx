import { Modal, Textarea } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { DialogActions } from "./DialogActions";
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_DESCRIPTION_TOO_LONG } from "@purplebeats/contracts/constants";
import { usePlaylistUpdate } from "./usePlaylistUpdate";
import { useT } from "../../i18n";
import { ruleMessage } from "../../lib/rule-messages";
import "../../ui/dialog-styles";

interface PlaylistRef {
  id: string;
  description: string | null;
}

export interface EditDescriptionDialogProps {
  playlist: PlaylistRef;
  opened: boolean;
  onClose: () => void;
}

/** 'Edit description': up to 500 characters (SPEC.md section 5); an emptied field clears it. */
export default function EditDescriptionDialog({ playlist, opened, onClose }: EditDescriptionDialogProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("playlist.editDescription")} centered>
      {/* Remounted on each opening: the field starts from the current description. */}
      {opened && <DescriptionForm playlist={playlist} onDone={onClose} />}
    </Modal>
  );
}

function DescriptionForm({ playlist, onDone }: { playlist: PlaylistRef; onDone: () => void }) {
  const t = useT();
  const { save, saving } = usePlaylistUpdate(playlist.id);
  const [description, setDescription] = useState(playlist.description ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = description.trim();
    if (trimmed.length > PLAYLIST_DESCRIPTION_MAX) return setError(PLAYLIST_DESCRIPTION_TOO_LONG);
    // An empty description is stored as none (the API's rule).
    if (await save({ description: trimmed })) onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Textarea
        label={t("dialog.description")}
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setError(null);
        }}
        error={error && ruleMessage(t, error)}
        description={t("dialog.characters", {
          count: description.trim().length,
          max: PLAYLIST_DESCRIPTION_MAX,
        })}
        rows={4}
        data-autofocus
      />
      <DialogActions onCancel={onDone} saving={saving} />
    </form>
  );
}
