// The contract names the system playlists for the web app; packages/db names them for the seed and imports no other
// package, so the two lists meet here, where both are imported.
import { describe, expect, it } from "vitest";
import { SYSTEM_PLAYLIST_IDS as CONTRACT_IDS } from "@purplebeats/contracts/constants";
import { SYSTEM_PLAYLIST_IDS as SEEDED_IDS } from "@purplebeats/db";

describe("system playlists", () => {
  it("are the ones the database seeds", () => {
    expect(CONTRACT_IDS).toEqual(SEEDED_IDS);
  });
});
