// Where the benchmark's database and files live, and the sizes of the full and quick runs.
import path from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
})();

/** The PostgreSQL server: TEST_DATABASE_URL's server when set, else the local one (trust auth). */
export const SERVER_URL =
  process.env.BENCH_SERVER_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Sizes {
  songs: number;
  users: number;
}

export const FULL: Sizes = { songs: 1_000_000, users: 100_000 };
export const QUICK: Sizes = { songs: 50_000, users: 5_000 };

/** One database per size, so a quick run never throws away the million-song data set. */
export const benchDatabaseName = (sizes: Sizes) =>
  sizes.songs === FULL.songs && sizes.users === FULL.users
    ? "purplebeats_bench"
    : `purplebeats_bench_${sizes.songs}_${sizes.users}`;

export const RESULTS_DIR = path.join(REPO_ROOT, "bench-results");

/** Bump when the generator's output changes: a database made by another version is generated again. */
export const GENERATOR_VERSION = 1;

/** The generated admin: the bench signs in as them with a session row it inserts. */
export const BENCH_ADMIN_UID = "bench-admin";

export function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const prefixed = args.find((a) => a.startsWith(`${name}=`));
  return prefixed?.slice(name.length + 1);
}
