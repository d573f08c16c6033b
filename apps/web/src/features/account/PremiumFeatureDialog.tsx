import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/CloseButton.css";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { PREMIUM_FEATURE_TITLE, PREMIUM_MESSAGES, type PremiumFeature } from "./premium-gate";
import { paths } from "../../lib/paths";
import { CrownIcon } from "./icons";

export interface PremiumFeatureDialogProps {
  opened: boolean;
  onClose(): void;
  /** Which action was blocked (its message); creating playlists unless said otherwise. */
  feature?: PremiumFeature;
}

/**
 * SPEC.md section 6: what a free listener sees on trying to create a playlist: 'Premium Feature',
 * 'Maybe Later' (closes) and 'Upgrade Now' (to /premium).
 */
export function PremiumFeatureDialog({
  opened,
  onClose,
  feature = "createPlaylists",
}: PremiumFeatureDialogProps) {
  const navigate = useNavigate();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      title={
        <Group gap={8} wrap="nowrap">
          <CrownIcon size={20} color="var(--mantine-color-yellow-5)" />
          <Text fw={700} component="span">
            {PREMIUM_FEATURE_TITLE}
          </Text>
        </Group>
      }
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Text size="sm" c="dimmed">
        {PREMIUM_MESSAGES[feature]}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Maybe Later
        </Button>
        <Button
          onClick={() => {
            onClose();
            void navigate(paths.premium);
          }}
        >
          Upgrade Now
        </Button>
      </Group>
    </Modal>
  );
}
