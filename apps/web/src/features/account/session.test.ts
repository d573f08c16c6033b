import { QueryObserver } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/query-client";
import { loadSession } from "./session";
import { rememberUser } from "./local-records";
import { userIdHeader } from "../../lib/identity";
import { GUEST_USER, PI_USER } from "./test-fixtures";

/** What the session layer answers a request whose x-user-id names someone else: a bare 403. */
const refusal = () => Object.assign(new Error("Forbidden"), { meta: { response: { status: 403 } } });

type Client = Parameters<typeof loadSession>[0];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("loadSession", () => {
  it("follows the session when the local records name another listener, and reads the screen again", async () => {
    // This browser last knew a guest; the session (another tab signed in) is a Pi user.
    rememberUser(GUEST_USER);
    const me = vi
      .fn()
      .mockImplementationOnce(() => Promise.reject(refusal()))
      .mockImplementation(() => Promise.resolve(userIdHeader()["x-user-id"] ? null : PI_USER));
    const client = { auth: { me: { query: me }, guest: { mutate: vi.fn() } } } as unknown as Client;

    // A read of the screen sent beside the session's, with the old records: refused at first.
    const queryClient = createQueryClient();
    const trending = vi
      .fn()
      .mockImplementation(() =>
        userIdHeader()["x-user-id"] === PI_USER.uid ? Promise.resolve(["song"]) : Promise.reject(refusal()),
      );
    const observer = new QueryObserver(queryClient, { queryKey: [["songs", "trending"]], queryFn: trending });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe("error"));

    await expect(loadSession(client, queryClient)).resolves.toEqual(PI_USER);
    expect(userIdHeader()).toEqual({ "x-user-id": PI_USER.uid });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(["song"]));
    expect(client.auth.guest.mutate).not.toHaveBeenCalled();
    unsubscribe();
  });
});
