import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Revocable admin API tokens for internal tools (the admin command line). Only the
 * token's SHA-256 is stored; a token acts as the admin who created it, within its scope.
 */
export class AdminApiTokens1795640000000 implements MigrationInterface {
  name = "AdminApiTokens1795640000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_api_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" text NOT NULL, "user_id" text NOT NULL, "name" text NOT NULL, "scope" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9ab77e1036dfe2a07240c885264" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_admin_api_tokens_hash" ON "admin_api_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_api_tokens" ADD CONSTRAINT "FK_3472a7d19a801408e21b7a0acde" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_api_tokens"`);
  }
}
