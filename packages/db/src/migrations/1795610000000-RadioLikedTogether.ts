import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Radio reads who liked a seed song, then what else they liked: liked_songs is indexed by its
 * listener (user_id first) only, so the first step needs the song first.
 */
export class RadioLikedTogether1795610000000 implements MigrationInterface {
  name = "RadioLikedTogether1795610000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_liked_songs_song_id" ON "liked_songs" ("song_id", "user_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_liked_songs_song_id"`);
  }
}
