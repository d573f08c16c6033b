// Changing the profile picture (SPEC.md sections 2, 5, 7 and 8): check the file, ask for a single-use
// upload URL, PUT the file there, then point the profile at the stored object. Framework-free (tested in
// avatar-upload.test.ts); the Edit Profile screen supplies the calls.
import { putFile } from "../lib/upload";
import type { ToastOptions } from "../lib/toast";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB } from "./profile-rules";

export const AVATAR_TOASTS = {
  notImage: { title: "Invalid File", message: "Please choose an image file.", variant: "destructive" },
  tooLarge: {
    title: "File too large",
    message: `File size must be less than ${AVATAR_MAX_MB} MB`,
    variant: "destructive",
  },
  uploadFailed: {
    title: "Upload Failed",
    message: "Failed to upload file. Please try again.",
    variant: "destructive",
  },
  updateFailed: {
    title: "Upload Failed",
    message: "Failed to update your profile picture. Please try again.",
    variant: "destructive",
  },
  updated: { title: "Avatar Updated", message: "Your profile picture has been updated." },
} as const satisfies Record<string, ToastOptions>;

export type AvatarCheck = "ok" | "notImage" | "tooLarge";

/** Images only, up to 5 MB. */
export function checkAvatarFile(file: Pick<File, "type" | "size">): AvatarCheck {
  if (!file.type.startsWith("image/")) return "notImage";
  if (file.size > AVATAR_MAX_BYTES) return "tooLarge";
  return "ok";
}

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
  const check = checkAvatarFile(file);
  if (check !== "ok") {
    toast(AVATAR_TOASTS[check]);
    return false;
  }
  let objectPath: string;
  try {
    const { uploadURL } = await grant();
    objectPath = await put(uploadURL, file);
  } catch (error) {
    console.error("Avatar upload failed", error);
    toast(AVATAR_TOASTS.uploadFailed);
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
