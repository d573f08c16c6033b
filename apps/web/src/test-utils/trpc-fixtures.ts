// A tRPC link that responds from in-memory handlers: the screens run their real tRPC hooks, with no HTTP.
import type { AppRouter } from "@purplebeats/contracts";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { apiErrorCodesOf } from "@purplebeats/contracts/error-codes";
import { observable } from "@trpc/server/observable";
import { accountFixtures } from "../features/account/test-fixtures";
import { page, playlist, playlistDetail, songs } from "./catalog";
import type { Fixtures } from "./fixture-types";

export type { Fixtures } from "./fixture-types";

export interface Call {
  path: string;
  input: unknown;
}

/** A call that never gets a response: the screen stays in its loading state. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/** tRPC's error codes: the JSON-RPC number and the HTTP status the server responds with. */
const ERROR_CODES = {
  BAD_REQUEST: { rpc: -32600, http: 400 },
  UNAUTHORIZED: { rpc: -32001, http: 401 },
  FORBIDDEN: { rpc: -32003, http: 403 },
  NOT_FOUND: { rpc: -32004, http: 404 },
  CONFLICT: { rpc: -32009, http: 409 },
  INTERNAL_SERVER_ERROR: { rpc: -32603, http: 500 },
} as const;

/**
 * The error the real client raises for a server error of that code (with data.code and data.httpStatus, and
 * data.errorCode where the server gives the message one).
 */
export function trpcError(code: keyof typeof ERROR_CODES, message: string): TRPCClientError<AppRouter> {
  const { code: errorCode, codes: errorCodes, values: errorValues } = apiErrorCodesOf(message);
  return new TRPCClientError<AppRouter>(message, {
    result: {
      error: {
        code: ERROR_CODES[code].rpc,
        message,
        data: {
          code,
          httpStatus: ERROR_CODES[code].http,
          path: undefined,
          ...(errorCode && { errorCode }),
          ...(errorCodes && { errorCodes }),
          ...(errorValues && { errorValues }),
        },
      },
    },
  });
}

/** What the catalog responds unless a test says otherwise. */
export function defaultFixtures(): Fixtures {
  const catalog = songs(12);
  return {
    // A guest on the free plan (the session, membership and profile).
    ...accountFixtures(),
    songs: {
      list: () => page(catalog),
      recentlyPlayed: () => page(songs(10, 101)),
      trending: () => page(songs(6, 201)),
      genres: () => ["Pop", "Hip Hop", "R&B"],
      byGenre: ({ genre }) => page(catalog.filter((track) => track.genre === genre)),
      search: ({ q }) => page(catalog.filter((track) => track.title.toLowerCase().includes(q.toLowerCase()))),
      recordPlay: () => ({ recorded: true as const, counted: true }),
    },
    search: {
      all: () => ({
        songs: catalog.slice(0, 2),
        playlists: [playlist(1)],
        artists: [],
        albums: [],
        genre: null,
      }),
    },
    // The listener's collection (own, liked, added): the Library's 'Recently Added'.
    myPlaylists: {
      list: () => page([]),
      collected: () => page([playlist(1), playlist(2), playlist(3)]),
    },
    likedPlaylists: { list: () => page([]) },
    news: { list: () => page([]) },
    playlists: {
      list: () => page([playlist(1), playlist(2), playlist(3)]),
      byId: ({ id }) => {
        if (id === "playlist-1") return playlistDetail(1, catalog.slice(0, 4));
        throw trpcError("NOT_FOUND", "Playlist not found");
      },
    },
  };
}

/** `overrides` on top of `base`, procedure by procedure. */
export function mergeFixtures(base: Fixtures, overrides: Fixtures): Fixtures {
  const merged: Record<string, object> = { ...base };
  for (const [namespace, procedures] of Object.entries(overrides)) {
    merged[namespace] = { ...(merged[namespace] ?? {}), ...procedures };
  }
  return merged as Fixtures;
}

type Handler = (input: unknown) => unknown;

/** The terminating link: looks up `namespace.procedure`, records the call, responds or fails like the server. */
export function fixtureLink(overrides: Fixtures, calls: Call[]): TRPCLink<AppRouter> {
  const fixtures = mergeFixtures(defaultFixtures(), overrides) as Record<
    string,
    Record<string, Handler | undefined>
  >;
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const [namespace = "", procedure = ""] = op.path.split(".");
        const handler = fixtures[namespace]?.[procedure];
        let open = true;
        Promise.resolve()
          .then(() => {
            if (!handler) throw trpcError("NOT_FOUND", `No procedure on path "${op.path}"`);
            return handler(op.input);
          })
          .then(
            (data) => {
              if (!open) return;
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (error: unknown) => {
              if (!open) return;
              observer.error(
                error instanceof TRPCClientError
                  ? (error as TRPCClientError<AppRouter>)
                  : TRPCClientError.from<AppRouter>(
                      error instanceof Error ? error : new Error(String(error)),
                    ),
              );
            },
          );
        return () => {
          open = false;
        };
      });
}
