// Every procedure declares, with .meta(), what the caches may do with it (trpc.ts ProcedureMeta).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  authKindOf,
  mayChangeCatalog,
  mayServeByUrl,
  procedureFacts,
  publicProcedure,
  sharedProcedures,
} from "../src/index.js";
import { SHARED_PROCEDURES } from "../src/constants.js";

const all = [...procedureFacts];
const inputKeys = (inputs: readonly unknown[]) =>
  inputs.flatMap((schema) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []));

describe("procedure meta", () => {
  it("finds every procedure of the router", () => {
    expect(all.length).toBeGreaterThan(60);
    expect(procedureFacts.get("songs.list")?.type).toBe("query");
    expect(procedureFacts.get("myPlaylists.create")?.type).toBe("mutation");
  });

  it("has every mutation declare whether it may change the catalog", () => {
    const undeclared = all
      .filter(([, f]) => f.type === "mutation" && typeof f.meta.catalogWrite !== "boolean")
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  it("lets only queries declare a cache, and only mutations catalogWrite", () => {
    for (const [path, f] of all) {
      if (f.meta.cache !== undefined) expect(f.type, path).toBe("query");
      if (f.meta.catalogWrite !== undefined) expect(f.type, path).toBe("mutation");
    }
  });

  it("shares no procedure whose input names a user", () => {
    const shared = all.filter(([, f]) => f.meta.cache !== undefined);
    expect(shared.length).toBeGreaterThan(0);
    // The check sees a user in an input when there is one.
    expect(inputKeys(procedureFacts.get("likedPlaylists.list")?.inputs ?? [])).toContain("userId");
    for (const [path, f] of shared)
      expect(
        inputKeys(f.inputs).filter((key) => /user/i.test(key)),
        path,
      ).toEqual([]);
  });

  it("is per caller by default: a listener's own reads are not shared", () => {
    for (const path of [
      "songs.recentlyPlayed",
      "songs.radio",
      "likedSongs.list",
      "myPlaylists.list",
      "auth.me",
    ])
      expect(mayServeByUrl(path), path).toBe(false);
    expect(mayServeByUrl("songs.list")).toBe(true);
    expect(mayServeByUrl("playlists.byId")).toBe(true);
  });

  it("derives the catalog writes: plays, likes and payments are neutral, playlist edits are not", () => {
    expect(mayChangeCatalog("songs.recordPlay")).toBe(false);
    expect(mayChangeCatalog("likedSongs.like")).toBe(false);
    expect(mayChangeCatalog("payments.complete")).toBe(false);
    expect(mayChangeCatalog("myPlaylists.addSong")).toBe(true);
    expect(mayChangeCatalog("admin.updateSong")).toBe(true);
    expect(mayChangeCatalog("songs.list")).toBe(false);
  });

  it("gives the web the same shared list as the router's meta", () => {
    expect([...SHARED_PROCEDURES]).toEqual(sharedProcedures());
  });

  it("derives who may call each procedure from the builder it was made from", () => {
    const auth = (path: string) => procedureFacts.get(path)?.auth;
    expect(auth("songs.list")).toBe("public");
    expect(auth("auth.guest")).toBe("public");
    expect(auth("likedSongs.list")).toBe("premium");
    expect(auth("songs.recentlyPlayed")).toBe("public");
    expect(auth("profile.get")).toBe("session");
    expect(auth("admin.stats")).toBe("admin");
    expect(auth("admin.createApiToken")).toBe("adminSession");
    const kinds = new Set(all.map(([, f]) => f.auth));
    expect([...kinds].sort()).toEqual(["admin", "adminSession", "premium", "public", "session"]);
    // A procedure's middlewares that merely resemble a builder's (other functions) are not that builder's.
    expect(authKindOf([...publicProcedure._def.middlewares, () => undefined])).toBe("public");
  });
});
