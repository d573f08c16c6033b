import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Editorial playlists: admins edit the system playlists, so the seed, which runs at every
 * start, must stop rewriting one an admin changed (playlists.curated_at) and must not bring back one an admin
 * deleted (retired_system_playlists).
 */
export class EditorialPlaylists1795500010000 implements MigrationInterface {
  name = "EditorialPlaylists1795500010000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playlists" ADD "curated_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "retired_system_playlists" ("id" text NOT NULL,
         "retired_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_retired_system_playlists" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "retired_system_playlists"`);
    await queryRunner.query(`ALTER TABLE "playlists" DROP COLUMN IF EXISTS "curated_at"`);
  }
}
