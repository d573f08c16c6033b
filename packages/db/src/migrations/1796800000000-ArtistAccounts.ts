import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Artist accounts: Pi users ask to run an artist (a new one, or a claim with evidence), admins decide; an
 * approved artist is verified and has managers. The artists' ledger holds every credit and debit of their
 * balances (tips less the platform's fee, payouts), one row per source and account.
 */
export class ArtistAccounts1796800000000 implements MigrationInterface {
  name = "ArtistAccounts1796800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "artists" ADD "verified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "artist_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "kind" text NOT NULL, "name" text NOT NULL, "bio" text, "artist_id" uuid, "evidence" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "decided_by" text, "decided_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_artist_requests_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_artist_requests_status_created" ON "artist_requests" ("status", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_artist_requests_user" ON "artist_requests" ("user_id")`);
    // One request waiting per listener: a second is refused rather than queued twice.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_artist_requests_one_pending" ON "artist_requests" ("user_id") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_requests" ADD CONSTRAINT "FK_artist_requests_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_requests" ADD CONSTRAINT "FK_artist_requests_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_requests" ADD CONSTRAINT "FK_artist_requests_decided_by" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "artist_managers" ("artist_id" uuid NOT NULL, "user_id" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_artist_managers" PRIMARY KEY ("artist_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_artist_managers_user" ON "artist_managers" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "artist_managers" ADD CONSTRAINT "FK_artist_managers_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "artist_managers" ADD CONSTRAINT "FK_artist_managers_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "artist_ledger" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account" text NOT NULL, "artist_id" uuid, "kind" text NOT NULL, "amount" numeric(20,7) NOT NULL, "source" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "uq_artist_ledger_source" UNIQUE ("source", "account"),
        CONSTRAINT "ck_artist_ledger_account" CHECK (("account" = 'platform') = ("artist_id" IS NULL)),
        CONSTRAINT "PK_artist_ledger_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_artist_ledger_artist" ON "artist_ledger" ("artist_id")`);
    await queryRunner.query(
      `ALTER TABLE "artist_ledger" ADD CONSTRAINT "FK_artist_ledger_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "artist_ledger"`);
    await queryRunner.query(`DROP TABLE "artist_managers"`);
    await queryRunner.query(`DROP TABLE "artist_requests"`);
    await queryRunner.query(`ALTER TABLE "artists" DROP COLUMN "verified_at"`);
  }
}
