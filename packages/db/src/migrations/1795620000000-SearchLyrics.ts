import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Lyrics are searchable: lyrics_text(lines) is a song's lyric lines as one text, and a
 * full-text index holds its folded words (search_fold, migration SearchTerms), so search finds the songs
 * whose lyrics hold every word of the query and ranks them below titles and names.
 */
export class SearchLyrics1795620000000 implements MigrationInterface {
  name = "SearchLyrics1795620000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION lyrics_text(lines jsonb) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         SELECT coalesce(string_agg(line ->> 'text', ' '), '') FROM jsonb_array_elements(lines) AS line
       $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_lyrics_words" ON "lyrics" USING gin (to_tsvector('simple', search_fold(lyrics_text("lines"))))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_lyrics_words"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS lyrics_text(jsonb)`);
  }
}
