// Saving the profile's public side (handle, privacy): one mutation for Edit Profile's form and for Settings'
// private-profile switch, which refresh the same reads and say the same things.
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";

export interface SaveProfileSettingsOptions {
  /** The server saved it: its answer (the handle as stored). */
  onSaved?: (saved: { handle: string; isPrivate: boolean }) => void;
  /** The server refused; the form marks its field (a taken handle's 409). */
  onFailure?: (failure: { message: string; status: number | undefined }) => void;
}

export function useSaveProfileSettings({ onSaved, onFailure }: SaveProfileSettingsOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.profile.updateSettings.useMutation({
    onSuccess: async (saved) => {
      onSaved?.(saved);
      showToast({ title: "Profile Updated", message: `Your profile is at @${saved.handle}.` });
      await Promise.all([utils.profile.get.invalidate(), utils.follows.profile.invalidate()]);
    },
    onError: (failure) => {
      onFailure?.({ message: failure.message, status: failure.data?.httpStatus });
      showToast({ title: "Update Failed", message: failure.message, variant: "destructive" });
    },
  });
}
