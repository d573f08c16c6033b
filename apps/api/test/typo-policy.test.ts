// Search's typo policy (domain/search/typo-policy.ts): the edits forgiven, the deletions that find them,
// the corrected queries tried, and the trigram threshold every database connection runs with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@purplebeats/db/testing";
import {
  CORRECTED_QUERIES,
  deletionDepth,
  editsAllowed,
  WORD_SIMILARITY_THRESHOLD,
} from "../src/domain/search/typo-policy.js";

const word = (n: number) => "x".repeat(n);

describe("typo policy", () => {
  it.each([
    ["lov", "love", 0],
    ["lvoe", "love", 1],
    ["midnigth", "midnight", 1],
    ["morning", "mornings", 1],
    ["butrefyl", "butterfly", 2],
    ["sunshine", "sunshines", 2],
    ["sunshin", "sunshine", 1],
  ])("forgives %s -> %s %i edits", (typed, term, edits) => {
    expect(editsAllowed(typed, term)).toBe(edits);
    expect(editsAllowed(term, typed)).toBe(edits);
  });

  it.each([
    [3, 0, 0],
    [4, 1, 1],
    [6, 1, 1],
    [7, 2, 1],
    [8, 2, 1],
    [9, 2, 2],
  ])("deletes from a word of %i letters %i deep when typed, %i when stored", (n, typed, stored) => {
    expect(deletionDepth(word(n), false)).toBe(typed);
    expect(deletionDepth(word(n), true)).toBe(stored);
  });

  it("looks a typed word up, and stores a term at least as long, as deep as the edits forgiven", () => {
    for (let typed = 1; typed <= 26; typed++) {
      for (let term = typed; term <= 26; term++) {
        const allowed = editsAllowed(word(typed), word(term));
        expect(deletionDepth(word(typed), false)).toBeGreaterThanOrEqual(allowed);
        expect(deletionDepth(word(term), true)).toBeGreaterThanOrEqual(allowed);
      }
    }
  });

  it("tries the best spelling and the next best", () => {
    expect(CORRECTED_QUERIES).toBe(2);
  });

  describe("the trigram threshold", () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase("pglite");
    });
    afterAll(async () => {
      await db?.close();
    });

    it("is the one every connection runs with, and lets a one-letter typo in a short name match", async () => {
      const [setting] = (await db.dataSource.query(`SHOW pg_trgm.word_similarity_threshold`)) as {
        pg_trgm_word_similarity_threshold?: string;
      }[];
      expect(Number(Object.values(setting!)[0])).toBe(WORD_SIMILARITY_THRESHOLD);
      const [row] = (await db.dataSource.query(`SELECT 'lantren' <% 'lantern lights' AS matches`)) as {
        matches: boolean;
      }[];
      expect(row!.matches).toBe(true);
    });
  });
});
