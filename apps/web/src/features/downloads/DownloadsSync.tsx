// A member's downloads kept up to date in the background (downloads-store.ts, syncDownloads): at the app's
// start and when the network returns, each downloaded playlist, album and Liked Songs is read again. Loaded
// after the first screen, for members only (app/shell/AppLayout.tsx).
import { useEffect } from "react";
import { trpc } from "../../lib/trpc";
import { useIsPremium } from "../account";
import { syncDownloads, type DownloadedItem } from "./downloads-store";
import { readAllLikedSongs } from "./liked-songs";

export default function DownloadsSync() {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!isPremium) return;
    const read = async (item: DownloadedItem) => {
      if (item.kind === "playlist") return (await utils.playlists.byId.fetch({ id: item.id })).songs;
      // As the album's screen reads it, so that the two agree on what the album holds.
      if (item.kind === "album") return (await utils.albums.songs.fetch({ id: item.id })).items;
      return readAllLikedSongs(utils);
    };
    const sync = () => void syncDownloads(read);
    sync();
    window.addEventListener("online", sync);
    return () => window.removeEventListener("online", sync);
  }, [isPremium, utils]);
  return null;
}
