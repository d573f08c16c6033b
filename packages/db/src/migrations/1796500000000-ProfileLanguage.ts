import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The language a listener chose for the app (a BCP 47 tag of the web app's, e.g. 'vi', 'sr-Latn'); none
 * until they choose, when their browser's languages pick one.
 */
export class ProfileLanguage1796500000000 implements MigrationInterface {
  name = "ProfileLanguage1796500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "language" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "language"`);
  }
}
