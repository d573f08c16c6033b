import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Releases an artist's managers upload (single, EP or album): held for an admin's review, their songs
 * hidden until approved and again once taken down; the rights attestation is kept with the release.
 */
export class Releases1796900000000 implements MigrationInterface {
  name = "Releases1796900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "releases" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "artist_id" uuid NOT NULL, "album_id" uuid, "kind" text NOT NULL, "title" text NOT NULL, "genre" text NOT NULL, "release_date" date NOT NULL, "credits" text NOT NULL DEFAULT '', "cover_url" text, "members_only" boolean NOT NULL DEFAULT false, "track_count" integer NOT NULL, "status" text NOT NULL DEFAULT 'pending', "refusal_reason" text, "taken_down_by" text, "submitted_by" text, "rights_attested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "reviewed_by" text, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_releases_album_id" UNIQUE ("album_id"),
        CONSTRAINT "PK_releases_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_releases_status_created" ON "releases" ("status", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_releases_artist_created" ON "releases" ("artist_id", "created_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "releases" ADD CONSTRAINT "FK_releases_artist_id" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "releases" ADD CONSTRAINT "FK_releases_album_id" FOREIGN KEY ("album_id") REFERENCES "albums"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "releases" ADD CONSTRAINT "FK_releases_submitted_by" FOREIGN KEY ("submitted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "releases" ADD CONSTRAINT "FK_releases_reviewed_by" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "songs" ADD "release_id" uuid`);
    await queryRunner.query(`CREATE INDEX "idx_songs_release_id" ON "songs" ("release_id")`);
    await queryRunner.query(
      `ALTER TABLE "songs" ADD CONSTRAINT "FK_songs_release_id" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "songs" DROP CONSTRAINT "FK_songs_release_id"`);
    await queryRunner.query(`DROP INDEX "idx_songs_release_id"`);
    await queryRunner.query(`ALTER TABLE "songs" DROP COLUMN "release_id"`);
    await queryRunner.query(`DROP TABLE "releases"`);
  }
}
