import { Button, Group } from "@mantine/core";
import { useT } from "../../i18n";

/** A form dialog's Cancel and Save, at its foot. */
export function DialogActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const t = useT();
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        {t("dialog.cancel")}
      </Button>
      <Button type="submit" loading={saving}>
        {t("dialog.save")}
      </Button>
    </Group>
  );
}
