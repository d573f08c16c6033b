// Who may see a listener's profile beyond its name and picture: anyone while it is public; its owner
// and admins always. The one place this rule is decided (docs/ARCHITECTURE.md, "Where each rule lives").
import type { SessionUser } from "@purplebeats/contracts";

export interface ProfileOwner {
  userId: string;
  isPrivate: boolean;
}

export const mayViewProfile = (owner: ProfileOwner, viewer: SessionUser | null): boolean =>
  !owner.isPrivate || viewer?.id === owner.userId || viewer?.isAdmin === true;

/**
 * Who may see a listener's activity: anyone while the profile is public; a private profile's activity is
 * its owner's alone (admins included out: the brief's "visible only to themselves").
 */
export const mayViewActivity = (owner: ProfileOwner, viewer: SessionUser | null): boolean =>
  !owner.isPrivate || viewer?.id === owner.userId;
