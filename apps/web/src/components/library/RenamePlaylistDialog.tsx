import { Button, Group, Modal, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { renameProblem } from "./playlist-rules";
import { toastFailure } from "./premium";
import "./dialog-styles";

export interface RenamePlaylistDialogProps {
  playlist: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/** 'Change name': a trimmed, non-empty name that differs from the current one (SPEC.md section 5). */
export default function RenamePlaylistDialog({ playlist, opened, onClose }: RenamePlaylistDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change name" centered>
      {/* Remounted on each opening: the field starts from the current name. */}
      {opened && <RenameForm playlist={playlist} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({ playlist, onDone }: { playlist: { id: string; name: string }; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.myPlaylists.update.useMutation();
  const [name, setName] = useState(playlist.name);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = renameProblem(name, playlist.name);
    setError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({ id: playlist.id, name: name.trim() });
    } catch (failure) {
      return toastFailure(failure, "Failed to update playlist", "manageLibrary", { fixed: true });
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Playlist updated successfully" });
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Playlist name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={error}
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
