// The heart's like of a song, apart from the other actions of "your music" (actions.ts): the rows' hearts
// are on every first screen (its budget: 170 KB gzip), the menus and dialogs that use the others are not.
import { showToast } from "../../lib/toast";
import { translate } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { refreshLikedSongs } from "./cache";
import { promptPremium, toastFailure } from "./premium";
import { useIsPremium } from "../account";
import { useOptimisticToggle } from "./optimistic-toggle";

interface SongRef {
  id: string;
  title: string;
}

/** Whether the listener likes a song, and the heart's toggle. */
export function useSongLike(song: SongRef) {
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const input = { songId: song.id };
  // Free listeners cannot like, so their hearts need no check.
  const check = trpc.likedSongs.check.useQuery(input, { enabled: isPremium });
  const scope = { id: `likedSongs:${song.id}` };
  const like = trpc.likedSongs.like.useMutation({ scope });
  const unlike = trpc.likedSongs.unlike.useMutation({ scope });
  const isLiked = check.data?.isLiked ?? false;
  const pending = like.isPending || unlike.isPending;

  const change = useOptimisticToggle({
    current: isLiked,
    show(on) {
      void utils.likedSongs.check.cancel(input);
      utils.likedSongs.check.setData(input, { isLiked: on });
    },
    send: (on) => (on ? like : unlike).mutateAsync(input),
    saved(on, settled) {
      if (settled) void refreshLikedSongs(utils, song.id, on);
      showToast(
        on
          ? { title: translate("song.likedTitle"), message: translate("song.liked", { title: song.title }) }
          : {
              title: translate("song.unlikedTitle"),
              message: translate("song.unliked", { title: song.title }),
            },
      );
    },
    refused: (error) => toastFailure(error, translate("error.updateLikedSongs"), "likeSongs"),
  });
  const toggle = async () => (isPremium ? change() : promptPremium("likeSongs"));
  return { isPremium, isLiked, pending, toggle };
}
