// The heart on every song row (SPEC.md section 2). Loaded lazily by SongRow, so the first screen carries
// only an empty slot for it (the first-screen budget).
import { ActionIcon } from "@mantine/core";
import { HeartIcon } from "../icons";
import { useSongLike } from "./actions";

export interface LikeSongButtonProps {
  song: { id: string; title: string };
}

/** Likes or unlikes the song; free listeners get the premium toast. */
export default function LikeSongButton({ song }: LikeSongButtonProps) {
  const { isPremium, isLiked, toggle } = useSongLike(song);
  return (
    <ActionIcon
      size={44}
      color={isLiked ? "purple.4" : "gray"}
      onClick={() => void toggle()}
      aria-label={`Like ${song.title}`}
      aria-pressed={isLiked}
      data-locked={!isPremium || undefined}
      data-testid="like-song"
    >
      <HeartIcon size={20} fill={isLiked ? "currentColor" : "none"} />
    </ActionIcon>
  );
}
