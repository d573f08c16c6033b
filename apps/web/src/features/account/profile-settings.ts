// Saving the profile's public side (handle, privacy): one mutation for Edit Profile's form and for Settings'
// private-profile switch, which refresh the same reads and say the same things.
import { translate } from "../../i18n";
import { localizeErrorMessage } from "../../lib/errors";
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
      showToast({
        title: translate("profile.updated"),
        message: translate("profile.updatedHandle", { handle: saved.handle }),
      });
      await Promise.all([utils.profile.get.invalidate(), utils.follows.profile.invalidate()]);
    },
    onError: (failure) => {
      // The server's reason in the listener's language ('This handle is taken'), by its code.
      const message = localizeErrorMessage(translate, failure.message, failure);
      onFailure?.({ message, status: failure.data?.httpStatus });
      showToast({ title: translate("profile.updateFailed"), message, variant: "destructive" });
    },
  });
}
