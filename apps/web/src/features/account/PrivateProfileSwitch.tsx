// Settings' 'Private profile': the same setting as Edit Profile's, saved at once when switched.
import "@mantine/core/styles/Switch.css";
import { Switch } from "@mantine/core";
import { useT } from "../../i18n";
import { useAuth } from "./AuthProvider";
import { useProfile } from "./profile";
import { useSaveProfileSettings } from "./profile-settings";

export function PrivateProfileSwitch() {
  const t = useT();
  const { user } = useAuth();
  const profile = useProfile();
  const save = useSaveProfileSettings();
  // While saving, the switch shows what was asked for; then the profile's answer.
  const checked = save.isPending ? save.variables?.isPrivate === true : (profile.data?.isPrivate ?? false);
  return (
    <Switch
      color="purple"
      label={t("profile.privateProfile")}
      description={t("profile.privateProfileHint")}
      checked={checked}
      disabled={!profile.data || !user}
      onChange={(event) => {
        if (user) save.mutate({ userId: user.uid, isPrivate: event.currentTarget.checked });
      }}
    />
  );
}
