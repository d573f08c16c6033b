import { ActionIcon } from "../../ui/ActionIcon";
import { CheckIcon, PlusIcon } from "./icons";
import { useAddSongToPlaylist } from "./actions";
import { useT } from "../../i18n";

export interface AddSongButtonProps {
  song: { id: string; title: string };
  playlist: { id: string; name: string };
  /** The song is in the playlist already: the button shows a check and adds nothing. */
  added: boolean;
}

/** The search page's add button while adding songs to a playlist (/search?playlist={id}). */
export function AddSongButton({ song, playlist, added }: AddSongButtonProps) {
  const t = useT();
  const { isPremium, add, pending } = useAddSongToPlaylist(playlist);
  if (added) {
    return (
      <ActionIcon
        size={36}
        color="purple.4"
        disabled
        aria-label={t("search.songInPlaylist", { song: song.title, playlist: playlist.name })}
      >
        <CheckIcon size={18} />
      </ActionIcon>
    );
  }
  return (
    <ActionIcon
      size={36}
      color="gray"
      loading={pending}
      onClick={() => void add(song)}
      aria-label={t("search.addSongTo", { song: song.title, playlist: playlist.name })}
      data-locked={!isPremium || undefined}
      data-testid="add-song-to-playlist"
    >
      <PlusIcon size={18} />
    </ActionIcon>
  );
}
