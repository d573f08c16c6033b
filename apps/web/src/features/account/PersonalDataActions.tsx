// Settings & Privacy's Data section: download everything stored about me, and delete my account (asked
// first). A deleted listener continues as a new guest, with nothing of the old account.
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useT } from "../../i18n";
import { describeError } from "../../lib/errors";
import { paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";
import { saveExport } from "./personal-data";
import "../../ui/dialog-styles";

export function PersonalDataActions() {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();

  const download = async () => {
    setDownloading(true);
    try {
      const name = saveExport(await utils.client.account.exportData.query());
      showToast({ title: t("account.dataDownloaded"), message: t("account.dataSavedAs", { name }) });
    } catch (error) {
      showToast({
        title: t("account.downloadFailed"),
        message: describeError(error),
        variant: "destructive",
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {t("account.dataText")}
      </Text>
      <Button variant="light" loading={downloading} onClick={() => void download()}>
        {t("account.downloadData")}
      </Button>
      <Button color="red" variant="outline" mt="sm" onClick={() => setConfirming(true)}>
        {t("account.deleteMyAccount")}
      </Button>
      <DeleteAccountDialog opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}

export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
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
    <Modal opened={opened} onClose={onClose} title={t("account.deleteMyAccount")} centered>
      <Text>{t("account.deleteText")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={deleting}>
          {t("account.cancel")}
        </Button>
        <Button color="red" loading={deleting} onClick={() => void confirm()}>
          {t("account.deleteAccount")}
        </Button>
      </Group>
    </Modal>
  );
}
