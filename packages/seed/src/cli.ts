// pnpm --filter @purplebeats/seed seed: migrates, then writes the catalog's media and rows.
import { DEFAULT_MEDIA_DIR } from "@purplebeats/db";
import { describeTarget, withDatabase } from "@purplebeats/db/cli";
import { seedCatalog } from "./index.js";

await withDatabase(async ({ dataSource }) => {
  const mediaDir = process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR;
  console.log(`Seeding ${describeTarget()}, media in ${mediaDir}`);
  const applied = await dataSource.runMigrations();
  if (applied.length) console.log(`Applied ${applied.map((m) => m.name).join(", ")}`);
  const started = performance.now();
  const report = await seedCatalog(dataSource, { mediaDir, log: (message) => console.log(message) });
  console.log(JSON.stringify(report));
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});
