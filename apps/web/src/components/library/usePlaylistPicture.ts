// 'Add picture': the owner picks an image, it goes to storage through a one-time upload URL
// (uploads.grant, then PUT), and the playlist's imageUrl is set to the stored object.
import { putFile } from "../../lib/upload";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { PLAYLIST_IMAGE_MAX_MB } from "./playlist-rules";
import { toastFailure } from "./premium";

const MAX_BYTES = PLAYLIST_IMAGE_MAX_MB * 1024 * 1024;

/** SPEC.md section 5: only images, at most 5 MB; the toast explains a refusal. Null when the file will do. */
export function pictureProblem(file: File): { title: string; message: string } | null {
  if (!file.type.startsWith("image/")) {
    return { title: "Upload Failed", message: "Please choose an image file." };
  }
  if (file.size > MAX_BYTES) {
    return { title: "File too large", message: `File size must be less than ${PLAYLIST_IMAGE_MAX_MB} MB` };
  }
  return null;
}

export function usePlaylistPicture(playlist: { id: string }) {
  const utils = trpc.useUtils();
  const grant = trpc.uploads.grant.useMutation();
  const update = trpc.myPlaylists.update.useMutation();

  const upload = async (file: File) => {
    const problem = pictureProblem(file);
    if (problem) return showToast({ ...problem, variant: "destructive" });

    let imageUrl: string;
    try {
      const { uploadURL } = await grant.mutateAsync();
      imageUrl = await putFile(uploadURL, file);
    } catch {
      return showToast({
        title: "Upload Failed",
        message: "Failed to upload file. Please try again.",
        variant: "destructive",
      });
    }

    try {
      await update.mutateAsync({ id: playlist.id, imageUrl });
    } catch (error) {
      return toastFailure(error, "Failed to update playlist", "manageLibrary", { fixed: true });
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Image Uploaded", message: "Playlist updated successfully" });
  };

  return { upload, uploading: grant.isPending || update.isPending };
}
