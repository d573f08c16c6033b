// `pnpm db:restore <backup folder> [--force]`: into the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and folders; a target holding data is replaced only with --force.
import "reflect-metadata";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/env.js";
import { restoreBackup } from "../infra/backup/backup.js";
import { BackupRefused } from "../infra/backup/backup.js";
import { fromCallerDir } from "../config/operator-paths.js";
import { runCommand } from "../infra/backup/command.js";

runCommand(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean" } },
    allowPositionals: true,
  });
  const [folder] = positionals;
  if (positionals.length !== 1 || folder === undefined)
    throw new BackupRefused("Usage: pnpm db:restore <backup folder> [--force]");
  const from = fromCallerDir(folder);
  const config = loadConfig();
  await restoreBackup(config, { from, force: values.force, log: (line) => console.log(line) });
  console.log(`Restored from ${from}: start the server to serve it`);
});
