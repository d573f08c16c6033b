// Changing the profile picture (SPEC.md sections 2, 5, 7 and 8): check the file, ask for a single-use
// upload URL, PUT the file there, then point the profile at the stored object. Framework-free (tested in
// avatar-upload.test.ts); the Edit Profile screen supplies the calls.
import { pictureProblem, putFile, uploadFailed, UPLOAD_FAILED_MESSAGE } from "../../lib/upload";
import type { ToastOptions } from "../../lib/toast";
import { AVATAR_MAX_MB } from "./profile-rules";

export const AVATAR_TOASTS = {
  uploadFailed: {
    title: "Upload Failed",
    message: UPLOAD_FAILED_MESSAGE,
    variant: "destructive",
  },
  updateFailed: {
    title: "Upload Failed",
    message: "Failed to update your profile picture. Please try again.",
    variant: "destructive",
  },
  updated: { title: "Avatar Updated", message: "Your profile picture has been updated." },
} as const satisfies Record<string, ToastOptions>;

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
