// 'Add picture': the owner picks an image, it goes to storage through a one-time upload URL
// (uploads.grant, then PUT), and the playlist's imageUrl is set to the stored object.
import { pictureProblem, putFile, uploadFailed } from "../../lib/upload";
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { PLAYLIST_IMAGE_MAX_MB } from "./playlist-rules";
import { toastFailure } from "./premium";

export function usePlaylistPicture(playlist: { id: string }) {
  const utils = trpc.useUtils();
  const grant = trpc.uploads.grant.useMutation();
  const update = trpc.myPlaylists.update.useMutation();

  const upload = async (file: File) => {
    const problem = pictureProblem(file, PLAYLIST_IMAGE_MAX_MB);
    if (problem) return showToast(problem);

    let imageUrl: string;
    try {
      const { uploadURL } = await grant.mutateAsync();
      imageUrl = await putFile(uploadURL, file);
    } catch (error) {
      return showToast(uploadFailed(error));
    }

    try {
      await update.mutateAsync({ id: playlist.id, imageUrl });
    } catch (error) {
      return toastFailure(error, translate("error.updatePlaylist"), "manageLibrary", { fixed: true });
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: translate("playlist.imageUploaded"), message: translate("playlist.updated") });
  };

  return { upload, uploading: grant.isPending || update.isPending };
}
