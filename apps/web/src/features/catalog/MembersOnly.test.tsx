// 'Exclusive Content': a members-only song shows a padlock to listeners who are not premium members, and
// tapping it shows the premium prompt instead of playing; members play it as any other song.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { song } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { resetListener } from "../library/test-account";
import { SongRow } from "./SongRow";
import { SongTile } from "./SongTile";

vi.mock("../account", async (importOriginal) =>
  (await import("../library/test-account")).mockAccount(importOriginal),
);
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const exclusive = { ...song(1, { title: "Vault Session" }), membersOnly: true };
const open = { ...song(2, { title: "Open Air" }), membersOnly: false };
const PROMPT = {
  title: "Premium Feature",
  message:
    "Exclusive content is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
  upgrade: true,
};
const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

describe("members-only songs", () => {
  it("are locked for a free listener: a padlock, and a tap on the row or the tile prompts instead of playing", async () => {
    resetListener({ premium: false });
    const { player } = renderWithProviders(
      <>
        <SongRow song={exclusive} queue={[exclusive, open]} />
        <SongTile song={exclusive} queue={[exclusive, open]} />
      </>,
    );
    expect(screen.getAllByRole("img", { name: "Premium members only" })).toHaveLength(2);
    await userEvent.click(screen.getByTestId("song-row"));
    await userEvent.click(screen.getByRole("button", { name: "Play Vault Session (Premium members only)" }));
    expect(toasts()).toEqual([PROMPT, PROMPT]);
    expect(player.toggleSong).not.toHaveBeenCalled();
  });

  it("are left out of a free listener's queue when an open song of the list plays", async () => {
    resetListener({ premium: false });
    const { player } = renderWithProviders(<SongRow song={open} queue={[exclusive, open]} />);
    expect(screen.queryByRole("img", { name: "Premium members only" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Play Open Air" }));
    expect(player.toggleSong).toHaveBeenCalledWith(open, [open]);
  });

  it("play for premium members, with no padlock", async () => {
    const { player } = renderWithProviders(<SongRow song={exclusive} queue={[exclusive, open]} />);
    expect(screen.queryByRole("img", { name: "Premium members only" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Play Vault Session" }));
    expect(player.toggleSong).toHaveBeenCalledWith(exclusive, [exclusive, open]);
    expect(toasts()).toEqual([]);
  });
});
