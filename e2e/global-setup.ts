// Once per run, before any worker: the seed catalog's media, then the app the journeys share.
// The media (audio clips, covers) is written first, so that no journey meets a seed song whose audio is not
// there yet; a second run finds it and only hashes (the renditions are encoded by the first app, in the
// background, and a song plays its clip meanwhile). The seed's own command, since its modules need tsx.
// The shared app starts once here rather than in each worker: starting it costs seconds of CPU, and a
// worker that restarts (after a file with an app of its own) would otherwise start it again.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startApp } from "./src/app-process.js";
import { SHARED_ADMIN_UID, SHARED_APP_URL_VARIABLE } from "./src/shared-app.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default async function setup() {
  execFileSync(process.execPath, ["--import", "tsx", "src/media-cli.ts"], {
    cwd: path.join(repoRoot, "packages/seed"),
    stdio: "inherit",
  });
  // One admin uid, so that a journey needing an admin (answering support) can share the app too.
  const app = await startApp({ ADMIN_UIDS: SHARED_ADMIN_UID });
  process.env[SHARED_APP_URL_VARIABLE] = app.url;
  // The runner calls what the setup returns as the run's teardown.
  return () => app.stop();
}
