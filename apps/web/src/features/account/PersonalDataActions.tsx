// Settings & Privacy's Data section: download everything stored about me, and delete my account (asked
// first). A deleted listener continues as a new guest, with nothing of the old account.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { describeError } from "../../lib/errors";
import { paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";
import { saveExport } from "./personal-data";
import "../../ui/dialog-styles";

export function PersonalDataActions() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();

  const download = async () => {
    setDownloading(true);
    try {
      const name = saveExport(await utils.client.account.exportData.query());
      showToast({ title: "Data Downloaded", message: `Your data was saved as ${name}.` });
    } catch (error) {
      showToast({ title: "Download Failed", message: describeError(error), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        A JSON file of everything PurpleBeats stores about you: profile, playlists, likes, library, follows,
        plays, payments and sessions.
      </Text>
      <Button variant="light" loading={downloading} onClick={() => void download()}>
        Download my data
      </Button>
      <Button color="red" variant="outline" mt="sm" onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}

export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { deleteAccount } = useAuth();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    const deleted = await deleteAccount();
    setDeleting(false);
    onClose();
    if (deleted) void navigate(paths.home);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete my account" centered>
      <Text>
        Your profile, playlists, likes, library, follows and listening history will be deleted, and you will
        be signed out. Payment records are kept for accounting, without your name. This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={() => void confirm()}>
          Delete account
        </Button>
      </Group>
    </Modal>
  );
}
