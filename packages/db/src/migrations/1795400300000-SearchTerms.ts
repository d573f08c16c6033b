import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Search that forgives:
 * - search_fold(text): the text as search compares it: lower case, accents dropped ('Beyoncé' = 'beyonce'),
 *   apostrophes, slashes and dots dropped ('AC/DC' = 'acdc', "Guns N' Roses" = 'guns n roses'), any other
 *   punctuation a space. The API folds queries the same way (apps/api/src/domain/search/search-fold.ts).
 * - Title and name indexes on the folded text (they replace the ones on the raw text), and songs of a genre
 *   by plays.
 * - search_terms: the catalog's distinct folded words (song titles and genres, artist names, album titles)
 *   with how many of them hold each: the typo dictionary the API keeps in memory. Triggers append every
 *   change of those columns to search_term_changes (an append-only queue: ingestion never waits on a
 *   popular word's row); the API folds the queue into search_terms every few seconds and bumps
 *   search_terms_version, which tells every instance to reload its copy.
 */
export class SearchTerms1795400300000 implements MigrationInterface {
  name = "SearchTerms1795400300000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(
      `CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         SELECT btrim(regexp_replace(regexp_replace(regexp_replace(normalize(lower(t), NFKD),
           '[\\u0300-\\u036f]', '', 'g'),
           '[''\\u2019\`/.]', '', 'g'),
           '[\\u0000-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00bf\\u00d7\\u00f7\\u2000-\\u206f\\u3000-\\u303f]+', ' ', 'g'))
       $$`,
    );
    await q(`DROP INDEX IF EXISTS "idx_songs_title_lower"`);
    await q(`DROP INDEX IF EXISTS "idx_songs_title_fts"`);
    await q(`DROP INDEX IF EXISTS "idx_songs_title_trgm"`);
    await q(`DROP INDEX IF EXISTS "idx_artists_name_trgm"`);
    await q(`DROP INDEX IF EXISTS "idx_playlists_name_trgm"`);
    await q(`CREATE INDEX "idx_songs_title_folded" ON "songs" (search_fold("title") text_pattern_ops)`);
    await q(
      `CREATE INDEX "idx_songs_title_words" ON "songs" USING gin (to_tsvector('simple', search_fold("title")))`,
    );
    await q(
      `CREATE INDEX "idx_songs_title_folded_trgm" ON "songs" USING gin (search_fold("title") gin_trgm_ops)`,
    );
    await q(
      `CREATE INDEX "idx_songs_genre_popular" ON "songs" (search_fold("genre"), "play_count" DESC, "id" DESC)`,
    );
    await q(
      `CREATE INDEX "idx_artists_name_folded_trgm" ON "artists" USING gin (search_fold("name") gin_trgm_ops)`,
    );
    await q(
      `CREATE INDEX "idx_albums_title_folded_trgm" ON "albums" USING gin (search_fold("title") gin_trgm_ops)`,
    );
    await q(
      `CREATE INDEX "idx_playlists_name_folded_trgm" ON "playlists" USING gin (search_fold("name") gin_trgm_ops)`,
    );

    // The typo dictionary that replaces search_words and search_word_variants (refreshed only at start-up).
    await q(`DROP MATERIALIZED VIEW IF EXISTS "search_word_variants"`);
    await q(`DROP MATERIALIZED VIEW IF EXISTS "search_words"`);
    await q(`CREATE TABLE "search_terms" ("term" text PRIMARY KEY, "docs" integer NOT NULL)`);
    await q(
      `CREATE TABLE "search_term_changes" ("id" bigserial PRIMARY KEY, "term" text NOT NULL, "delta" integer NOT NULL)`,
    );
    await q(
      `CREATE TABLE "search_terms_version" ("id" integer PRIMARY KEY CHECK ("id" = 1), "version" bigint NOT NULL)`,
    );
    await q(`INSERT INTO "search_terms_version" VALUES (1, 1)`);
    // Each distinct word of a row counts once; an edit counts the old words out and the new ones in.
    await q(
      `CREATE FUNCTION search_terms_capture() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         col text;
         before text := '';
         after text := '';
       BEGIN
         FOREACH col IN ARRAY TG_ARGV LOOP
           IF TG_OP <> 'INSERT' THEN before := before || ' ' || coalesce(to_jsonb(OLD) ->> col, ''); END IF;
           IF TG_OP <> 'DELETE' THEN after := after || ' ' || coalesce(to_jsonb(NEW) ->> col, ''); END IF;
         END LOOP;
         IF before IS DISTINCT FROM after THEN
           INSERT INTO search_term_changes (term, delta)
             SELECT term, sum(delta)::int FROM (
               SELECT DISTINCT term, -1 AS delta FROM unnest(string_to_array(search_fold(before), ' ')) AS term
               UNION ALL
               SELECT DISTINCT term, 1 AS delta FROM unnest(string_to_array(search_fold(after), ' ')) AS term
             ) c
             WHERE term <> '' GROUP BY term HAVING sum(delta) <> 0;
         END IF;
         RETURN NULL;
       END $$`,
    );
    for (const [table, columns] of [
      ["songs", ["title", "genre"]],
      ["artists", ["name"]],
      ["albums", ["title"]],
    ] as const) {
      await q(
        `CREATE TRIGGER "search_terms_${table}" AFTER INSERT OR DELETE OR UPDATE OF ${columns.map((c) => `"${c}"`).join(", ")}
         ON "${table}" FOR EACH ROW EXECUTE FUNCTION search_terms_capture(${columns.map((c) => `'${c}'`).join(", ")})`,
      );
    }
    // The whole dictionary from the catalog: after a bulk load without triggers (the bench's generator), and now.
    await q(
      `CREATE FUNCTION search_terms_rebuild() RETURNS void LANGUAGE sql AS $$
         DELETE FROM search_term_changes;
         DELETE FROM search_terms;
         INSERT INTO search_terms (term, docs)
           SELECT term, count(*)::int FROM (
             SELECT DISTINCT s.id, t.term
             FROM songs s, unnest(string_to_array(search_fold(s.title || ' ' || coalesce(s.genre, '')), ' ')) AS t(term)
             UNION ALL
             SELECT DISTINCT a.id, t.term FROM artists a, unnest(string_to_array(search_fold(a.name), ' ')) AS t(term)
             UNION ALL
             SELECT DISTINCT al.id, t.term FROM albums al, unnest(string_to_array(search_fold(al.title), ' ')) AS t(term)
           ) w WHERE term <> '' GROUP BY term;
         UPDATE search_terms_version SET version = version + 1;
       $$`,
    );
    await q(`SELECT search_terms_rebuild()`);
    // Statistics of the new index expressions, or the planner guesses their matches (and scans for them).
    await q(`ANALYZE "songs", "artists", "albums", "playlists"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    for (const table of ["songs", "artists", "albums"])
      await q(`DROP TRIGGER IF EXISTS "search_terms_${table}" ON "${table}"`);
    await q(`DROP FUNCTION IF EXISTS search_terms_rebuild()`);
    await q(`DROP FUNCTION IF EXISTS search_terms_capture()`);
    await q(`DROP TABLE IF EXISTS "search_terms_version"`);
    await q(`DROP TABLE IF EXISTS "search_term_changes"`);
    await q(`DROP TABLE IF EXISTS "search_terms"`);
    for (const index of [
      "idx_playlists_name_folded_trgm",
      "idx_albums_title_folded_trgm",
      "idx_artists_name_folded_trgm",
      "idx_songs_genre_popular",
      "idx_songs_title_folded_trgm",
      "idx_songs_title_words",
      "idx_songs_title_folded",
    ])
      await q(`DROP INDEX IF EXISTS "${index}"`);
    await q(`DROP FUNCTION IF EXISTS search_fold(text)`);
    await q(`CREATE INDEX "idx_songs_title_lower" ON "songs" (lower("title") text_pattern_ops)`);
    await q(`CREATE INDEX "idx_songs_title_fts" ON "songs" USING gin (to_tsvector('simple', "title"))`);
    await q(`CREATE INDEX "idx_songs_title_trgm" ON "songs" USING gin ("title" gin_trgm_ops)`);
    await q(`CREATE INDEX "idx_artists_name_trgm" ON "artists" USING gin ("name" gin_trgm_ops)`);
    await q(`CREATE INDEX "idx_playlists_name_trgm" ON "playlists" USING gin ("name" gin_trgm_ops)`);
  }
}
