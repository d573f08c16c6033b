import { Text } from "@mantine/core";
import { DownloadButton } from "../features/downloads";
import { useT } from "../i18n";
import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { memo, Suspense, useMemo, useState } from "react";
import { useParams } from "react-router-dom";
import { CoverArt } from "../ui/CoverArt";
import { ScreenLink } from "../ui/screen-link";
import { PillButton } from "../ui/PillButton";
import { PlayIcon, ShuffleIcon } from "../ui/icons";
import { BackButton } from "../ui/layout/BackButton";
import { ShareButton, SongRow, SongRowSkeletons } from "../features/catalog";
import { LoadError } from "../ui/layout/LoadError";
import { ChunkUnavailable } from "../ui/chunks/ChunkUnavailable";
import { lazyChunk } from "../lib/chunk-loading";
import { Placeholder } from "../ui/layout/Placeholder";
import { PlaylistMenu, PlaylistOwnerMenu, loadReorderSongs } from "../features/library";
import { useAuth } from "../features/account";
import { PLAYLIST_COVER_SIZE, PLAYLIST_FIRST_ROWS } from "../features/playlists";
import { isNoSuchPlaylist } from "../lib/errors";
import { formatSongCount } from "../lib/format";
import { paths } from "../lib/paths";
import { share, shareTargets } from "../lib/share";
import { shuffled } from "../lib/shuffle";
import { useDeferredQuery, useRowsShown } from "../lib/deferred-query";
import { trpc } from "../lib/trpc";
import { usePlayerControls } from "../features/player";
import screen from "../ui/layout/Screen.module.css";
import classes from "./PlaylistPage.module.css";

// The reorder mode's code loads when the owner asks for it.
const ReorderSongs = lazyChunk(loadReorderSongs, {
  // Its code not here (offline): the list stays as it is, and a notice over it says why.
  failed: ({ playlist, onDone }) => (
    <>
      <PlaylistSongs playlist={playlist} />
      <ChunkUnavailable variant="overlay" what="reordering" onClose={onDone} />
    </>
  ),
});

/** /playlist/{id}: the playlist's cover, details and songs. */
export function PlaylistPage() {
  const id = useParams().id ?? "";
  const query = trpc.playlists.byId.useQuery({ id });
  const playlist = useDeferredQuery(query);
  const [reordering, setReordering] = useState(false);
  const t = useT();

  let body;
  if (playlist.isError && isNoSuchPlaylist(playlist.error)) {
    body = <Text className={screen.notice}>{t("error.playlistNotFound")}</Text>;
  } else if (playlist.isPending) {
    body = <PlaylistLoading />;
  } else if (playlist.isError) {
    body = <LoadError error={playlist.error} onRetry={() => void query.refetch()} />;
  } else if (playlist.data) {
    body = (
      <PlaylistDetails
        playlist={playlist.data}
        reordering={reordering}
        onReorderEnd={() => setReordering(false)}
      />
    );
  }

  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.home} label={t("common.backToHome")} />
        {playlist.data && <PlaylistMenus playlist={playlist.data} onReorder={() => setReordering(true)} />}
      </div>
      {body}
    </div>
  );
}

/** SPEC.md section 6, with DESIGN.md's "the demo user means the current user": the creator edits it. */
function useIsOwner(playlist: PlaylistDetailDto): boolean {
  const { user } = useAuth();
  // The server says whether the caller made it (isOwn): a playlist never carries its owner's uid.
  return user !== null && playlist.isOwn;
}

/** One menu: the owner's (their playlist's options) or everyone's (like it, keep it, copy its songs). */
function PlaylistMenus({ playlist, onReorder }: { playlist: PlaylistDetailDto; onReorder: () => void }) {
  const isOwner = useIsOwner(playlist);
  return (
    <div className={classes.menus}>
      {isOwner ? (
        <PlaylistOwnerMenu playlist={playlist} onReorder={onReorder} />
      ) : (
        <PlaylistMenu playlist={playlist} />
      )}
    </div>
  );
}

