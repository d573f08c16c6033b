// Once per run: the seed (printed, so any run can be reproduced), a fresh build of the API, the catalog's
// media, and a PostgreSQL that answers. Teardown leaves PostgreSQL running and prints the results table.
import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { DEFAULT_MEDIA_DIR, catalog, writeCatalogMedia } from "@purplebeats/seed";
import { outputDir, QUICK, repoRoot } from "./src/config.js";
import { ensurePostgresRunning } from "./src/postgres.js";
import { loadResults, renderTable } from "./src/results.js";

const run = promisify(execFile);

export default async function setup() {
  const seed = process.env.RELIABILITY_SEED ?? String(randomInt(0, 2 ** 31));
  process.env.RELIABILITY_SEED = seed;
  process.env.MEDIA_DIR ??= DEFAULT_MEDIA_DIR;
  console.log(
    `\nReliability suite: seed ${seed} (${QUICK ? "quick" : "full"} run; RELIABILITY_SEED=${seed} reproduces it)\n`,
  );
  rmSync(outputDir, { recursive: true, force: true });
  await ensurePostgresRunning();
  if (process.env.RELIABILITY_SKIP_BUILD !== "1") {
    await run(process.execPath, ["build.mjs"], { cwd: path.join(repoRoot, "apps/api") });
  }
  await writeCatalogMedia(process.env.MEDIA_DIR, catalog, { log: (m) => console.log(m) });

  return async () => {
    await ensurePostgresRunning();
    const results = loadResults();
    if (results.length) {
      console.log(`\nReliability results (seed ${seed}):\n\n${renderTable(results)}\n`);
    }
  };
}
