import type { MigrationInterface, QueryRunner } from "typeorm";

export class RateLimits1763852400000 implements MigrationInterface {
  name = "RateLimits1763852400000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" text NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_rate_limits" PRIMARY KEY ("key", "window_start"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_rate_limits_window_start" ON "rate_limits" ("window_start")`);
    await queryRunner.query(`CREATE INDEX "idx_uploads_object_key" ON "uploads" ("object_key")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_uploads_object_key"`);
    await queryRunner.query(`DROP TABLE "rate_limits"`);
  }
}
