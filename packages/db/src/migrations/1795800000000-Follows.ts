import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Listeners get a public handle (/user/{handle}) and a privacy setting, and may follow listeners and
 * artists. Existing profiles take a handle made from the Pi username (or the profile's name): the
 * first of a name keeps it bare, later ones get a suffix from their row id, so the backfill never collides.
 */
export class Follows1795800000000 implements MigrationInterface {
  name = "Follows1795800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "handle" text`);
    await queryRunner.query(`ALTER TABLE "profiles" ADD "is_private" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `WITH kept AS (
         SELECT p.id, left(coalesce(nullif(regexp_replace(lower(
                  CASE WHEN u.kind = 'pi' THEN u.username ELSE p.name END), '[^a-z0-9_.]', '', 'g'), ''),
                  'listener'), 20) AS kept
         FROM "profiles" p JOIN "users" u ON u.id = p.user_id
       ), base AS (
         -- rpad also cuts to its length: only the short ones are padded.
         SELECT id, CASE WHEN length(kept) < 3 THEN rpad(kept, 3, '_') ELSE kept END AS handle FROM kept
       ), numbered AS (
         SELECT id, handle, row_number() OVER (PARTITION BY handle ORDER BY id) AS n FROM base
       )
       UPDATE "profiles" p
       SET "handle" = CASE WHEN numbered.n = 1 THEN numbered.handle
                           ELSE numbered.handle || '_' || left(replace(p.id::text, '-', ''), 8) END
       FROM numbered WHERE numbered.id = p.id`,
    );
    await queryRunner.query(`ALTER TABLE "profiles" ALTER COLUMN "handle" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "profiles" ADD CONSTRAINT "uq_profiles_handle" UNIQUE ("handle")`);
    await queryRunner.query(
      `CREATE TABLE "follows" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "follower_id" text NOT NULL, "listener_id" text, "artist_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "uq_follows_listener" UNIQUE ("follower_id", "listener_id"),
        CONSTRAINT "uq_follows_artist" UNIQUE ("follower_id", "artist_id"),
        CONSTRAINT "ck_follows_one_target" CHECK (("listener_id" IS NULL) <> ("artist_id" IS NULL)),
        CONSTRAINT "ck_follows_not_self" CHECK ("listener_id" IS DISTINCT FROM "follower_id"),
        CONSTRAINT "PK_follows_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_follows_follower_created" ON "follows" ("follower_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_follows_listener_created" ON "follows" ("listener_id", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_follows_artist" ON "follows" ("artist_id")`);
    for (const [column, table] of [
      ["follower_id", "users"],
      ["listener_id", "users"],
      ["artist_id", "artists"],
    ] as const) {
      await queryRunner.query(
        `ALTER TABLE "follows" ADD CONSTRAINT "FK_follows_${column}" FOREIGN KEY ("${column}") REFERENCES "${table}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "follows"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP CONSTRAINT "uq_profiles_handle"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "is_private"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "handle"`);
  }
}
