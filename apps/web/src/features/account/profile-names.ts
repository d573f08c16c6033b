import { GUEST_USERNAME } from "@purplebeats/contracts/constants";

/**
 * The account entry's name when the listener has none yet: a guest's own name (every first visit becomes a
 * guest), so that the page the server renders before the guest exists shows the initials the hydrated app
 * shows once it does ('GU', not 'G' then 'GU').
 */
export const DEFAULT_MENU_NAME = GUEST_USERNAME;

/** The name the account entry shows: the profile's, else the Pi username, else a guest's. */
export function accountName(
  profile: { name?: string | null } | undefined,
  user: { username?: string } | null | undefined,
): string {
  return profile?.name || user?.username || DEFAULT_MENU_NAME;
}
