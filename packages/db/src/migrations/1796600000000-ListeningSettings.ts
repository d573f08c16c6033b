import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Listening settings kept per listener on the profile (quality, normalisation, gapless, crossfade, the
 * equalizer): one JSON document the contract's schema validates, null until the listener changes one, so
 * that a new default reaches everyone who never chose.
 */
export class ListeningSettings1796600000000 implements MigrationInterface {
  name = "ListeningSettings1796600000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "listening_settings" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "listening_settings"`);
  }
}
