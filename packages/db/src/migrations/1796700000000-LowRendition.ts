import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The data saver's rendition (64 kbps MP3) beside the standard and high ones. Songs ingested before it get
 * theirs from a backfill job; until then their stream at `quality=low` is the standard rendition.
 */
export class LowRendition1796700000000 implements MigrationInterface {
  name = "LowRendition1796700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "songs" ADD "low_key" text`);
    await queryRunner.query(`ALTER TABLE "songs" ADD "low_kbps" integer`);
    // The backfill's question: encoded songs still without the low rendition.
    await queryRunner.query(
      `CREATE INDEX "idx_songs_without_low" ON "songs" ("id") WHERE low_key IS NULL AND standard_key IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_songs_without_low"`);
    await queryRunner.query(`ALTER TABLE "songs" DROP COLUMN "low_kbps"`);
    await queryRunner.query(`ALTER TABLE "songs" DROP COLUMN "low_key"`);
  }
}
