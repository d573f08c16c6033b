import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Admin stats at 100,000 users: the listener counts and the revenue sum are read from
 * small partial indexes (index-only scans) instead of the users and pi_payments tables.
 */
export class AdminIndexes1763960100000 implements MigrationInterface {
  name = "AdminIndexes1763960100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_users_listeners_created_at" ON "users" ("created_at") WHERE kind IN ('guest', 'pi')`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_users_listeners_id" ON "users" ("id") WHERE kind IN ('guest', 'pi')`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_memberships_active" ON "memberships" ("expires_at") INCLUDE ("user_id") WHERE is_premium`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_pi_payments_completed_amount" ON "pi_payments" ("amount") WHERE status = 'completed'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_pi_payments_completed_amount"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_memberships_active"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_users_listeners_id"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_users_listeners_created_at"`);
  }
}
