// Admin API tokens from the server host (the dashboard's "API tokens" section does the same):
//   pnpm --filter @purplebeats/api admin:token create <admin uid> --name "laptop CLI" [--scope read|manage]
//   pnpm --filter @purplebeats/api admin:token list
//   pnpm --filter @purplebeats/api admin:token revoke <token id>
import "reflect-metadata";
import { parseArgs } from "node:util";
import { adminTokenRefInput, createAdminTokenInput, describeZodError } from "@purplebeats/contracts";
import { openDatabase } from "@purplebeats/db";
import { loadConfig } from "../config/env.js";
import { createAdminTokenService } from "../domain/accounts/admin-tokens.js";

const USAGE = `Usage: admin:token create <admin uid> --name <what it is for> [--scope read|manage]
       admin:token list
       admin:token revoke <token id>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, scope: { type: "string", default: "read" } },
});
const [command, target] = positionals;
const fail: (message: string, code?: number) => never = (message, code = 2) => {
  console.error(message);
  process.exit(code);
};

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await db.dataSource.runMigrations({ transaction: "each" });
const tokens = createAdminTokenService(db.dataSource, config.adminUids);
try {
  if (command === "create" && target) {
    const input = createAdminTokenInput.safeParse({ name: values.name ?? "", scope: values.scope });
    if (!input.success) fail(`${describeZodError(input.error)}\n${USAGE}`);
    const created = await tokens.create(target, input.data);
    console.log(`Token ${created.id} (${created.scope}) for ${created.userId}, shown only this once:`);
    console.log(created.token);
  } else if (command === "list") {
    for (const t of await tokens.list())
      console.log(
        `${t.id}  ${t.scope.padEnd(6)}  ${t.userId}  ${t.name}  last used ${t.lastUsedAt ?? "never"}`,
      );
  } else if (command === "revoke" && target) {
    const ref = adminTokenRefInput.safeParse({ id: target });
    if (!ref.success) fail(describeZodError(ref.error));
    await tokens.revoke(ref.data.id);
    console.log(`Token ${target} is revoked.`);
  } else {
    fail(USAGE);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 1);
} finally {
  await db.close();
}
