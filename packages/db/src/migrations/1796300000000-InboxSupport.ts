import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A listener's in-app notifications (one per event and listener: the dedupe key) and the support requests
 * that reach the admin dashboard.
 */
export class InboxSupport1796300000000 implements MigrationInterface {
  name = "InboxSupport1796300000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "kind" text NOT NULL, "title" text NOT NULL, "body" text NOT NULL, "link" text, "dedupe_key" text NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "uq_notifications_user_dedupe" UNIQUE ("user_id", "dedupe_key"),
        CONSTRAINT "PK_notifications_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_notifications_user_created" ON "notifications" ("user_id", "created_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_notifications_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "support_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "subject" text NOT NULL, "message" text NOT NULL, "song_id" uuid, "playlist_id" text, "from_member" boolean NOT NULL DEFAULT false, "answer" text, "answered_at" TIMESTAMP WITH TIME ZONE, "answered_by" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_support_requests_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_support_requests_created" ON "support_requests" ("created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_support_requests_user" ON "support_requests" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "support_requests" ADD CONSTRAINT "FK_support_requests_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "support_requests"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
