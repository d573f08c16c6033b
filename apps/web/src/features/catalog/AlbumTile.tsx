import { Skeleton, Text } from "@mantine/core";
import type { AlbumDto } from "@purplebeats/contracts/schemas";
import { ScreenLink } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import { CoverArt } from "../../ui/CoverArt";
import { SkeletonLine } from "../../ui/layout/SkeletonLine";
import classes from "./AlbumTile.module.css";
import { useT } from "../../i18n";
import type { Translate } from "../../i18n";

/** Under the title: the year, and the album artist where it is not the page's artist (a compilation). */
function detailOf(album: AlbumDto, showArtist: boolean, t: Translate): string {
  const parts = [
    album.year ? String(album.year) : null,
    showArtist ? album.artist?.name : null,
    t("search.album"),
  ];
  return parts.filter(Boolean).join(" • ");
}

/** An album as a tile of a two-column grid: its cover and title; tapping opens its page. */
export function AlbumTile({ album, showArtist = false }: { album: AlbumDto; showArtist?: boolean }) {
  const t = useT();
  return (
    <ScreenLink to={paths.album(album.id)} className={classes.tile} data-testid="album-tile">
      <div className={classes.cover}>
        <CoverArt src={album.imageUrl} size={160} radius={8} />
      </div>
      <div className={classes.text}>
        <Text size="sm" fw={600} truncate dir="auto">
          {album.title}
        </Text>
        <Text size="xs" c="dimmed" truncate dir="auto">
          {detailOf(album, showArtist, t)}
        </Text>
      </div>
    </ScreenLink>
  );
}

export function AlbumTileSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={classes.tile} data-testid="skeleton" aria-hidden>
      <Skeleton className={classes.cover} />
      <div className={classes.text}>
        <SkeletonLine size="sm" width="80%" />
        <SkeletonLine size="xs" width="50%" />
      </div>
    </div>
  ));
}
