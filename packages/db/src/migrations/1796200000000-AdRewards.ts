import type { MigrationInterface, QueryRunner } from "typeorm";

/** Rewarded ads whose reward was granted: one row per Pi ad id, so that each ad rewards once. */
export class AdRewards1796200000000 implements MigrationInterface {
  name = "AdRewards1796200000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ad_rewards" ("ad_id" text NOT NULL, "user_id" text, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "skips_until" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_ad_rewards_ad_id" PRIMARY KEY ("ad_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_ad_rewards_user_until" ON "ad_rewards" ("user_id", "skips_until")`,
    );
    await queryRunner.query(
      `ALTER TABLE "ad_rewards" ADD CONSTRAINT "FK_ad_rewards_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ad_rewards"`);
  }
}
