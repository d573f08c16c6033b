// The data the server keeps (PGlite's database, media, uploads) is its own: folders 0700, files 0600.
// Nothing else reads them (the server serves media and uploads itself), so the process creates everything
// private (umask 077), and folders left readable by an earlier version are closed at start. PGlite writes
// its files 0666 whatever the umask (its emscripten file system): its 0700 folder is what keeps them private.
import { chmodSync, existsSync } from "node:fs";
import type { Config } from "./env.js";

export function keepDataPrivate(config: Pick<Config, "dataDir" | "mediaDir" | "uploadDir">): void {
  process.umask(0o077);
  for (const dir of [config.dataDir, config.mediaDir, config.uploadDir]) {
    if (dir && existsSync(dir)) chmodSync(dir, 0o700);
  }
}
