// 'Change name' and 'Edit description': one way to save a change to the owner's playlist, with SPEC.md
// section 8's toasts and the refresh of every list that shows it.
import type { RouterInputs } from "@purplebeats/contracts";
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { toastFailure } from "./premium";

type PlaylistChanges = Omit<RouterInputs["myPlaylists"]["update"], "id">;

export function usePlaylistUpdate(playlistId: string) {
  const utils = trpc.useUtils();
  const update = trpc.myPlaylists.update.useMutation();

  /** True when saved; a failure has been told in a toast. */
  const save = async (changes: PlaylistChanges): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: playlistId, ...changes });
    } catch (failure) {
      toastFailure(failure, translate("error.updatePlaylist"), "manageLibrary", { fixed: true });
      return false;
    }
    void refreshPlaylist(utils, playlistId);
    showToast({ title: translate("playlist.updated") });
    return true;
  };
  return { save, saving: update.isPending };
}
