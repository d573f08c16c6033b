import { Button, Group, Modal, Textarea } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_DESCRIPTION_TOO_LONG } from "./playlist-rules";
import { toastFailure } from "./premium";
import "./dialog-styles";

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
  return (
    <Modal opened={opened} onClose={onClose} title="Edit description" centered>
      {/* Remounted on each opening: the field starts from the current description. */}
      {opened && <DescriptionForm playlist={playlist} onDone={onClose} />}
    </Modal>
  );
}

function DescriptionForm({ playlist, onDone }: { playlist: PlaylistRef; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.myPlaylists.update.useMutation();
  const [description, setDescription] = useState(playlist.description ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = description.trim();
    if (trimmed.length > PLAYLIST_DESCRIPTION_MAX) return setError(PLAYLIST_DESCRIPTION_TOO_LONG);
    try {
      // An empty description is stored as none (the API's rule).
      await update.mutateAsync({ id: playlist.id, description: trimmed });
    } catch (failure) {
      return toastFailure(failure, "Failed to update playlist", "manageLibrary", { fixed: true });
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Playlist updated successfully" });
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        description={`${description.trim().length} / ${PLAYLIST_DESCRIPTION_MAX}`}
        rows={4}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}
