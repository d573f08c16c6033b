import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { accountFixtures, PI_USER } from "../features/account/test-fixtures";
import { page, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";

vi.setConfig({ testTimeout: 20_000 });

const plays = (list: ReturnType<typeof songs>, from = 0) =>
  list.map((song, i) => ({ playId: `play-${from + i}`, playedAt: "2026-12-06T10:00:00.000Z", song }));

describe("/recently-played", () => {
  it("lists every play newest first, a song as often as played, more as the list goes on; a tap plays", async () => {
    const [a, b] = songs(2);
    const base = accountFixtures({ user: PI_USER });
    const { callsTo, player } = renderRoute("/recently-played", {
      fixtures: {
        ...base,
        account: {
          ...base.account,
          plays: ({ cursor }) =>
            cursor ? page(plays([b!], 2)) : page(plays([a!, b!, a!]).slice(0, 2), "more"),
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Recently played" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Play history" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(callsTo("account.plays").map((call) => call.input)).toMatchObject([
      { limit: 50 },
      { limit: 50, cursor: "more" },
    ]);
    // A tap plays that row, the history queued around it.
    await userEvent.click(within(list).getAllByRole("button", { name: `Play ${b!.title}` })[0]!);
    expect(player.toggleSong).toHaveBeenCalledWith(b, [a, b, b]);
  });

  it("says when nothing has been played yet", async () => {
    renderRoute("/recently-played", { fixtures: accountFixtures({ user: PI_USER }) });
    expect(await screen.findByText("Nothing played yet")).toBeTruthy();
  });
});
