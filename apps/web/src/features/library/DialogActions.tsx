import { Button, Group } from "@mantine/core";

/** A form dialog's Cancel and Save, at its foot. */
export function DialogActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