function PlaylistDetails({
  playlist,
  reordering,
  onReorderEnd,
}: {
  playlist: PlaylistDetailDto;
  /** The owner's reorder mode: the song list with drag handles, saved with Done. */
  reordering: boolean;
  onReorderEnd: () => void;
}) {
  const player = usePlayerControls();
  const t = useT();
  const { songs } = playlist;
  const empty = songs.length === 0;
  return (
    <>
      <div className={classes.hero}>
        <CoverArt src={playlist.imageUrl} size={PLAYLIST_COVER_SIZE} radius={12} priority />
        {/* Plain elements styled as Mantine's Title and dimmed Text: rendered in the tap that opens the screen. */}
        <h1 className={classes.name} dir="auto">
          {playlist.name}
        </h1>
        {playlist.description && (
          <p className={classes.description} dir="auto">
            {playlist.description}
          </p>
        )}
        {!playlist.isOwn && (
          <p className={classes.count}>
            {t("playlist.by")}{" "}
            {playlist.owner.handle ? (
              <ScreenLink to={paths.user(playlist.owner.handle)} className={classes.owner}>
                <bdi>{playlist.owner.name}</bdi>{" "}
                <span className={classes.handle}>@{playlist.owner.handle}</span>
              </ScreenLink>
            ) : (
              <bdi>{playlist.owner.name}</bdi>
            )}
          </p>
        )}
        <p className={classes.count}>{formatSongCount(songs.length, t)}</p>
      </div>
      <div className={screen.actions}>
        <PillButton
          icon={<PlayIcon size={16} />}
          disabled={empty}
          onClick={() => player.startPlaylist(songs)}
        >
          {t("common.playAll")}
        </PillButton>
        <PillButton
          variant="light"
          icon={<ShuffleIcon size={16} />}
          disabled={empty}
          onClick={() => player.startPlaylist(shuffled(songs))}
        >
          {t("playlist.shuffle")}
        </PillButton>
        {/* A private playlist's link opens for its owner only: nothing to share. */}
        {playlist.isPublic && (
          <ShareButton
            label={t("artists.share", { name: playlist.name })}
            onShare={() => void share(shareTargets.playlist(playlist))}
          />
        )}
        <DownloadButton
          source={{
            kind: "playlist",
            id: playlist.id,
            title: playlist.name,
            imageUrl: playlist.imageUrl,
            songs,
          }}
        />
      </div>
      {empty ? (
        <Text c="dimmed" className={screen.notice}>
          {t("playlist.empty")}
        </Text>
      ) : reordering ? (
        <Suspense fallback={<PlaylistSongs playlist={playlist} />}>
          <ReorderSongs playlist={playlist} onDone={onReorderEnd} />
        </Suspense>
      ) : (
        <PlaylistSongs playlist={playlist} />
      )}
    </>
  );
}

/**
 * The song list reads the session (the owner's song menu) here, and its rows are rendered again only when
 * ownership changes: a session arriving that changes nothing (a guest on a catalog playlist) does not
 * redraw every row in one long task.
 */
function PlaylistSongs({ playlist }: { playlist: PlaylistDetailDto }) {
  return <SongRows playlist={playlist} isOwner={useIsOwner(playlist)} />;
}

const SongRows = memo(function SongRows({
  playlist,
  isOwner,
}: {
  playlist: PlaylistDetailDto;
  isOwner: boolean;
}) {
  const { songs } = playlist;
  // Rendering every row (heart, menu trigger) in the task that mounts the page blocked a phone's main
  // thread for over 100 ms: the rows below the fold follow in a render that yields to the browser.
  const shown = useRowsShown(songs.length, PLAYLIST_FIRST_ROWS);
  // One object for every row and render: the memoized rows above the fold are not rendered again.
  const menu = useMemo(() => ({ playlist, isOwner }), [playlist, isOwner]);
  const t = useT();
  return (
    <ul aria-label={t("playlist.songsIn", { name: playlist.name })} className={classes.songs}>
      {songs.slice(0, shown).map((song, index) => (
        <li key={song.id}>
          <SongRow song={song} queue={songs} number={index + 1} menu={menu} />
        </li>
      ))}
    </ul>
  );
});

function PlaylistLoading() {
  const t = useT();
  return (
    <div aria-busy="true" aria-label={t("playlist.loading")}>
      <div className={classes.hero}>
        <Placeholder width={PLAYLIST_COVER_SIZE} height={PLAYLIST_COVER_SIZE} radius={12} />
        <Placeholder height={28} width="60%" />
        <Placeholder height={12} width="30%" />
      </div>
      <SongRowSkeletons count={5} />
    </div>
  );
}
