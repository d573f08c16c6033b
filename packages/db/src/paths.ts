import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The data folder's layout, in one place: the API's configuration, the seed and the database's command
// line take their defaults from here (imported as @purplebeats/db/paths, without TypeORM).

/**
 * The workspace root: the nearest folder above this file that holds pnpm-workspace.yaml. Falls
 * back to the working directory (a bundle copied elsewhere) instead of failing at import time.
 */
export function findRepoRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = findRepoRoot();

/** Where seeded media lives unless a caller passes MEDIA_DIR. */
export const DEFAULT_MEDIA_DIR = path.join(REPO_ROOT, "data", "media");

/** Where the embedded database lives unless a caller passes DATA_DIR or DATABASE_URL. */
export const DEFAULT_PGLITE_DIR = path.join(REPO_ROOT, "data", "pglite");

/** Where uploads live on local disk unless a caller passes UPLOAD_DIR (or configures S3). */
export const DEFAULT_UPLOAD_DIR = path.join(REPO_ROOT, "data", "objects");
