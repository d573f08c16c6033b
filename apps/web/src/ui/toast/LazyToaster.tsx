import { Suspense, useEffect, useState } from "react";
import { lazyChunk } from "../../lib/chunk-loading";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { onToastShown } from "../../lib/toast";

// Offline before its code came, no toast shows; it loads at the next attempt (the network's return).
const Toaster = lazyChunk(() => import("./Toaster").then((module) => ({ default: module.Toaster })), {
  failed: () => null,
});

/**
 * The Toaster, fetched and mounted once the first screen is done (the first interaction or idle moment),
 * or at the first toast if that comes sooner: its code and its portal are not part of hydration.
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopListening = onToastShown(want);
    const cancel = afterFirstScreen(want);
    return () => {
      stopListening();
      cancel();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
