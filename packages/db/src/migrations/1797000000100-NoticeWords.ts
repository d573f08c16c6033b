import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A notification keeps the catalog words it was made of (message keys, their values, the day it names), so
 * the inbox puts it in the language its reader has chosen by the time they read it. Rows written before
 * this, and a person's own text (a support answer), keep only the title and body as written.
 */
export class NoticeWords1797000000100 implements MigrationInterface {
  name = "NoticeWords1797000000100";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "words" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "words"`);
  }
}
