// Settings' 'Private profile': the same setting as Edit Profile's, saved at once when switched.
import "@mantine/core/styles/Switch.css";
import { Switch } from "@mantine/core";
import { useAuth } from "./AuthProvider";
import { useProfile } from "./profile";
import { useSaveProfileSettings } from "./profile-settings";

export function PrivateProfileSwitch() {
  const { user } = useAuth();
  const profile = useProfile();
  const save = useSaveProfileSettings();
  // While saving, the switch shows what was asked for; then the profile's answer.
  const checked = save.isPending ? save.variables?.isPrivate === true : (profile.data?.isPrivate ?? false);
  return (
    <Switch
      color="purple"
      label="Private profile"
      description="Others see only your name and picture"
      checked={checked}
      disabled={!profile.data || !user}
      onChange={(event) => {
        if (user) save.mutate({ userId: user.uid, isPrivate: event.currentTarget.checked });
      }}
    />
  );
}
