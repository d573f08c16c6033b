import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { toastFailure } from "./premium";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

/** Stands for the name in the translated question: a character no translation holds. */
const NAME_MARK = "\u2063";

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
  const t = useT();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remove = trpc.myPlaylists.delete.useMutation();

  // The name in bold wherever the language puts it in the sentence.
  const [before = "", after = ""] = t("dialog.deleteQuestion", { name: NAME_MARK }).split(NAME_MARK);
  const question = { before, after };

  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: playlist.id });
    } catch (failure) {
      onClose();
      return toastFailure(failure, t("error.deletePlaylist"), "manageLibrary");
    }
    onClose();
    void navigate(paths.library);
    // Its page is left: the cached detail is only marked stale, not fetched again (it would answer 404).
    void utils.playlists.byId.invalidate({ id: playlist.id }, { refetchType: "none" });
    void refreshPlaylist(utils);
    showToast({ title: t("playlist.deletedTitle"), message: t("playlist.deleted", { name: playlist.name }) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("playlist.delete")} centered>
      <Text>
        {question.before}
        <strong>
          <bdi>{playlist.name}</bdi>
        </strong>
        {question.after}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t("dialog.cancel")}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
          {t("dialog.delete")}
        </Button>
      </Group>
    </Modal>
  );
}
