import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The monthly premium share. Counted plays get a record of their own (the listener's history keeps only
 * their newest plays and moves a repeat's time, so it cannot say what was counted in a month), and each
 * month's split is kept: the month's inputs once, and a row per artist per month, computed once.
 */
export class PremiumShares1797000000001 implements MigrationInterface {
  name = "PremiumShares1797000000001";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "counted_plays" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "song_id" uuid NOT NULL, "counted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_counted_plays_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_counted_plays_counted_at" ON "counted_plays" ("counted_at")`);
    await queryRunner.query(`CREATE INDEX "idx_counted_plays_user" ON "counted_plays" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "counted_plays" ADD CONSTRAINT "FK_counted_plays_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "counted_plays" ADD CONSTRAINT "FK_counted_plays_song_id" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "premium_share_months" ("month" text NOT NULL, "share_percent" numeric(5,2) NOT NULL, "revenue" numeric(20,7) NOT NULL, "pool" numeric(20,7) NOT NULL, "members" integer NOT NULL, "members_without_plays" integer NOT NULL, "credited" numeric(20,7) NOT NULL, "kept_by_platform" numeric(20,7) NOT NULL, "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "ck_premium_share_months_month" CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        CONSTRAINT "PK_premium_share_months" PRIMARY KEY ("month"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "artist_premium_shares" ("artist_id" uuid NOT NULL, "month" text NOT NULL, "amount" numeric(20,7) NOT NULL, "members" integer NOT NULL, "qualifying_plays" integer NOT NULL, "credited" boolean NOT NULL,
        CONSTRAINT "PK_artist_premium_shares" PRIMARY KEY ("artist_id", "month"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_artist_premium_shares_month" ON "artist_premium_shares" ("month")`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_premium_shares" ADD CONSTRAINT "FK_artist_premium_shares_month" FOREIGN KEY ("month") REFERENCES "premium_share_months"("month") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_premium_shares" ADD CONSTRAINT "FK_artist_premium_shares_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "artist_premium_shares"`);
    await queryRunner.query(`DROP TABLE "premium_share_months"`);
    await queryRunner.query(`DROP TABLE "counted_plays"`);
  }
}
