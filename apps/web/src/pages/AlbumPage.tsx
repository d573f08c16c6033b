import { Anchor, Text } from "@mantine/core";
import { DownloadButton } from "../features/downloads";
import { useT, type Translate } from "../i18n";
import type { AlbumDto, SongDto } from "@purplebeats/contracts/schemas";
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { ScreenLink } from "../ui/screen-link";
import {
  CoverHero,
  CoverHeroLoading,
  DetailScreen,
  PlayShuffleButtons,
  ShareButton,
  SongList,
  SongRowSkeletons,
} from "../features/catalog";
import { LoadError } from "../ui/layout/LoadError";
import { isNoSuchItem } from "../lib/errors";
import { formatMinutes, formatSongCount } from "../lib/format";
import { paths } from "../lib/paths";
import { share, shareTargets } from "../lib/share";
import { shuffled } from "../lib/shuffle";
import { trpc } from "../lib/trpc";
import { usePlayerControls, type QueueSource } from "../features/player";
import screen from "../ui/layout/Screen.module.css";
import classes from "./ArtistPage.module.css";

const COVER_SIZE = 200;
/** The rows a phone shows under the cover: rendered with the page, the others in a background render. */
const FIRST_ROWS = 4;

/** /album/{id}: the cover, title, artist, year, count and length, and the tracks in disc and track order. */
export function AlbumPage() {
  const id = useParams().id ?? "";
  const album = trpc.albums.byId.useQuery({ id });
  const tracks = trpc.albums.songs.useQuery({ id });
  const t = useT();

  let body: ReactNode;
  const failed = album.error ?? tracks.error;
  if (failed && isNoSuchItem(failed)) {
    body = <Text className={screen.notice}>{t("error.albumNotFound")}</Text>;
  } else if (failed) {
    body = (
      <LoadError
        error={failed}
        onRetry={() => {
          void album.refetch();
          void tracks.refetch();
        }}
      />
    );
  } else if (album.data) {
    body = <AlbumDetails album={album.data} tracks={tracks.data?.items} />;
  } else {
    body = <CoverHeroLoading label={t("album.loading")} size={COVER_SIZE} />;
  }
  return <DetailScreen>{body}</DetailScreen>;
}

/** '2024 • 8 songs, 23 min' */
function summaryOf(album: AlbumDto, t: Translate): string {
  const size = `${formatSongCount(album.songCount, t)}, ${formatMinutes(album.duration, t)}`;
  return album.year ? `${album.year} • ${size}` : size;
}

type Track = SongDto;

function AlbumDetails({ album, tracks }: { album: AlbumDto; tracks: Track[] | undefined }) {
  const player = usePlayerControls();
  const t = useT();
  // Played from here in order, the queue is the album: the player applies album gain (README, 'Loudness').
  const source: QueueSource = { kind: "album", id: album.id };
  const empty = !tracks || tracks.length === 0;
  return (
    <>
      <CoverHero src={album.imageUrl} size={COVER_SIZE} title={album.title}>
        {album.artist && (
          <Anchor
            component={ScreenLink}
            to={paths.artist(album.artist.id)}
            fw={600}
            className={classes.artistLink}
          >
            <bdi>{album.artist.name}</bdi>
          </Anchor>
        )}
        <Text size="sm" c="dimmed" data-testid="album-summary">
          {summaryOf(album, t)}
        </Text>
      </CoverHero>
      <PlayShuffleButtons
        disabled={empty}
        onPlay={() => tracks && player.startPlaylist(tracks, source)}
        onShuffle={() => tracks && player.startPlaylist(shuffled(tracks))}
      >
        <ShareButton
          label={t("artists.share", { name: album.title })}
          onShare={() => void share(shareTargets.album(album))}
        />
        {tracks && (
          <DownloadButton
            source={{
              kind: "album",
              id: album.id,
              title: album.title,
              imageUrl: album.imageUrl,
              songs: tracks,
            }}
          />
        )}
      </PlayShuffleButtons>
      {tracks ? (
        <SongList
          songs={tracks}
          numbered
          label={t("playlist.songsIn", { name: album.title })}
          source={source}
          firstRows={FIRST_ROWS}
        />
      ) : (
        <SongRowSkeletons count={5} />
      )}
    </>
  );
}
