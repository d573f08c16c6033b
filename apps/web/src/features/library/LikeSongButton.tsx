// The heart on every song row (SPEC.md section 2). Loaded lazily by SongRow, so a screen without rows does
// not carry it (the first-screen budget); a page the server rendered with rows loads it at its start.
import { HeartIcon } from "../../ui/icons";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { useSongLike } from "./song-like";
import { promptPremium } from "./premium";
import { useIsPremium } from "../account";
import { useT } from "../../i18n";

export interface LikeSongButtonProps {
  song: { id: string; title: string };
}

/** Likes or unlikes the song; free listeners get the premium toast. */
export default function LikeSongButton({ song }: LikeSongButtonProps) {
  // A free listener's heart needs no like check and no mutations: a query and two mutation observers per
  // row made a playlist's rows the largest part of opening it (a tap within 100 ms).
  if (!useIsPremium())
    return <Heart song={song} liked={false} locked onToggle={() => promptPremium("likeSongs")} />;
  return <MemberHeart song={song} />;
}

function MemberHeart({ song }: LikeSongButtonProps) {
  const { isLiked, pending, toggle } = useSongLike(song);
  return <Heart song={song} liked={isLiked} locked={false} busy={pending} onToggle={() => void toggle()} />;
}

function Heart({
  song,
  liked,
  locked,
  busy = false,
  onToggle,
}: LikeSongButtonProps & { liked: boolean; locked: boolean; busy?: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    // A plain button with ActionIcon's look: one per row, rendered in the tap that opens a list's screen.
    <RoundIconButton
      tone={liked ? "purple.4" : "gray"}
      onClick={onToggle}
      aria-label={t("song.like", { title: song.title })}
      aria-pressed={liked}
      // Shown liked (or not) at once; the server's answer is on its way.
      aria-busy={busy || undefined}
      data-locked={locked || undefined}
      data-testid="like-song"
    >
      <HeartIcon size={20} fill={liked ? "currentColor" : undefined} />
    </RoundIconButton>
  );
}
