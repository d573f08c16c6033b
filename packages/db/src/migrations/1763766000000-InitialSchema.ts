import type { MigrationInterface, QueryRunner } from "typeorm";

/** The whole schema of SPEC.md section 3 plus users, sessions, play history and uploads. */
export class InitialSchema1763766000000 implements MigrationInterface {
  name = "InitialSchema1763766000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" text NOT NULL, "username" text NOT NULL, "kind" text NOT NULL DEFAULT 'guest', "is_admin" boolean NOT NULL DEFAULT false, "wallet_address" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_users_created_at" ON "users"  ("created_at") `);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" text NOT NULL, "user_id" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_sessions_expires_at" ON "sessions"  ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user_id" ON "sessions"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "artists" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "image_url" text, "bio" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_09b823d4607d2675dc4ffa82261" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "albums" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "artist_id" uuid, "image_url" text, "release_date" date, "genre" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_838ebae24d2e12082670ffc95d7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_albums_artist_id" ON "albums"  ("artist_id") `);
    await queryRunner.query(
      `CREATE TABLE "songs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "artist_id" uuid NOT NULL, "album_id" uuid, "duration" integer NOT NULL, "audio_url" text, "image_url" text, "genre" text, "track_number" integer, "play_count" integer NOT NULL DEFAULT '0', "last_played" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e504ce8ad2e291d3a1d8f1ea2f4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_songs_last_played" ON "songs"  ("last_played") `);
    await queryRunner.query(`CREATE INDEX "idx_songs_trending" ON "songs"  ("play_count", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_songs_created_at" ON "songs"  ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_songs_genre" ON "songs"  ("genre", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_songs_album_id" ON "songs"  ("album_id") `);
    await queryRunner.query(`CREATE INDEX "idx_songs_artist_id" ON "songs"  ("artist_id") `);
    await queryRunner.query(
      `CREATE TABLE "playlists" ("id" text NOT NULL, "name" text NOT NULL, "description" text, "image_url" text, "is_public" boolean NOT NULL DEFAULT true, "song_count" integer NOT NULL DEFAULT '0', "created_by" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a4597f4189a75d20507f3f7ef0d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_playlists_created_at" ON "playlists"  ("created_at", "id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_playlists_created_by" ON "playlists"  ("created_by", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "playlist_songs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "playlist_id" text NOT NULL, "song_id" uuid NOT NULL, "position" integer NOT NULL, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_playlist_songs_position" UNIQUE ("playlist_id", "position"), CONSTRAINT "PK_bd99fdcd269be0f3ad345340eb4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_playlist_songs_song_id" ON "playlist_songs"  ("song_id") `);
    await queryRunner.query(
      `CREATE TABLE "liked_songs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "song_id" uuid NOT NULL, "liked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_liked_songs_user_song" UNIQUE ("user_id", "song_id"), CONSTRAINT "PK_6bec332c2d3284aef39a5cf97ed" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_liked_songs_user_liked_at" ON "liked_songs"  ("user_id", "liked_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "liked_playlists" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "playlist_id" text NOT NULL, "user_id" text NOT NULL, "liked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_liked_playlists_user_playlist" UNIQUE ("user_id", "playlist_id"), CONSTRAINT "PK_32c17f44b6ce22ac08ec70063b5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_liked_playlists_user_liked_at" ON "liked_playlists"  ("user_id", "liked_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "library_playlists" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "playlist_id" text NOT NULL, "user_id" text NOT NULL, "added_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_library_playlists_user_playlist" UNIQUE ("user_id", "playlist_id"), CONSTRAINT "PK_4764ade9b347f05be6d933bf37e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_library_playlists_user_added_at" ON "library_playlists"  ("user_id", "added_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "profiles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "name" text NOT NULL, "nickname" text, "image_url" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_9e432b7df0d182f8d292902d1a2" UNIQUE ("user_id"), CONSTRAINT "PK_8e520eb4da7dc01d0e190447c8e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "memberships" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "is_premium" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE, "payment_id" text, "txid" text, "pi_wallet_id" text, "amount" text NOT NULL DEFAULT '3.14', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_7c1e2fdfed4f6838e0c05ae5051" UNIQUE ("user_id"), CONSTRAINT "PK_25d28bd932097a9e90495ede7b4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_memberships_premium_expires" ON "memberships"  ("is_premium", "expires_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pi_payments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "payment_id" text NOT NULL, "user_id" text NOT NULL, "amount" text NOT NULL, "status" text NOT NULL DEFAULT 'created', "txid" text, "metadata" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_3619274c6e12e638cce2c987f06" UNIQUE ("payment_id"), CONSTRAINT "PK_2eaaa92fcb7830507cac23df87d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_pi_payments_status" ON "pi_payments"  ("status", "updated_at") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_pi_payments_user_id" ON "pi_payments"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "ambient_music_settings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "playlist_id" text, "theme" text NOT NULL, "mood" text NOT NULL, "tempo" integer NOT NULL DEFAULT '60', "intensity" integer NOT NULL DEFAULT '5', "enabled" boolean NOT NULL DEFAULT true, "last_generated" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d410819786b96624e2fd423ca94" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "play_history" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" text NOT NULL, "song_id" uuid NOT NULL, "played_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_54d2c87cce416cde980569353cc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_play_history_song_id" ON "play_history"  ("song_id") `);
    await queryRunner.query(
      `CREATE INDEX "idx_play_history_user_played_at" ON "play_history"  ("user_id", "played_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "uploads" ("id" text NOT NULL, "user_id" text NOT NULL, "object_key" text, "content_type" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d1781d1eedd7459314f60f39bd3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_uploads_expires_at" ON "uploads"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "albums" ADD CONSTRAINT "FK_b6465bf462c2ffef5f066bc6f21" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "songs" ADD CONSTRAINT "FK_999ba7dd3c94dd5f9649944a5c6" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "songs" ADD CONSTRAINT "FK_944f44ec5e875219d05bb81d966" FOREIGN KEY ("album_id") REFERENCES "albums"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "playlists" ADD CONSTRAINT "FK_1d1296406d8476d86378cbae628" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "playlist_songs" ADD CONSTRAINT "FK_ec0cee5a4454b6788c2900cd9c3" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "playlist_songs" ADD CONSTRAINT "FK_1f378aefd539d23bfda7d4dd138" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "liked_songs" ADD CONSTRAINT "FK_72b48115ec11151139a0142daa1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "liked_songs" ADD CONSTRAINT "FK_ce504e0631dfc226e7ce5162a64" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "liked_playlists" ADD CONSTRAINT "FK_066b2f75101026e85a699f54799" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "liked_playlists" ADD CONSTRAINT "FK_ccbeee68c00cec1289df5a0faf1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "library_playlists" ADD CONSTRAINT "FK_5cb19f08528ca5a7b8479ff2a6d" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "library_playlists" ADD CONSTRAINT "FK_103a17e4992dafe9f14c49bdda1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "profiles" ADD CONSTRAINT "FK_9e432b7df0d182f8d292902d1a2" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pi_payments" ADD CONSTRAINT "FK_4004c42a8470b161bf2dc05bb20" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ambient_music_settings" ADD CONSTRAINT "FK_61684d4f87751342e002ce095ae" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "play_history" ADD CONSTRAINT "FK_6b831b95a0cdb3309265e95db54" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "play_history" ADD CONSTRAINT "FK_d64f1c67c58c4a8bd601006983b" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "uploads" ADD CONSTRAINT "FK_0155aad3e213584b446bf14a85b" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_songs_title_trgm" ON "songs" USING gin ("title" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_artists_name_trgm" ON "artists" USING gin ("name" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_playlists_name_trgm" ON "playlists" USING gin ("name" gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "uploads" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "play_history" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "ambient_music_settings" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "pi_payments" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "memberships" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "profiles" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "library_playlists" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "liked_playlists" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "liked_songs" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "playlist_songs" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "playlists" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "songs" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "albums" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "artists" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "sessions" CASCADE`);
    await queryRunner.query(`DROP TABLE IF EXISTS "users" CASCADE`);
  }
}
