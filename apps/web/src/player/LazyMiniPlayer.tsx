// The mini player's code (with the seek bar, its icons and the player's stylesheets) loads once a song is
// current: on a first visit nothing is, so the first screen goes without it (budget: 170 KB gzip).
import { lazy, Suspense, useState } from "react";
import { useNowPlaying } from "./PlayerProvider";

const MiniPlayerCode = lazy(() => import("./MiniPlayer").then((module) => ({ default: module.MiniPlayer })));

/** SPEC.md section 2's mini player, loaded on first use and mounted from then on (it keeps where it was dragged). */
export function MiniPlayer() {
  const { songId } = useNowPlaying();
  const [wanted, setWanted] = useState(false);
  if (songId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayerCode />
    </Suspense>
  );
}
