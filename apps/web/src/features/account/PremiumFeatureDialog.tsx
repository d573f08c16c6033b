import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/CloseButton.css";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { premiumMessage, type PremiumFeature } from "./premium-gate";
import { useT } from "../../i18n";
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
  const t = useT();
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
            {t("premium.feature")}
          </Text>
        </Group>
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Text size="sm" c="dimmed">
        {premiumMessage(feature, t)}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t("premium.maybeLater")}
        </Button>
        <Button
          onClick={() => {
            onClose();
            void navigate(paths.premium);
          }}
        >
          {t("premium.upgradeNow")}
        </Button>
      </Group>
    </Modal>
  );
}
