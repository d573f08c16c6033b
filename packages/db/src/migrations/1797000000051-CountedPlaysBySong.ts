import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The artist studio counts an artist's plays of the last 7, 28 or 365 days from counted_plays, which keeps
 * every counted play for good: by song and time, so a year of one artist's songs is read without the rest.
 */
export class CountedPlaysBySong1797000000051 implements MigrationInterface {
  name = "CountedPlaysBySong1797000000051";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_counted_plays_song_counted_at" ON "counted_plays" ("song_id", "counted_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_counted_plays_song_counted_at"`);
  }
}
