import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Typo lookup by deletion variants (as SymSpell does): every word of search_words (4+ letters) with
 * each of its one-letter deletions. Two words within one edit (a swap, a wrong, missing or extra
 * letter) share a variant, so a misspelt word finds its corrections with one indexed lookup of its own
 * variants. Refreshed with search_words (the API and the bench generator do both).
 */
export class SearchWordVariants1763960200000 implements MigrationInterface {
  name = "SearchWordVariants1763960200000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE MATERIALIZED VIEW "search_word_variants" AS
         SELECT word, word AS variant FROM public.search_words WHERE word <> ''
         UNION
         SELECT word, left(word, i - 1) || substr(word, i + 1) AS variant
         FROM public.search_words, generate_series(1, length(word)) AS i
         WHERE length(word) >= 4`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_search_word_variants" ON "search_word_variants" ("variant", "word")`,
    );
    await queryRunner.query(`ANALYZE "search_word_variants"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP MATERIALIZED VIEW IF EXISTS "search_word_variants"`);
  }
}
