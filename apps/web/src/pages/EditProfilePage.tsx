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
import { useT } from "../i18n";
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { paths } from "../lib/paths";
import { isNoResponse, localizeErrorMessage } from "../lib/errors";
import { showToast } from "../lib/toast";
import { trpc } from "../lib/trpc";
import screen from "../ui/layout/Screen.module.css";
import card from "../ui/layout/Card.module.css";
import classes from "./EditProfilePage.module.css";
import { ruleMessage } from "../lib/rule-messages";

export function EditProfilePage() {
  const t = useT();
  const { user } = useAuth();
  const isPremium = useIsPremium();
  const profile = useProfile();
  const name = profile.data?.name ?? user?.username ?? "";

  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.profile} label={t("profile.backToProfile")} />
        <Title order={1} className={classes.title}>
          {t("profile.editProfile")}
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
          {t("profile.accountInformation")}
        </Title>
        <dl className={card.facts}>
          <div>
            <dt>{t("profile.userId")}</dt>
            <dd data-testid="account-user-id">{user?.uid ?? "…"}</dd>
          </div>
          <div>
            <dt>{t("profile.membership")}</dt>
            <dd>
              <Badge color={isPremium ? "yellow" : "gray"} variant={isPremium ? "filled" : "light"}>
                {isPremium ? t("account.premiumMember") : t("profile.freeUser")}
              </Badge>
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function AvatarEditor({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const t = useT();
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
          aria-label={t("profile.changePicture")}
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
          {t("profile.uploadingPicture")}
        </Text>
      )}
    </div>
  );
}

function NameForm({ initialName }: { initialName: string }) {
  const t = useT();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.profile.update.useMutation({
    onSuccess: async () => {
      showToast({ title: t("profile.updated"), message: t("profile.updatedText") });
      await utils.profile.get.invalidate();
      void navigate(paths.profile);
    },
    onError: (failure) => {
      showToast({
        title: t("profile.updateFailed"),
        // The server's reason when it gave one; without a response, SPEC.md's fallback.
        message:
          (!isNoResponse(failure) && localizeErrorMessage(t, failure.message, failure)) ||
          t("profile.updateFailedText"),
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
        {t("profile.information")}
      </Title>
      <TextInput
        label={t("profile.displayName")}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (error) setError(validateProfileName(event.currentTarget.value));
        }}
        error={error && ruleMessage(t, error)}
        maxLength={PROFILE_NAME_MAX + 20}
        autoComplete="nickname"
        size="md"
      />
      <div className={classes.formButtons}>
        <Button variant="default" onClick={() => void navigate(paths.profile)} disabled={update.isPending}>
          {t("account.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("profile.saving") : t("profile.saveChanges")}
        </Button>
      </div>
    </form>
  );
}
