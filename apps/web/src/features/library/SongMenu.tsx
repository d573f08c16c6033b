import { Menu } from "@mantine/core";
import { Suspense, useState } from "react";
import { ActionIcon } from "../../ui/ActionIcon";
import { lazyChunk } from "../../lib/chunk-loading";
import { dialogUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { useNavigate } from "react-router-dom";
import { usePlayerControls, type PlayableSong } from "../player";
import { paths } from "../../lib/paths";
import { shareSong } from "../../lib/share";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { HeartIcon, Icon, type IconProps } from "../../ui/icons";
import { useSongLike } from "./song-like";
import { refreshPlaylist } from "./cache";
import { DotsIcon, TrashIcon } from "./icons";
import { PremiumMenuItem } from "./PremiumMenuItem";
import { promptPremium, toastFailure } from "./premium";
import { useT } from "../../i18n";
import "./menu-styles";

/** A flag: 'Report'. Here, not with the library's icons, which the first screen carries. */
const FlagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Icon>
);

const ReportSongDialog = lazyChunk(() => import("./ReportSongDialog"), { failed: dialogUnavailable });

export interface SongMenuProps {
  /** Open on mount (the trigger was pressed while the menu\'s code loaded: features/library/LazyMenus). */
  defaultOpened?: boolean;
  song: PlayableSong;
  /** The playlist the song is shown in, if any; its owner may also take the song out. */
  playlist?: { id: string; name: string };
  isOwner?: boolean;
}

/**
 * A song's options in every list: play next, add to queue, start radio, its artist and album, share, like or unlike,
 * on the owner's playlist page, remove it from the playlist, and report it to the admins.
 */
export function SongMenu({ song, playlist, isOwner = false, defaultOpened }: SongMenuProps) {
  const t = useT();
  const like = useSongLike(song);
  const player = usePlayerControls();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const removeSong = trpc.myPlaylists.removeSong.useMutation();
  const [reporting, setReporting] = useState(false);
  // The dialog's code loads on first use and stays mounted afterwards, so that it can animate closed.
  const [reportUsed, setReportUsed] = useState(false);

  // The row leaves the playlist's page at once; a refusal brings it back, with the failure's toast.
  const remove = async () => {
    if (!playlist) return;
    if (!like.isPremium) return promptPremium("addSongsToPlaylists");
    const shown = { id: playlist.id };
    const before = utils.playlists.byId.getData(shown);
    void utils.playlists.byId.cancel(shown);
    utils.playlists.byId.setData(
      shown,
      (current) =>
        current && {
          ...current,
          songs: current.songs.filter((one) => one.id !== song.id),
          songCount: Math.max(0, current.songCount - 1),
        },
    );
    try {
      await removeSong.mutateAsync({ id: playlist.id, songId: song.id });
    } catch (error) {
      utils.playlists.byId.setData(shown, before);
      return toastFailure(error, t("error.updatePlaylist"), "addSongsToPlaylists");
    }
    void refreshPlaylist(utils, playlist.id);
    showToast({
      title: t("playlist.songRemovedTitle"),
      message: t("playlist.songRemoved", { song: song.title, playlist: playlist.name }),
    });
  };

  return (
    <>
      <Menu defaultOpened={defaultOpened} position="bottom-end" shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon size={44} color="gray" aria-label={t("song.options", { title: song.title })}>
            <DotsIcon size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => {
              player.playNext([song]);
              showToast({ title: t("song.playingNext"), message: song.title });
            }}
          >
            {t("song.playNext")}
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              player.addToQueue([song]);
              showToast({ title: t("song.addedToQueue"), message: song.title });
            }}
          >
            {t("song.addToQueue")}
          </Menu.Item>
          <Menu.Item onClick={() => player.startRadio(song)}>{t("song.startRadio")}</Menu.Item>
          {song.artist?.id && (
            <Menu.Item onClick={() => void navigate(paths.artist(song.artist?.id ?? ""))}>
              {t("song.goToArtist")}
            </Menu.Item>
          )}
          {song.album?.id && (
            <Menu.Item onClick={() => void navigate(paths.album(song.album?.id ?? ""))}>
              {t("song.goToAlbum")}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => shareSong(song)}>{t("song.share")}</Menu.Item>
          <PremiumMenuItem
            locked={!like.isPremium}
            onClick={() => void like.toggle()}
            icon={<HeartIcon size={16} fill={like.isLiked ? "currentColor" : undefined} />}
          >
            {like.isLiked ? t("song.removeFromLiked") : t("song.addToLiked")}
          </PremiumMenuItem>
          {isOwner && playlist && (
            <PremiumMenuItem
              locked={!like.isPremium}
              onClick={() => void remove()}
              icon={<TrashIcon size={16} />}
            >
              {t("song.removeFromPlaylist")}
            </PremiumMenuItem>
          )}
          <Menu.Item
            leftSection={<FlagIcon size={16} />}
            onClick={() => {
              setReportUsed(true);
              setReporting(true);
            }}
          >
            {t("song.report")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {reportUsed && (
        <Suspense fallback={null}>
          <ReportSongDialog song={song} opened={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
