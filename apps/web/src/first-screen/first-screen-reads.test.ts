import { describe, expect, it } from "vitest";
import { fakeApi } from "../test-utils/fake-api";
import { HOME_READS, prefetchFirstScreen } from "./first-screen-reads";
import { createQueryClient } from "../app/query-client";
import { createTRPCQueryUtils } from "@trpc/react-query";

const EMPTY_PAGE = { items: [], nextCursor: null };
/** What the server's renderer passes for a first visit (src/entry-server.tsx). */
const SERVER = { belowFold: false, newListener: true } as const;

describe("the first screen's reads", () => {
  it("on the server, cover every section of Home: its HTML has them all, none left to placeholders", async () => {
    const queryClient = createQueryClient();
    const { client, asked } = fakeApi({
      "playlists.list": EMPTY_PAGE,
      "songs.trending": EMPTY_PAGE,
      "songs.list": EMPTY_PAGE,
    });
    await prefetchFirstScreen("/", "", queryClient, client, SERVER);

    expect(asked.sort()).toEqual(["playlists.list", "songs.list", "songs.trending"]);
    const api = createTRPCQueryUtils({ queryClient, client });
    expect(api.songs.list.getData(HOME_READS.newReleases)).toEqual(EMPTY_PAGE);
    expect(api.songs.trending.getData(HOME_READS.trending)).toEqual(EMPTY_PAGE);
    // A first visit has played nothing: 'Recently Played' is known without asking.
    expect(api.songs.recentlyPlayed.getData(HOME_READS.recentlyPlayed)).toEqual(EMPTY_PAGE);
  });

  it("on the server, leave out the search page's sections below its results (placeholders there)", async () => {
    const { client, asked } = fakeApi({ "songs.search": EMPTY_PAGE, "search.all": {} });
    await prefetchFirstScreen("/search", "?q=a", createQueryClient(), client, SERVER);
    expect(asked).toEqual(["songs.search"]);
  });

  it("in the browser, start the search page's sections too", async () => {
    const { client, asked } = fakeApi({ "songs.search": EMPTY_PAGE, "search.all": {} });
    await prefetchFirstScreen("/search", "?q=a", createQueryClient(), client);
    expect(asked.sort()).toEqual(["search.all", "songs.search"]);
  });
});
