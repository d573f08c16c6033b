// `pnpm db:backup [--out <folder>] [--force]`: the database and the uploaded files in one folder
// (see infra/backup/backup.ts). On the embedded database, stop the server first.
import "reflect-metadata";
import path from "node:path";
import { parseArgs } from "node:util";
import { findRepoRoot, loadConfig } from "../config/env.js";
import { createBackup } from "../infra/backup/backup.js";
import { fromCallerDir } from "../config/operator-paths.js";
import { runCommand } from "../infra/backup/command.js";

runCommand(async () => {
  const { values } = parseArgs({ options: { out: { type: "string" }, force: { type: "boolean" } } });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const out = values.out
    ? fromCallerDir(values.out)
    : path.join(
        findRepoRoot(),
        "backups",
        `purplebeats-${stamp}-${config.databaseUrl ? "postgres" : "pglite"}`,
      );
  await createBackup(config, { out, force: values.force, log: (line) => console.log(line) });
  console.log(`Backup written to ${out}`);
});
