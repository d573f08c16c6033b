// Changing the profile picture (SPEC.md sections 2, 5, 7 and 8): check the file, ask for a single-use
// upload URL, PUT the file there, then point the profile at the stored object. Framework-free (tested in
// avatar-upload.test.ts); the Edit Profile screen supplies the calls.
import { pictureProblem, putFile, uploadFailed } from "../../lib/upload";
import { translate } from "../../i18n";
import type { ToastOptions } from "../../lib/toast";
import { AVATAR_MAX_MB } from "./profile-rules";

/** SPEC.md section 8's toasts, in the listener's language when they show. */
export const AVATAR_TOASTS = {
  get uploadFailed(): ToastOptions {
    return {
      title: translate("error.uploadFailed"),
      message: translate("error.uploadFailedText"),
      variant: "destructive",
    };
  },
  get updateFailed(): ToastOptions {
    return {
      title: translate("error.uploadFailed"),
      message: translate("error.avatarUpdateFailed"),
      variant: "destructive",
    };
  },
  get updated(): ToastOptions {
    return { title: translate("profile.avatarUpdatedTitle"), message: translate("profile.avatarUpdated") };
  },
};

export interface AvatarUploadDeps {
  /** uploads.grant */
  grant(): Promise<{ uploadURL: string }>;
  put?(uploadURL: string, file: File): Promise<string>;
  /** profile.updateAvatar with the object's path. */
  updateAvatar(avatarURL: string): Promise<unknown>;
  toast(options: ToastOptions): void;
}

/** Runs the whole change with SPEC.md's toasts; true when the new picture is saved. */
export async function uploadAvatar(
  file: File,
  { grant, put = putFile, updateAvatar, toast }: AvatarUploadDeps,
) {
  // Images only, up to 5 MB, refused in the same words as a playlist picture.
  const problem = pictureProblem(file, AVATAR_MAX_MB);
  if (problem) {
    toast(problem);
    return false;
  }
  let objectPath: string;
  try {
    const { uploadURL } = await grant();
    objectPath = await put(uploadURL, file);
  } catch (error) {
    console.error("Avatar upload failed", error);
    toast(uploadFailed(error));
    return false;
  }
  try {
    await updateAvatar(objectPath);
  } catch (error) {
    console.error("Avatar update failed", error);
    toast(AVATAR_TOASTS.updateFailed);
    return false;
  }
  toast(AVATAR_TOASTS.updated);
  return true;
}
