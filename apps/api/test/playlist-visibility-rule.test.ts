// The playlist visibility rule's table (data/playlist-visibility.ts): its owner always, anyone else only
// while it is public; an admin is anyone else. The SQL form and the TypeORM form give the same answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@purplebeats/db/testing";
import {
  canSeePlaylist,
  visiblePlaylistSql,
  visiblePlaylistWhere,
  type PlaylistViewer,
} from "../src/data/playlist-visibility.js";

const OWNER = "owner-uid";
const admin = { id: "admin-uid", isAdmin: true };
const viewers: Record<string, PlaylistViewer> = {
  owner: { id: OWNER },
  other: { id: "other-uid" },
  guest: null,
  admin,
};

const table: [viewer: keyof typeof viewers, isPublic: boolean, sees: boolean][] = [
  ["owner", true, true],
  ["owner", false, true],
  ["other", true, true],
  ["other", false, false],
  ["guest", true, true],
  ["guest", false, false],
  ["admin", true, true],
  ["admin", false, false],
];

describe("canSeePlaylist", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await db?.close();
  });

  it.each(table)("%s, public %s: sees it %s", async (name, isPublic, sees) => {
    const viewer = viewers[name]!;
    expect(canSeePlaylist({ isPublic, createdBy: OWNER }, viewer)).toBe(sees);

    const [row] = (await db.dataSource.query(
      `SELECT ${visiblePlaylistSql("p", viewer ? "$3" : null)} AS visible
       FROM (VALUES ($1::boolean, $2::text)) AS p(is_public, created_by)`,
      viewer ? [isPublic, OWNER, viewer.id] : [isPublic, OWNER],
    )) as { visible: boolean }[];
    expect(row!.visible).toBe(sees);

    // The TypeORM form: one of its alternatives matches the row.
    const where = visiblePlaylistWhere("p1", viewer);
    const matches = where.some((w) =>
      Object.entries(w).every(([k, v]) => ({ id: "p1", isPublic, createdBy: OWNER })[k as "id"] === v),
    );
    expect(matches).toBe(sees);
  });
});
