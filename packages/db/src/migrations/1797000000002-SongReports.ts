import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Listeners' reports of songs: one open report per listener per song (a partial unique index), closed by
 * an admin as dismissed or taken down, with who closed it and when.
 */
export class SongReports1797000000002 implements MigrationInterface {
  name = "SongReports1797000000002";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "song_reports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "song_id" uuid NOT NULL, "user_id" text NOT NULL, "reason" text NOT NULL, "details" text NOT NULL DEFAULT '', "status" text NOT NULL DEFAULT 'open', "resolved_by" text, "resolved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_song_reports_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_song_reports_open" ON "song_reports" ("song_id", "user_id") WHERE status = 'open'`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_song_reports_open_created" ON "song_reports" ("created_at") WHERE status = 'open'`,
    );
    await queryRunner.query(`CREATE INDEX "idx_song_reports_user" ON "song_reports" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "song_reports" ADD CONSTRAINT "FK_song_reports_song_id" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "song_reports" ADD CONSTRAINT "FK_song_reports_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "song_reports"`);
  }
}
