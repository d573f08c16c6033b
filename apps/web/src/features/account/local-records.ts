// SPEC.md section 9's local records of the current user: the 'pi-user' record, this tab's user session,
// the guest profile, the 'pi_backup' cookie and the local database. Written whenever the server's session
// names a user, cleared at logout. The IndexedDB part loads on first use (it is not needed to paint).
import {
  GUEST_PROFILE_KEY,
  USER_RECORD_KEY,
  USER_SESSION_KEY,
  isGuestUid,
  type StoredGuestProfile,
  type StoredUserRecord,
  type StoredUserSession,
} from "../../lib/identity";
import { forgetLastAccount } from "./last-account";

export const BACKUP_COOKIE = "pi_backup";
export const BACKUP_COOKIE_DAYS = 30;

export interface SessionUserLike {
  uid: string;
  username: string;
}

/** SPEC.md section 3: 'pi-session' plus the time plus random text. */
export function newSessionId(now = Date.now()): string {
  return `pi-session-${now}-${Math.random().toString(36).slice(2, 11)}`;
}

function attempt(write: () => void) {
  try {
    write();
  } catch {
    // Storage can be blocked (private mode, a sandboxed frame): the server session still works.
  }
}

function backupCookie(value: string, maxAgeSeconds: number): string {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  return `${BACKUP_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function currentSession(): StoredUserSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(USER_SESSION_KEY) ?? "null") as StoredUserSession | null;
  } catch {
    return null;
  }
}

/** Records `user` as the current listener everywhere SPEC.md keeps it. */
export function rememberUser(user: SessionUserLike, now = Date.now()): void {
  const record: StoredUserRecord = { uid: user.uid, username: user.username, timestamp: now };
  const previous = currentSession();
  const session: StoredUserSession = {
    uid: user.uid,
    username: user.username,
    // The same user keeps this tab's session id; a new user gets a new one.
    sessionId: previous?.uid === user.uid && previous.sessionId ? previous.sessionId : newSessionId(now),
  };
  attempt(() => localStorage.setItem(USER_RECORD_KEY, JSON.stringify(record)));
  attempt(() => sessionStorage.setItem(USER_SESSION_KEY, JSON.stringify(session)));
  if (isGuestUid(user.uid)) {
    const guest: StoredGuestProfile = { id: user.uid, username: user.username, createdAt: now };
    attempt(() => localStorage.setItem(GUEST_PROFILE_KEY, JSON.stringify(guest)));
  } else {
    // A guest who signs in becomes that Pi user (the server moves its things over).
    attempt(() => localStorage.removeItem(GUEST_PROFILE_KEY));
  }
  attempt(() => {
    document.cookie = backupCookie(encodeURIComponent(JSON.stringify(record)), BACKUP_COOKIE_DAYS * 86_400);
  });
  void import("./local-database")
    .then((database) => database.saveUserRecord({ ...record, sessionId: session.sessionId }))
    .catch(() => undefined);
}

/** Logout: forgets the local identity. */
export function forgetUser(): void {
  forgetLastAccount();
  attempt(() => localStorage.removeItem(USER_RECORD_KEY));
  attempt(() => sessionStorage.removeItem(USER_SESSION_KEY));
  attempt(() => localStorage.removeItem(GUEST_PROFILE_KEY));
  attempt(() => {
    document.cookie = backupCookie("", 0);
  });
  void import("./local-database").then((database) => database.clearUserRecords()).catch(() => undefined);
}
