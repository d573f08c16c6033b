// REST routes are typed by their procedure's input: a path name the input lacks, or a
// handler passing the input to a procedure that takes another, does not compile.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ProcedureInput } from "@purplebeats/contracts";
import { route, sendPage, type PathNames } from "../src/web/rest/route-table.js";

describe("REST route typing", () => {
  it("reads a path's names", () => {
    expectTypeOf<PathNames<"/api/playlists/:id/songs/:songId">>().toEqualTypeOf<"id" | "songId">();
    expectTypeOf<PathNames<"/api/songs">>().toEqualTypeOf<never>();
  });

  it("hands the handler the procedure's input type", () => {
    const byGenre = route(
      "GET",
      "/api/songs/genre/:genre",
      "Songs of a genre",
      "songs.byGenre",
      async (c, input, rep) => {
        expectTypeOf(input).toEqualTypeOf<ProcedureInput<"songs.byGenre">>();
        return sendPage(rep, await c.songs.byGenre(input));
      },
    );
    expect(byGenre.procedure).toBe("songs.byGenre");
  });

  it("refuses a misspelt path name at compile time", () => {
    const misspelt = route(
      "GET",
      // @ts-expect-error songs.byGenre's input has `genre`, not `genra`
      "/api/songs/genre/:genra",
      "Songs of a genre",
      "songs.byGenre",
      async (c, input, rep) => sendPage(rep, await c.songs.byGenre(input)),
    );
    expect(misspelt.path).toBe("/api/songs/genre/:genra");
  });

  it("refuses a handler that calls a procedure with another input", () => {
    const wrong = route("GET", "/api/albums/:id", "An album", "albums.byId", (c, input) =>
      // @ts-expect-error albums.byId's input is not songs.lyrics's ({songId})
      c.songs.lyrics(input),
    );
    expect(wrong.procedure).toBe("albums.byId");
  });
});
