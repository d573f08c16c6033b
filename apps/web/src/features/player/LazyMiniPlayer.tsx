// The mini player's code (with the seek bar, its icons and the player's stylesheets) is not part of the
// first screen (budget: 170 KB gzip): a first visit has no current song. It loads once the page is idle
// after hydration and is mounted then, hidden, in a render that yields to the browser: the first tap on a
// play control then neither waits for the code nor suspends (React holds a revealed boundary back up to
// 300 ms) nor builds the player, which is there to be filled in and shown.
import { startTransition, Suspense, useEffect, useState } from "react";
import { chunkLoader, lazyChunk } from "../../lib/chunk-loading";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { useNowPlaying } from "./PlayerProvider";

const loadMiniPlayer = chunkLoader(() => import("./MiniPlayer"));
// Offline before its code came: no mini player until the network returns (the song is kept meanwhile).
const MiniPlayerCode = lazyChunk(() => loadMiniPlayer().then((module) => ({ default: module.MiniPlayer })), {
  failed: () => null,
});

/** SPEC.md section 2's mini player, mounted from the first current song on (it keeps where it was dragged). */
export function MiniPlayer() {
  const { songId } = useNowPlaying();
  const [wanted, setWanted] = useState(false);
  if (songId !== null && !wanted) setWanted(true);
  useEffect(
    () =>
      afterFirstScreen(
        () =>
          void loadMiniPlayer().then(
            () => startTransition(() => setWanted(true)),
            // Not loaded (offline): the first current song, or the network's return, asks for it again.
            () => undefined,
          ),
      ),
    [],
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayerCode />
    </Suspense>
  );
}
