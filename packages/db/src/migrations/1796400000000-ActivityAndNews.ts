import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Activity privacy and News & Updates. A profile shares its likes unless its owner says not (the default
 * is on, as Spotify's is) and may be in a private session until a time, whose plays
 * are marked private; the feed itself is derived from
 * playlists, likes, follows and albums, so it needs no table. Admins' announcements get a table of their
 * own, listed by publish date.
 */
export class ActivityAndNews1796400000000 implements MigrationInterface {
  name = "ActivityAndNews1796400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profiles" ADD "share_likes" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "profiles" ADD "private_session_until" TIMESTAMP WITH TIME ZONE`);
    // A play made in a private session is the listener's own: a view others see leaves it out.
    await queryRunner.query(`ALTER TABLE "play_history" ADD "is_private" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE TABLE "news_posts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "body" text NOT NULL,
        "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_by" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_news_posts_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_news_posts_published" ON "news_posts" ("published_at", "id")`);
    // An admin's account may be deleted; their posts stay, unsigned.
    await queryRunner.query(
      `ALTER TABLE "news_posts" ADD CONSTRAINT "FK_news_posts_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "news_posts"`);
    await queryRunner.query(`ALTER TABLE "play_history" DROP COLUMN "is_private"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "private_session_until"`);
    await queryRunner.query(`ALTER TABLE "profiles" DROP COLUMN "share_likes"`);
  }
}
