import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Music ingestion. Songs remember their source file (size, modification time, content hash), their
 * standard and high renditions and their loudness (track and album), and carry hidden / unavailable /
 * members-only flags; albums carry year, compilation and members-only; artists and albums a match key
 * (case- and accent-insensitive); lyrics and library scan reports get tables of their own.
 */
export class LibraryIngest1795400000000 implements MigrationInterface {
  name = "LibraryIngest1795400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const query of [
      `CREATE TABLE "lyrics" ("song_id" uuid NOT NULL, "synced" boolean NOT NULL, "lines" jsonb NOT NULL, CONSTRAINT "PK_90631d860f0a197b37e2ef4175c" PRIMARY KEY ("song_id"))`,
      `CREATE TABLE "library_scans" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "state" text NOT NULL DEFAULT 'running', "roots" jsonb NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, "files_found" integer NOT NULL DEFAULT '0', "files_ingested" integer NOT NULL DEFAULT '0', "files_unchanged" integer NOT NULL DEFAULT '0', "files_missing" integer NOT NULL DEFAULT '0', "skipped" jsonb NOT NULL DEFAULT '[]', "error" text, CONSTRAINT "PK_eff0ea465756f8a254429ef69c1" PRIMARY KEY ("id"))`,
      `CREATE INDEX "idx_library_scans_started" ON "library_scans" ("started_at")`,
      `ALTER TABLE "artists" ADD "match_key" text`,
      `ALTER TABLE "albums" ADD "year" integer`,
      `ALTER TABLE "albums" ADD "compilation" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "albums" ADD "members_only" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "albums" ADD "match_key" text`,
      `ALTER TABLE "songs" ADD "disc_number" integer`,
      `ALTER TABLE "songs" ADD "source" text`,
      `ALTER TABLE "songs" ADD "source_size" bigint`,
      `ALTER TABLE "songs" ADD "source_mtime_ms" bigint`,
      `ALTER TABLE "songs" ADD "content_hash" text`,
      `ALTER TABLE "songs" ADD "standard_key" text`,
      `ALTER TABLE "songs" ADD "standard_kbps" integer`,
      `ALTER TABLE "songs" ADD "high_key" text`,
      `ALTER TABLE "songs" ADD "high_kbps" integer`,
      `ALTER TABLE "songs" ADD "loudness_lufs" real`,
      `ALTER TABLE "songs" ADD "true_peak_db" real`,
      `ALTER TABLE "songs" ADD "album_loudness_lufs" real`,
      `ALTER TABLE "songs" ADD "album_true_peak_db" real`,
      `ALTER TABLE "songs" ADD "hidden" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "songs" ADD "unavailable" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "songs" ADD "members_only" boolean NOT NULL DEFAULT false`,
      `CREATE INDEX "idx_artists_match_key" ON "artists" ("match_key")`,
      `CREATE INDEX "idx_albums_match_key" ON "albums" ("match_key")`,
      `CREATE INDEX "idx_songs_source" ON "songs" ("source") WHERE source IS NOT NULL`,
      `CREATE UNIQUE INDEX "idx_songs_content_hash" ON "songs" ("content_hash") WHERE content_hash IS NOT NULL`,
      `ALTER TABLE "lyrics" ADD CONSTRAINT "FK_90631d860f0a197b37e2ef4175c" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ])
      await queryRunner.query(query);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lyrics"`);
    await queryRunner.query(`DROP TABLE "library_scans"`);
    for (const index of [
      "idx_artists_match_key",
      "idx_albums_match_key",
      "idx_songs_source",
      "idx_songs_content_hash",
    ])
      await queryRunner.query(`DROP INDEX IF EXISTS "${index}"`);
    await queryRunner.query(`ALTER TABLE "artists" DROP COLUMN "match_key"`);
    for (const column of ["year", "compilation", "members_only", "match_key"])
      await queryRunner.query(`ALTER TABLE "albums" DROP COLUMN "${column}"`);
    for (const column of [
      "disc_number",
      "source",
      "source_size",
      "source_mtime_ms",
      "content_hash",
      "standard_key",
      "standard_kbps",
      "high_key",
      "high_kbps",
      "loudness_lufs",
      "true_peak_db",
      "album_loudness_lufs",
      "album_true_peak_db",
      "hidden",
      "unavailable",
      "members_only",
    ])
      await queryRunner.query(`ALTER TABLE "songs" DROP COLUMN "${column}"`);
  }
}
