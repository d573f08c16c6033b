import { beforeEach, describe, expect, it } from "vitest";
import { USER_RECORD_KEY, USER_SESSION_KEY } from "../../lib/identity";
import {
  forgetLastAccount,
  LAST_ACCOUNT_KEY,
  readLastAccount,
  rememberLastDetails,
  rememberLastUser,
} from "./last-account";
import { PI_USER } from "./test-fixtures";

/** The local records naming `uid`, as the session leaves them (local-records.ts). */
const namedInRecords = (uid: string) =>
  localStorage.setItem(USER_RECORD_KEY, JSON.stringify({ uid, username: "x", timestamp: 1 }));

const MEMBERSHIP = { isPremium: true, expiresAt: "2999-01-01T00:00:00.000Z" };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the account last seen online", () => {
  it("keeps the session's user with their name and membership", () => {
    namedInRecords(PI_USER.uid);
    rememberLastUser(PI_USER);
    rememberLastDetails(PI_USER.uid, { name: "Ada Lovelace" });
    rememberLastDetails(PI_USER.uid, { membership: MEMBERSHIP });
    expect(readLastAccount()).toEqual({ user: PI_USER, name: "Ada Lovelace", membership: MEMBERSHIP });
  });

  it("starts afresh for another listener, and ignores details read for someone else", () => {
    namedInRecords("other-uid");
    rememberLastUser(PI_USER);
    rememberLastDetails(PI_USER.uid, { name: "Ada Lovelace", membership: MEMBERSHIP });
    const other = { ...PI_USER, uid: "other-uid", username: "other" };
    rememberLastUser(other);
    rememberLastDetails(PI_USER.uid, { name: "Not theirs" });
    expect(readLastAccount()).toEqual({ user: other, name: null, membership: null });
  });

  it("shows no one the local records do not name (another tab signed in as someone else since)", () => {
    rememberLastUser(PI_USER);
    sessionStorage.setItem(
      USER_SESSION_KEY,
      JSON.stringify({ uid: "other-uid", username: "o", sessionId: "s" }),
    );
    expect(readLastAccount()).toBeNull();
  });

  it("reads nothing from a damaged record, and nothing once forgotten", () => {
    namedInRecords(PI_USER.uid);
    localStorage.setItem(LAST_ACCOUNT_KEY, "{not json");
    expect(readLastAccount()).toBeNull();
    localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ user: { uid: PI_USER.uid, isGuest: "no" } }));
    expect(readLastAccount()).toBeNull();
    rememberLastUser(PI_USER);
    forgetLastAccount();
    expect(readLastAccount()).toBeNull();
  });
});
