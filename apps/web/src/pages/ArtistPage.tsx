import { Button, Text, Title } from "@mantine/core";
import { ActionIcon } from "../ui/ActionIcon";
import type { AlbumDto, ArtistDetailDto, ArtistRef, SongDto } from "@purplebeats/contracts/schemas";
import { useId, useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { ARTIST_READS } from "../first-screen/first-screen-reads";
import {
  AlbumTile,
  AlbumTileSkeletons,
  CoverHero,
  CoverHeroLoading,
  DetailScreen,
  PlayShuffleButtons,
  ShareButton,
  SongList,
  SongRowSkeletons,
} from "../features/catalog";
import { RadioIcon } from "../ui/icons";
import { share, shareTargets } from "../lib/share";
import { LoadError } from "../ui/layout/LoadError";
import { isNoSuchItem } from "../lib/errors";
import { shuffled } from "../lib/shuffle";
import { trpc } from "../lib/trpc";
import { usePlayerControls } from "../features/player";
import { useT } from "../i18n";
import { ArtistRequestButton, CheckIcon, FollowArtistButton, TipArtistButton } from "../features/account";
import screen from "../ui/layout/Screen.module.css";
import classes from "./ArtistPage.module.css";

const PICTURE_SIZE = 180;
/** 'Popular' shows this many songs, and up to POPULAR_MORE after 'Show more' (as Spotify's 5 and 10). */
const POPULAR_FIRST = ARTIST_READS.popularFirst;
const POPULAR_MORE = ARTIST_READS.popular;

/** /artist/{id}: the artist's picture and name, its most played songs, its albums and what it appears on. */
export function ArtistPage() {
  const t = useT();
  const id = useParams().id ?? "";
  const artist = trpc.artists.byId.useQuery({ id });
  const popular = usePopular(id);

  let body: ReactNode;
  if (artist.isError && isNoSuchItem(artist.error)) {
    body = <Text className={screen.notice}>{t("artists.notFound")}</Text>;
  } else if (artist.isError) {
    body = <LoadError error={artist.error} onRetry={() => void artist.refetch()} />;
  } else if (artist.isPending) {
    body = <CoverHeroLoading label={t("artists.loading")} size={PICTURE_SIZE} round />;
  } else {
    body = <ArtistDetails artist={artist.data} popular={popular} />;
  }
  return <DetailScreen>{body}</DetailScreen>;
}

const usePopular = (id: string) => trpc.artists.topSongs.useQuery({ id, limit: POPULAR_MORE });
type PopularQuery = ReturnType<typeof usePopular>;
const useAlbums = (id: string) => trpc.artists.albums.useQuery({ id });
type AlbumsQuery = ReturnType<typeof useAlbums>;

function ArtistDetails({ artist, popular }: { artist: ArtistDetailDto; popular: PopularQuery }) {
  const t = useT();
  const player = usePlayerControls();
  const albums = useAlbums(artist.id);
  const appearsOn = trpc.artists.appearsOn.useQuery({ id: artist.id });
  const songs = popular.data?.items ?? [];
  const empty = songs.length === 0;
  return (
    <>
      <CoverHero src={artist.imageUrl} size={PICTURE_SIZE} round title={artist.name}>
        {artist.verified ? (
          <Text size="sm" c="dimmed" className={classes.verified} data-testid="verified-artist">
            <CheckIcon size={14} aria-hidden /> {t("artists.verified")}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t("artists.artist")}
          </Text>
        )}
        <div className={classes.actions}>
          <FollowArtistButton artistId={artist.id} name={artist.name} />
          {/* Tips go to artists someone runs (verified): they can be paid out. */}
          {artist.verified && <TipArtistButton artist={artist} />}
        </div>
        {!artist.verified && <ArtistRequestButton claim={artist} />}
      </CoverHero>
      <PlayShuffleButtons
        disabled={empty}
        onPlay={() => player.startPlaylist(songs)}
        onShuffle={() => player.startPlaylist(shuffled(songs))}
      >
        {/* The artist's radio: its most played song, then songs like it (the artist's first). */}
        <ActionIcon
          size={44}
          variant="light"
          radius="xl"
          disabled={empty}
          aria-label={t("artists.startRadioOf", { name: artist.name })}
          title={t("artists.startRadio")}
          onClick={() => songs[0] && player.startRadio(songs[0])}
        >
          <RadioIcon size={18} />
        </ActionIcon>
        <ShareButton
          label={t("artists.share", { name: artist.name })}
          onShare={() => void share(shareTargets.artist(artist))}
        />
      </PlayShuffleButtons>
      <PageSection title={t("artists.popular")} testId="artist-popular">
        <PopularSongs query={popular} artist={artist} />
      </PageSection>
      <ArtistAlbums query={albums} kind="albums" title={t("artists.albums")} />
      <ArtistAlbums query={appearsOn} kind="appearsOn" title={t("artists.appearsOn")} />
    </>
  );
}

function PageSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={classes.section} aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function PopularSongs({ query, artist }: { query: PopularQuery; artist: ArtistRef }) {
  const t = useT();
  const [more, setMore] = useState(false);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <SongRowSkeletons count={POPULAR_FIRST} />;
  const songs: SongDto[] = query.data.items;
  if (songs.length === 0) return <Text c="dimmed">{t("artists.noSongs")}</Text>;
  return (
    <>
      <SongList
        songs={more ? songs : songs.slice(0, POPULAR_FIRST)}
        numbered
        label={t("artists.popularOf", { name: artist.name })}
      />
      {songs.length > POPULAR_FIRST && (
        <Button variant="subtle" h={44} onClick={() => setMore(!more)}>
          {more ? t("artists.showLess") : t("artists.showMore")}
        </Button>
      )}
    </>
  );
}

/** The artist's own albums, or the albums of others it appears on (hidden while there are none). */
function ArtistAlbums({
  query,
  kind,
  title,
}: {
  query: AlbumsQuery;
  kind: "albums" | "appearsOn";
  title: string;
}) {
  let content: ReactNode;
  if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending)
    content = (
      <div className={classes.albums}>
        <AlbumTileSkeletons count={2} />
      </div>
    );
  else if (query.data.items.length === 0) return null;
  else
    content = (
      <ul className={classes.albums} aria-label={title}>
        {query.data.items.map((album: AlbumDto) => (
          <li key={album.id}>
            <AlbumTile album={album} showArtist={kind === "appearsOn"} />
          </li>
        ))}
      </ul>
    );
  return (
    <PageSection title={title} testId={kind === "albums" ? "artist-albums" : "artist-appears-on"}>
      {content}
    </PageSection>
  );
}
