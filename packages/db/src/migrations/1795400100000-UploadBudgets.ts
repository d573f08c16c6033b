import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Uploads cannot fill the disk. Each grant records its kind, the stored size (the owner's quota)
 * and the address that asked (a daily budget a new guest does not restart).
 */
export class UploadBudgets1795400100000 implements MigrationInterface {
  name = "UploadBudgets1795400100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "uploads" ADD "kind" text NOT NULL DEFAULT 'image'`);
    await queryRunner.query(`ALTER TABLE "uploads" ADD "size" integer`);
    await queryRunner.query(`ALTER TABLE "uploads" ADD "client_ip" text`);
    await queryRunner.query(`CREATE INDEX "idx_uploads_user_id" ON "uploads" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "idx_uploads_client_ip" ON "uploads" ("client_ip", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_uploads_client_ip"`);
    await queryRunner.query(`DROP INDEX "idx_uploads_user_id"`);
    await queryRunner.query(`ALTER TABLE "uploads" DROP COLUMN "client_ip"`);
    await queryRunner.query(`ALTER TABLE "uploads" DROP COLUMN "size"`);
    await queryRunner.query(`ALTER TABLE "uploads" DROP COLUMN "kind"`);
  }
}
