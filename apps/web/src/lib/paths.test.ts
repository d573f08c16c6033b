import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("encodes genres and ids in links", () => {
    expect(paths.category("Hip Hop")).toBe("/category/Hip%20Hop");
    expect(paths.category("R&B/Soul")).toBe("/category/R%26B%2FSoul");
    expect(paths.playlist("daily-mix-1")).toBe("/playlist/daily-mix-1");
    expect(paths.artist("a b")).toBe("/artist/a%20b");
  });

  it("builds /search?q={text}, keeping the playlist being filled", () => {
    expect(paths.searchFor("night drive")).toBe("/search?q=night%20drive");
    expect(paths.searchFor("R&B", "purple-vibes")).toBe("/search?q=R%26B&playlist=purple-vibes");
  });
});
