import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { toastFailure } from "./premium";
import "../../ui/dialog-styles";

export interface DeletePlaylistDialogProps {
  playlist: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Delete playlist': asks first, naming the playlist. Once deleted, the listener is taken to the library
 * (the page they were on no longer exists) and every list that showed it is refreshed.
 */
export default function DeletePlaylistDialog({ playlist, opened, onClose }: DeletePlaylistDialogProps) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remove = trpc.myPlaylists.delete.useMutation();

  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: playlist.id });
    } catch (failure) {
      onClose();
      return toastFailure(failure, "Failed to delete playlist", "manageLibrary");
    }
    onClose();
    void navigate(paths.library);
    // Its page is left: the cached detail is only marked stale, not fetched again (it would answer 404).
    void utils.playlists.byId.invalidate({ id: playlist.id }, { refetchType: "none" });
    void refreshPlaylist(utils);
    showToast({ title: "Playlist deleted", message: `${playlist.name} was deleted` });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete playlist" centered>
      <Text>
        Delete <strong>{playlist.name}</strong>? Its songs stay in the catalog; the playlist cannot be brought
        back.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
