import { Button, Group, Modal, Textarea, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { validateNewPlaylist, type NewPlaylistErrors } from "./playlist-rules";
import { toastFailure } from "./premium";
import { reloadPage } from "./reload";
import { useT } from "../../i18n";
import { ruleMessage } from "../../lib/rule-messages";
import "../../ui/dialog-styles";

/** SPEC.md sections 4 and 9: the page reloads one second after a playlist is created. */
export const RELOAD_AFTER_CREATE_MS = 1000;

export interface CreatePlaylistDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** 'New Playlist': a name (1-100 characters) and an optional description (at most 500). */
export default function CreatePlaylistDialog({ opened, onClose }: CreatePlaylistDialogProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.createPlaylist")} centered>
      {opened && <CreateForm onDone={onClose} />}
    </Modal>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const create = trpc.myPlaylists.create.useMutation();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<NewPlaylistErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateNewPlaylist(name, description);
    setErrors(problems);
    if (problems.name || problems.description) return;
    const trimmed = name.trim();
    try {
      await create.mutateAsync({ name: trimmed, description: description.trim() || null, isPublic: true });
    } catch (error) {
      return toastFailure(error, t("error.createPlaylist"), "createPlaylists", {
        fixed: true,
      });
    }
    void refreshPlaylist(utils);
    showToast({ title: t("playlist.createdTitle"), message: t("playlist.created", { name: trimmed }) });
    onDone();
    setTimeout(reloadPage, RELOAD_AFTER_CREATE_MS);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={t("dialog.name")}
        placeholder={t("dialog.namePlaceholder")}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name && ruleMessage(t, errors.name)}
        withAsterisk
        data-autofocus
      />
      <Textarea
        label={t("dialog.description")}
        placeholder={t("dialog.optional")}
        mt="md"
        rows={3}
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description && ruleMessage(t, errors.description)}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t("dialog.create")}
        </Button>
      </Group>
    </form>
  );
}
