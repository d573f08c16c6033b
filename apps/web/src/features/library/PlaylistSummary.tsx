import { Text } from "@mantine/core";
import { useT } from "../../i18n";
import { formatSongCount } from "../../lib/format";
import { CoverArt } from "../../ui/CoverArt";

interface PlaylistSummaryProps {
  playlist: { name: string; imageUrl: string | null; songCount: number };
  coverSize: number;
  /** The class of the name-and-count column, which each list lays out its own way. */
  textClassName?: string;
}

/** A playlist as the library's lists show it: cover, name, and 'N songs'. */
export function PlaylistSummary({ playlist, coverSize, textClassName }: PlaylistSummaryProps) {
  const t = useT();
  return (
    <>
      <CoverArt src={playlist.imageUrl} size={coverSize} radius={6} />
      <span className={textClassName}>
        <Text size="sm" fw={600} truncate>
          {playlist.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatSongCount(playlist.songCount, t)}
        </Text>
      </span>
    </>
  );
}
