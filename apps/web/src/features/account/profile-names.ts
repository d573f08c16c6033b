/** The account entry's name when the listener has none (SPEC.md section 2's dropdown). */
export const DEFAULT_MENU_NAME = "Guest";

/** The name the account entry shows: the profile's, else the Pi username, else 'Guest'. */
export function accountName(
  profile: { name?: string | null } | undefined,
  user: { username?: string } | null | undefined,
): string {
  return profile?.name || user?.username || DEFAULT_MENU_NAME;
}
