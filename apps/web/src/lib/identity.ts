// Who the browser thinks the listener is, from its local records (SPEC.md sections 3 and 9).
// The server trusts only its session cookie (DESIGN.md "Identity"); these records mirror what the
// session said last, so that the x-user-id header every call carries names the session's own user.
// Kept small and synchronous: the tRPC client reads it for every request.

/** SPEC.md section 3: the id used before anything is known. Never sent: the server would refuse it. */
export const FALLBACK_USER_ID = "demo-user-123";
/** localStorage: the stored user record {uid, username, timestamp}. */
export const USER_RECORD_KEY = "pi-user";
/** sessionStorage: this tab's user session {uid, username, sessionId: 'pi-session...'}. */
export const USER_SESSION_KEY = "pi-user-session";
/** localStorage: the guest profile {id, username, createdAt}. */
export const GUEST_PROFILE_KEY = "guest-profile";
export const GUEST_PREFIX = "guest-";

export interface StoredUserRecord {
  uid: string;
  username: string;
  timestamp: number;
}
export interface StoredUserSession {
  uid: string;
  username: string;
  sessionId: string;
}
export interface StoredGuestProfile {
  id: string;
  username: string;
  createdAt: number;
}

export const isGuestUid = (uid: string) => uid.startsWith(GUEST_PREFIX);

function read(storage: () => Storage, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage().getItem(key) ?? "null");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame) or a damaged record
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * SPEC.md section 3's order: this tab's user session, then the stored user record's uid, then the
 * stored guest profile's id, then the fixed fallback.
 */
export function resolveUserId(): string {
  return (
    text(read(() => sessionStorage, USER_SESSION_KEY)?.uid) ??
    text(read(() => localStorage, USER_RECORD_KEY)?.uid) ??
    text(read(() => localStorage, GUEST_PROFILE_KEY)?.id) ??
    FALLBACK_USER_ID
  );
}

/** The x-user-id header for a request: the resolved id, or none while only the fallback is known. */
export function userIdHeader(): Record<string, string> {
  const userId = resolveUserId();
  return userId === FALLBACK_USER_ID ? {} : { "x-user-id": userId };
}
