import { describe, expect, it } from "vitest";
import { SYSTEM_PLAYLIST_IDS } from "@purplebeats/contracts/constants";
import * as rules from "./playlist-rules";

describe("playlist rules", () => {
  it("checks a new playlist with SPEC.md's messages", () => {
    expect(rules.validateNewPlaylist("Road trip", "")).toEqual({});
    expect(rules.validateNewPlaylist("   ", "")).toEqual({ name: "Playlist name is required" });
    expect(rules.validateNewPlaylist("x".repeat(100), "y".repeat(500))).toEqual({});
    expect(rules.validateNewPlaylist("x".repeat(101), "y".repeat(501))).toEqual({
      name: "Name too long",
      description: "Description too long",
    });
  });

  it("refuses a rename that is blank or unchanged (after trimming)", () => {
    expect(rules.renameProblem("  ", "Mix")).toBe("Playlist name is required");
    expect(rules.renameProblem(" Mix ", "Mix")).toBe("The new name must be different");
    expect(rules.renameProblem("Mix 2", "Mix")).toBeNull();
  });

  it("knows SPEC.md's five system playlists", () => {
    expect(SYSTEM_PLAYLIST_IDS).toHaveLength(5);
    expect(rules.isSystemPlaylist("discover-weekly")).toBe(true);
    expect(rules.isSystemPlaylist("my-mix")).toBe(false);
  });
});
