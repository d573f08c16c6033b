// SPEC.md section 2 "Edit Profile": a new picture (camera button), the Display Name form and the account's facts.
import "@mantine/core/styles/Input.css";
import { Badge, Button, Loader, Skeleton, Text, TextInput, Title } from "@mantine/core";
import { ActionIcon } from "../ui/ActionIcon";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import {
  useAuth,
  uploadAvatar,
  useIsPremium,
  useProfile,
  validateProfileName,
  CameraIcon,
  ProfileSettingsForm,
  UserAvatar,
} from "../features/account";
import { PROFILE_NAME_MAX } from "@purplebeats/contracts/constants";
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { paths } from "../lib/paths";
import { isNoResponse } from "../lib/errors";
import { showToast } from "../lib/toast";
import { trpc } from "../lib/trpc";
import screen from "../ui/layout/Screen.module.css";
import card from "../ui/layout/Card.module.css";
import classes from "./EditProfilePage.module.css";

export const UPDATE_FAILED_FALLBACK = "Failed to update profile. Please try again.";

export function EditProfilePage() {
  const { user } = useAuth();
  const isPremium = useIsPremium();
  const profile = useProfile();
  const name = profile.data?.name ?? user?.username ?? "";

  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.profile} label="Back to Profile" />
        <Title order={1} className={classes.title}>
          Edit Profile
        </Title>
      </div>

      <AvatarEditor name={name} imageUrl={profile.data?.imageUrl ?? null} />

      {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.isPending ? (
        <Skeleton height={96} mt="lg" />
      ) : (
        // key: the form starts from the saved name once it has arrived
        <NameForm key={profile.data?.name ?? ""} initialName={profile.data?.name ?? ""} />
      )}

      {profile.data && (
        <ProfileSettingsForm
          key={`${profile.data.handle}:${String(profile.data.isPrivate)}`}
          initialHandle={profile.data.handle}
          initialPrivate={profile.data.isPrivate}
          className={card.card}
        />
      )}

      <section className={card.card} aria-labelledby="account-info">
        <Title order={2} id="account-info" className={card.cardTitle}>
          Account Information
        </Title>
        <dl className={card.facts}>
          <div>
            <dt>User ID</dt>
            <dd data-testid="account-user-id">{user?.uid ?? "…"}</dd>
          </div>
          <div>
            <dt>Membership</dt>
            <dd>
              <Badge color={isPremium ? "yellow" : "gray"} variant={isPremium ? "filled" : "light"}>
                {isPremium ? "Premium Member" : "Free User"}
              </Badge>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function AvatarEditor({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file || !user) return;
    setUploading(true);
    try {
      const saved = await uploadAvatar(file, {
        grant: () => utils.client.uploads.grant.mutate(),
        updateAvatar: (avatarURL) =>
          utils.client.profile.updateAvatar.mutate({ userId: user.uid, avatarURL }),
        toast: showToast,
      });
      if (saved) await utils.profile.get.invalidate();
    } finally {
      setUploading(false);
      if (input.current) input.current.value = ""; // the same file can be chosen again
    }
  };

  return (
    <div className={classes.avatar}>
      <div className={classes.avatarFrame}>
        <UserAvatar name={name || "?"} imageUrl={imageUrl} size={112} />
        <ActionIcon
          className={classes.camera}
          variant="filled"
          size={40}
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-label="Change profile picture"
        >
          {uploading ? <Loader size={18} color="white" /> : <CameraIcon size={20} />}
        </ActionIcon>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="avatar-input"
          onChange={(event) => void onFile(event.currentTarget.files?.[0])}
        />
      </div>
      {uploading && (
        <Text size="sm" c="dimmed" role="status">
          Uploading profile picture...
        </Text>
      )}
    </div>
  );
}

function NameForm({ initialName }: { initialName: string }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.profile.update.useMutation({
    onSuccess: async () => {
      showToast({ title: "Profile Updated", message: "Your profile has been updated." });
      await utils.profile.get.invalidate();
      void navigate(paths.profile);
    },
    onError: (failure) => {
      showToast({
        title: "Update Failed",
        // The server's reason when it gave one; without a response, SPEC.md's fallback.
        message: (!isNoResponse(failure) && failure.message) || UPDATE_FAILED_FALLBACK,
        variant: "destructive",
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProfileName(name);
    setError(problem);
    if (problem || !user) return;
    update.mutate({ userId: user.uid, name: name.trim() });
  };

  return (
    <form className={card.card} onSubmit={submit} noValidate aria-labelledby="display-name-title">
      <Title order={2} id="display-name-title" className={card.cardTitle}>
        Profile Information
      </Title>
      <TextInput
        label="Display Name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (error) setError(validateProfileName(event.currentTarget.value));
        }}
        error={error}
        maxLength={PROFILE_NAME_MAX + 20}
        autoComplete="nickname"
        size="md"
      />
      <div className={classes.formButtons}>
        <Button variant="default" onClick={() => void navigate(paths.profile)} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
