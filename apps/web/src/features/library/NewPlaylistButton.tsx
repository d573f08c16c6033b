import { Button } from "@mantine/core";
import { Suspense, useState } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { PlusIcon } from "./icons";
import { useIsPremium, loadPremiumFeatureDialog } from "../account";
import { useT } from "../../i18n";
import classes from "./library.module.css";
import "../../ui/dialog-styles";

const CreatePlaylistDialog = lazyChunk(() => import("./CreatePlaylistDialog"), { failed: dialogUnavailable });
// A modal's code (focus trap, portal, scroll lock) is not needed until the button is pressed.
const PremiumFeatureDialog = lazyChunk(
  () => loadPremiumFeatureDialog().then((m) => ({ default: m.PremiumFeatureDialog })),
  { failed: dialogUnavailable },
);

/**
 * 'New Playlist': the create dialog for premium listeners; everyone else gets the 'Premium Feature'
 * dialog ('Maybe Later' / 'Upgrade Now', SPEC.md section 6).
 */
export function NewPlaylistButton() {
  const t = useT();
  const isPremium = useIsPremium();
  const [open, setOpen] = useState<"create" | "premium" | null>(null);
  const [used, setUsed] = useState(false);
  const close = () => setOpen(null);
  return (
    <>
      <Button
        // A long translation wraps onto a second line rather than being cut.
        classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
        leftSection={<PlusIcon size={18} />}
        onClick={() => {
          setUsed(true);
          setOpen(isPremium ? "create" : "premium");
        }}
      >
        {t("playlist.new")}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <CreatePlaylistDialog opened={open === "create"} onClose={close} />
          <PremiumFeatureDialog opened={open === "premium"} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
