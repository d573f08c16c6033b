import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Search and hot reads at a million songs:
 * - idx_songs_title_lower: exact and prefix title matches (`lower(title) = / LIKE 'q%'`).
 * - idx_songs_title_fts: words and word prefixes anywhere in a title (full text, 'simple' config).
 * - idx_songs_popular: the most played songs with their titles, so search's first pass over them is
 *   an index-only scan.
 * - search_words: every distinct word of song titles and artist names with its document count, and
 *   a row '' holding the number of songs it was built from; typo correction looks words up here
 *   (trigram similarity, or same first letter and similar length). The API refreshes it when the
 *   song count differs.
 */
export class SearchIndexes1763960000000 implements MigrationInterface {
  name = "SearchIndexes1763960000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_songs_title_lower" ON "songs" (lower("title") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_songs_title_fts" ON "songs" USING gin (to_tsvector('simple', "title"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_songs_popular" ON "songs" ("play_count" DESC, "id" DESC) INCLUDE ("title")`,
    );
    await queryRunner.query(
      `CREATE MATERIALIZED VIEW "search_words" AS
         SELECT word, ndoc FROM ts_stat($$
           SELECT to_tsvector('simple', title) FROM public.songs
           UNION ALL SELECT to_tsvector('simple', name) FROM public.artists
         $$)
         UNION ALL SELECT '' AS word, (SELECT count(*) FROM public.songs)::int AS ndoc`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_search_words_word" ON "search_words" ("word")`);
    await queryRunner.query(
      `CREATE INDEX "idx_search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_search_words_shape" ON "search_words" (left("word", 1), length("word"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP MATERIALIZED VIEW IF EXISTS "search_words"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_popular"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_title_fts"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_title_lower"`);
  }
}
