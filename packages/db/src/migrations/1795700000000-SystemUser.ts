import type { MigrationInterface, QueryRunner } from "typeorm";
import { SYSTEM_USER_ID } from "../constants.js";

/**
 * The system account owns the editorial playlists. Only the seed made it, so with
 * SEED=0 creating an editorial playlist failed on its foreign key (500). The schema makes it now;
 * the seed's own insert is a no-op after this.
 */
export class SystemUser1795700000000 implements MigrationInterface {
  name = "SystemUser1795700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "users" ("id", "username", "kind") VALUES ($1, 'PurpleBeats', 'system') ON CONFLICT ("id") DO NOTHING`,
      [SYSTEM_USER_ID],
    );
  }

  public async down(): Promise<void> {
    // Kept: editorial playlists (and the seed's) may reference it.
  }
}
