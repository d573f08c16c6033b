import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Search's first pass reads the most played songs that listeners may see (not hidden by an admin, file not
 * gone): idx_songs_popular holds only those, so a hidden song never takes a result's place and the pass stays
 * an index-only scan.
 */
export class ListedPopularSongs1795500000000 implements MigrationInterface {
  name = "ListedPopularSongs1795500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_popular"`);
    await queryRunner.query(
      `CREATE INDEX "idx_songs_popular" ON "songs" ("play_count" DESC, "id" DESC) INCLUDE ("title")
       WHERE NOT "hidden" AND NOT "unavailable"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_popular"`);
    await queryRunner.query(
      `CREATE INDEX "idx_songs_popular" ON "songs" ("play_count" DESC, "id" DESC) INCLUDE ("title")`,
    );
  }
}
