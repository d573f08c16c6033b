import { Anchor, Text } from "@mantine/core";
import type { AlbumResultDto, ArtistRef, GenreResultDto } from "@purplebeats/contracts/schemas";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import { CoverArt } from "../../ui/CoverArt";
import { Section, Strip } from "../../ui/layout/Section";
import { PlaylistCard } from "../playlists";
import { SongList } from "../catalog";
import classes from "./SearchSections.module.css";
import { useSectionResults } from "./section-results";
import { useT } from "../../i18n";

/**
 * The results page's other sections, under the songs: the genre the text names (its most played songs),
 * artists, albums and playlists. Each appears only when something matches; below the fold, they are rendered
 * after the songs (and the server leaves them out).
 */
export function SearchSections({ text }: { text: string }) {
  const t = useT();
  const { data } = useSectionResults(text);
  if (!data) return null;
  return (
    <>
      {data.genre && <GenreSection genre={data.genre} />}
      {data.artists.length > 0 && <ArtistsSection artists={data.artists} />}
      {data.albums.length > 0 && <AlbumsSection albums={data.albums} />}
      {data.playlists.length > 0 && (
        <Section title={t("search.playlists")} testId="search-playlists">
          <Strip label={t("search.playlists")}>
            {data.playlists.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </Strip>
        </Section>
      )}
    </>
  );
}

function GenreSection({ genre }: { genre: GenreResultDto }) {
  const t = useT();
  return (
    <Section title={genre.name} testId="search-genre">
      <SongList songs={genre.songs} label={t("search.genreSongs", { genre: genre.name })} />
      <Anchor component={ScreenLink} to={paths.category(genre.name)} className={classes.more}>
        {t("search.allGenreSongs", { genre: genre.name })}
      </Anchor>
    </Section>
  );
}

/** One artist or album: its picture, name and what it is; tapping goes to `to`. */
function ResultRow(props: { to: string; imageUrl: string | null; name: string; detail: string }) {
  return (
    <li>
      <ScreenLink to={props.to} className={classes.row}>
        <CoverArt src={props.imageUrl} size={48} />
        <span className={classes.text}>
          <Text size="sm" fw={600} truncate dir="auto">
            {props.name}
          </Text>
          <Text size="xs" c="dimmed" truncate dir="auto">
            {props.detail}
          </Text>
        </span>
      </ScreenLink>
    </li>
  );
}

function ArtistsSection({ artists }: { artists: ArtistRef[] }) {
  const t = useT();
  return (
    <Section title={t("search.artists")} testId="search-artists">
      <ul className={classes.list} aria-label={t("search.artists")}>
        {artists.map((artist) => (
          <ResultRow
            key={artist.id}
            to={paths.artist(artist.id)}
            imageUrl={artist.imageUrl}
            name={artist.name}
            detail={t("search.artist")}
          />
        ))}
      </ul>
    </Section>
  );
}

/** Albums have no page of their own: choosing one searches for its title. */
function AlbumsSection({ albums }: { albums: AlbumResultDto[] }) {
  const t = useT();
  return (
    <Section title={t("search.albums")} testId="search-albums">
      <ul className={classes.list} aria-label={t("search.albums")}>
        {albums.map((album) => (
          <ResultRow
            key={album.id}
            to={paths.album(album.id)}
            imageUrl={album.imageUrl}
            name={album.title}
            detail={album.artist ? `${t("search.album")} • ${album.artist.name}` : t("search.album")}
          />
        ))}
      </ul>
    </Section>
  );
}
