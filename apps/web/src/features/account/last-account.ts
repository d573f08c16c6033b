// The listener as last seen online: the session's user, their profile's name and their membership. Offline
// (the app shell from the service worker) the session cannot be read, and a member whose downloads play must
// not be shown as a guest: the header shows this record instead. Written as the server answers, forgotten at
// log-out with the other local records (local-records.ts). Kept small and zod-free: the first screen reads it.
import type { MeDto } from "@purplebeats/contracts";
import { resolveUserId } from "../../lib/identity";

/** localStorage: the last account seen online. */
export const LAST_ACCOUNT_KEY = "pb.lastAccount";

export interface LastMembership {
  isPremium: boolean;
  expiresAt: string | null;
}

export interface LastAccount {
  user: MeDto;
  /** The profile's name; null until the profile was read. */
  name: string | null;
  /** The membership as last read; null until it was. */
  membership: LastMembership | null;
}

const isText = (value: unknown): value is string => typeof value === "string";

function asUser(value: unknown): MeDto | null {
  if (!value || typeof value !== "object") return null;
  const { uid, username, isGuest, isAdmin } = value as Record<string, unknown>;
  if (!isText(uid) || uid === "" || !isText(username)) return null;
  if (typeof isGuest !== "boolean" || typeof isAdmin !== "boolean") return null;
  return { uid, username, isGuest, isAdmin };
}

function asMembership(value: unknown): LastMembership | null {
  if (!value || typeof value !== "object") return null;
  const { isPremium, expiresAt } = value as Record<string, unknown>;
  if (typeof isPremium !== "boolean" || !(expiresAt === null || isText(expiresAt))) return null;
  return { isPremium, expiresAt };
}

function readStored(): LastAccount | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(LAST_ACCOUNT_KEY) ?? "null");
    if (!raw || typeof raw !== "object") return null;
    const record = raw as Record<string, unknown>;
    const user = asUser(record.user);
    if (!user) return null;
    return {
      user,
      name: isText(record.name) ? record.name : null,
      membership: asMembership(record.membership),
    };
  } catch {
    return null; // storage blocked or a damaged record: nothing to show
  }
}

function write(account: LastAccount): void {
  try {
    localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify(account));
  } catch {
    // Storage blocked: offline the header then has no one to show, as before.
  }
}

/**
 * The last account seen online, if it is still the one the local records name (another tab may have signed in
 * as someone else since): never a listener other than the one this browser calls as.
 */
export function readLastAccount(): LastAccount | null {
  const account = readStored();
  return account && account.user.uid === resolveUserId() ? account : null;
}

/** The session named `user`: kept, with what was known of them if it is the same listener. */
export function rememberLastUser(user: MeDto): void {
  const previous = readStored();
  const same = previous?.user.uid === user.uid;
  write({ user, name: same ? previous.name : null, membership: same ? previous.membership : null });
}

/** What was read of `uid` (their profile's name, their membership), kept while they are the last seen. */
export function rememberLastDetails(
  uid: string,
  details: Partial<Pick<LastAccount, "name" | "membership">>,
): void {
  const previous = readStored();
  if (previous?.user.uid !== uid) return;
  write({ ...previous, ...details });
}

/** Log-out: the next listener offline is no one. */
export function forgetLastAccount(): void {
  try {
    localStorage.removeItem(LAST_ACCOUNT_KEY);
  } catch {
    // Storage blocked: there is nothing stored either.
  }
}
