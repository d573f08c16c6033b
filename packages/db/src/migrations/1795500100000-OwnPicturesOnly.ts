import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Pictures are ours only (/objects, /media; the image policy names no other host). A
 * playlist cover or an artist's picture that points at another host would ask it for the picture for
 * every visitor, telling it who looks at the page; the browser now refuses to load it anyway. Such
 * pictures are removed (the default cover shows instead), and the playlists' revisions move on so that
 * no instance keeps serving the old response.
 */
export class OwnPicturesOnly1795500100000 implements MigrationInterface {
  name = "OwnPicturesOnly1795500100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "playlists" SET "image_url" = NULL, "revision" = "revision" + 1 WHERE "image_url" ~* '^(https?:)?//'`,
    );
    await queryRunner.query(`UPDATE "artists" SET "image_url" = NULL WHERE "image_url" ~* '^(https?:)?//'`);
  }

  public async down(): Promise<void> {
    // The removed addresses are not kept: there is nothing to restore.
  }
}
