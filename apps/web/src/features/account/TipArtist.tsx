// 'Tip' on a verified artist's page. The dialog (TipArtistDialog.tsx) loads when it is first pressed: a modal's
// code (focus trap, portal, scroll lock) and the payment flow are not part of the artist page's first screen.
import { Button } from "@mantine/core";
import { Suspense, useState } from "react";
import { useT } from "../../i18n";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";

const TipArtistDialog = lazyChunk(
  () => import("./TipArtistDialog").then((m) => ({ default: m.TipArtistDialog })),
  { failed: dialogUnavailable },
);

export function TipArtistButton({ artist }: { artist: { id: string; name: string } }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="light"
        radius="xl"
        size="compact-md"
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
      >
        {t("artists.tip")}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <TipArtistDialog artist={artist} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
