import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A listener's playlist is served from memory while its revision (bumped in the transaction of
 * every change to the playlist or its songs) is unchanged, so every API instance reads back a change at
 * once without invalidation traffic. The admin's premium count skips the few non-listener accounts
 * (system, admins' own kinds) through a tiny partial index instead of joining 100,000 users.
 */
export class PlaylistRevisions1795313928147 implements MigrationInterface {
  name = "PlaylistRevisions1795313928147";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playlists" ADD "revision" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX "idx_users_non_listeners" ON "users" ("id") WHERE kind NOT IN ('guest', 'pi')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_users_non_listeners"`);
    await queryRunner.query(`ALTER TABLE "playlists" DROP COLUMN "revision"`);
  }
}
