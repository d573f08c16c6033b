import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Trending ranks songs by distinct listeners (song_listeners), not by raw play calls, and a
 * listener's play counts once per song within a window. Existing history seeds the listeners.
 */
export class HonestPlays1795400050000 implements MigrationInterface {
  name = "HonestPlays1795400050000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "song_listeners" ("song_id" uuid NOT NULL, "user_id" text NOT NULL, "last_counted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8b674d53fa104cf6c465a215d74" PRIMARY KEY ("song_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_song_listeners_user_id" ON "song_listeners" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "song_listeners" ADD CONSTRAINT "FK_e09e6ee60daf6b61ab205e2b833" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "song_listeners" ADD CONSTRAINT "FK_cf1c19192398ecd37514dba57d1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "songs" ADD "listener_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `INSERT INTO "song_listeners" ("song_id", "user_id", "last_counted_at")
       SELECT song_id, user_id, max(played_at) FROM play_history GROUP BY song_id, user_id`,
    );
    await queryRunner.query(
      `UPDATE "songs" s SET "listener_count" = l.n
       FROM (SELECT song_id, count(*)::int AS n FROM song_listeners GROUP BY song_id) l WHERE l.song_id = s.id`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_songs_trending"`);
    await queryRunner.query(
      `CREATE INDEX "idx_songs_trending" ON "songs" ("listener_count", "play_count", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_songs_trending"`);
    await queryRunner.query(`CREATE INDEX "idx_songs_trending" ON "songs" ("play_count", "id")`);
    await queryRunner.query(`ALTER TABLE "songs" DROP COLUMN "listener_count"`);
    await queryRunner.query(`DROP TABLE "song_listeners"`);
  }
}
