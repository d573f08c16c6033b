// The current listener's profile (name, picture, nickname) and the figures of the Profile screen.
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";

/** SPEC.md section 9: initials are at most 2 letters. */
export const MAX_INITIALS = 2;

/** 'Ada Lovelace' → 'AL', 'pioneer' → 'P', 'Jean Luc Picard' → 'JL'; '' → ''. */
export function initialsOf(name: string | null | undefined): string {
  return (name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_INITIALS)
    .map((word) => (Array.from(word)[0] ?? "").toLocaleUpperCase())
    .join("");
}

/**
 * profile.get for the current listener. SPEC.md section 7: the one read that is fetched again whenever a
 * screen using it mounts and whenever the window regains focus (a name changed elsewhere shows up).
 */
export function useProfile() {
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  return trpc.profile.get.useQuery(
    { userId },
    { enabled: userId !== "", refetchOnMount: "always", refetchOnWindowFocus: "always" },
  );
}

/** profile.stats: playlists, liked songs, plays, listening time and top tracks from the play history. */
export function useProfileStats() {
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  return trpc.profile.stats.useQuery({ userId }, { enabled: userId !== "" });
}
