import { Loader, Modal, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../../ui/layout/LoadError";
import { useCopyPlaylistSongs } from "./actions";
import { mayAddSongsTo } from "./playlist-rules";
import { PlaylistSummary } from "./PlaylistSummary";
import classes from "./library.module.css";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

/** One page of the listener's own playlists is plenty to pick from. */
const OWN_PLAYLISTS_LIMIT = 100;

export interface AddToOtherPlaylistDialogProps {
  /** The playlist whose songs are added. */
  source: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add to other playlist': the listener's own playlists (never a system playlist, never this one).
 * Choosing one appends this playlist's songs to it, showing that it is under way, and closes the dialog once
 * the server has answered.
 */
export default function AddToOtherPlaylistDialog({ source, opened, onClose }: AddToOtherPlaylistDialogProps) {
  const t = useT();
  const own = trpc.myPlaylists.list.useQuery({ limit: OWN_PLAYLISTS_LIMIT }, { enabled: opened });
  const { copyTo } = useCopyPlaylistSongs(source);
  const targets = (own.data?.items ?? []).filter(
    // myPlaylists.list: the caller's own playlists.
    (playlist) => mayAddSongsTo({ id: playlist.id, isOwn: true }) && playlist.id !== source.id,
  );

  // The chosen playlist shows it is being filled until the server answers; the dialog closes once it has.
  const [adding, setAdding] = useState<string | null>(null);
  const choose = async (target: { id: string; name: string }) => {
    if (adding) return;
    setAdding(target.id);
    const added = await copyTo(target);
    setAdding(null);
    if (added) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("playlist.addToOther")} centered>
      {own.isPending ? (
        <div aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={48} mb={8} data-testid="skeleton" />
          ))}
        </div>
      ) : own.isError ? (
        <LoadError error={own.error} onRetry={() => void own.refetch()} />
      ) : targets.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t("dialog.noPlaylists")}
        </Text>
      ) : (
        <ul className={classes.pickList} aria-label={t("dialog.yourPlaylists")}>
          {targets.map((playlist) => (
            <li key={playlist.id}>
              <UnstyledButton
                className={classes.pick}
                onClick={() => void choose(playlist)}
                aria-busy={adding === playlist.id || undefined}
                disabled={adding !== null}
              >
                <PlaylistSummary playlist={playlist} coverSize={40} textClassName={classes.pickText} />
                {adding === playlist.id && (
                  <Loader size="xs" aria-label={t("dialog.addingTo", { name: playlist.name })} />
                )}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
