// Edit Profile's public side: the handle others find the listener by (/user/{handle}) and whether the
// profile is private. The server is the judge (a taken handle is its 409); the form checks the shape first.
import "@mantine/core/styles/Switch.css";
import { Button, Switch, TextInput, Title } from "@mantine/core";
import { HANDLE_MAX } from "@purplebeats/contracts/constants";
import { useState, type FormEvent } from "react";
import { useT } from "../../i18n";
import { useAuth } from "./AuthProvider";
import { validateHandle } from "./profile-rules";
import { ruleMessage } from "../../lib/rule-messages";
import { useSaveProfileSettings } from "./profile-settings";

export function ProfileSettingsForm({
  initialHandle,
  initialPrivate,
  className,
}: {
  initialHandle: string;
  initialPrivate: boolean;
  className?: string;
}) {
  const t = useT();
  const { user } = useAuth();
  const [handle, setHandle] = useState(initialHandle);
  const [isPrivate, setPrivate] = useState(initialPrivate);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProfileSettings({
    onSaved: (saved) => setHandle(saved.handle),
    onFailure: (failure) => {
      if (failure.status === 409) setError(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateHandle(handle);
    setError(problem);
    if (problem || !user) return;
    save.mutate({ userId: user.uid, handle: handle.trim().toLowerCase(), isPrivate });
  };

  return (
    <form className={className} onSubmit={submit} noValidate aria-labelledby="public-profile-title">
      <Title order={2} id="public-profile-title" size="h4">
        {t("profile.publicProfile")}
      </Title>
      <TextInput
        label={t("profile.handle")}
        description={t("profile.handleHint")}
        leftSection="@"
        value={handle}
        onChange={(event) => {
          setHandle(event.currentTarget.value);
          if (error) setError(validateHandle(event.currentTarget.value));
        }}
        error={error && ruleMessage(t, error)}
        maxLength={HANDLE_MAX + 10}
        autoCapitalize="none"
        autoComplete="username"
        size="md"
        mt="sm"
      />
      <Switch
        mt="md"
        label={t("profile.privateProfile")}
        description={t("profile.privateProfileHint")}
        checked={isPrivate}
        onChange={(event) => setPrivate(event.currentTarget.checked)}
      />
      <Button type="submit" mt="md" loading={save.isPending}>
        {t("profile.savePublicProfile")}
      </Button>
    </form>
  );
}
