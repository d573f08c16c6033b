import type { MigrationInterface, QueryRunner } from "typeorm";

/** Payouts of artists' balances to their managers' Pi wallets (A2U), each step recorded before the next. */
export class ArtistPayouts1796800000001 implements MigrationInterface {
  name = "ArtistPayouts1796800000001";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "artist_payouts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "artist_id" uuid NOT NULL, "user_id" text, "amount" numeric(20,7) NOT NULL, "status" text NOT NULL DEFAULT 'requested', "payment_id" text, "txid" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_artist_payouts_payment_id" UNIQUE ("payment_id"),
        CONSTRAINT "PK_artist_payouts_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_artist_payouts_artist_created" ON "artist_payouts" ("artist_id", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_artist_payouts_status" ON "artist_payouts" ("status")`);
    await queryRunner.query(
      `ALTER TABLE "artist_payouts" ADD CONSTRAINT "FK_artist_payouts_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_payouts" ADD CONSTRAINT "FK_artist_payouts_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "artist_payouts"`);
  }
}
