import { describe, expect, it } from "vitest";
import { paths } from "../../lib/paths";
import { isCurrentTab } from "./BottomNav";

describe("the bottom navigation's current tab", () => {
  it("is Home only on Home itself, not on every address under it", () => {
    expect(isCurrentTab(paths.home, "/")).toBe(true);
    expect(isCurrentTab(paths.home, "/playlist/discover-weekly")).toBe(false);
  });

  it("is a tab on its own address and on those below it, not on one that merely starts alike", () => {
    expect(isCurrentTab(paths.search, "/search")).toBe(true);
    expect(isCurrentTab(paths.library, "/library/playlists")).toBe(true);
    expect(isCurrentTab(paths.search, "/searching")).toBe(false);
    expect(isCurrentTab(paths.likedSongs, "/library")).toBe(false);
  });
});
