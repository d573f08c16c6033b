// pnpm --filter @purplebeats/db migrate: applies pending migrations.
import { describeTarget, withDatabase } from "./database.js";

await withDatabase(async ({ dataSource }) => {
  console.log(`Migrating ${describeTarget()}`);
  const applied = await dataSource.runMigrations();
  console.log(applied.length ? `Applied ${applied.map((m) => m.name).join(", ")}` : "Already up to date");
});
