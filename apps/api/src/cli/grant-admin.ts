// Grants (or with --revoke, removes) the admin role: `pnpm --filter @purplebeats/api admin:grant <uid>`.
import "reflect-metadata";
import { openDatabase } from "@purplebeats/db";
import { loadConfig } from "../config/env.js";
import { setAdminRole } from "../data/admin.js";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const uid = args.find((a) => !a.startsWith("--"));
if (!uid) {
  console.error("Usage: admin:grant <uid> [--revoke]");
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await db.dataSource.runMigrations({ transaction: "each" });
const found = await setAdminRole(db.dataSource, uid, !revoke);
await db.close();
if (!found) {
  console.error(`No user with uid ${uid}. The user must have signed in once.`);
  process.exit(1);
}
if (revoke && config.adminUids.has(uid)) {
  console.log(`${uid} stays an admin while ADMIN_UIDS names it: remove it there and restart the server.`);
} else {
  console.log(`${uid} is ${revoke ? "no longer" : "now"} an admin.`);
}
