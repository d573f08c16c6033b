// The typo benchmark alone, against an API that is already running (the full bench starts its own):
//   pnpm --filter @purplebeats/bench typos -- --api http://127.0.0.1:3000 --db postgres://.../name [--words 1000]
// The API must be serving the database given (the set is sampled from it).
import os from "node:os";
import pg from "pg";
import { argValue } from "./config.js";
import { typoBenchmark } from "./benchmarks/typos.js";
import { printOne } from "./lib/report.js";

const args = process.argv.slice(2).filter((a) => a !== "--");
const api = argValue(args, "--api");
const db = argValue(args, "--db");
if (!api || !db) {
  console.error("Usage: typos --api URL --db DATABASE_URL [--words N]");
  process.exit(2);
}
const client = new pg.Client({ connectionString: db });
await client.connect();
try {
  const songs = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM songs`)).rows[0]!.n);
  const before = os.loadavg();
  const result = await typoBenchmark(api, client, songs, Number(argValue(args, "--words") ?? 1000));
  printOne(result, before);
} finally {
  await client.end();
}
