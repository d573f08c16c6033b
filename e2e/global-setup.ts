// Once per run: the seed catalog's media (audio clips, covers), which the app writes only after it starts
// listening. Written here first, so that no journey meets a seed song whose audio is not there yet; a
// second run finds them and only hashes (the renditions are encoded by the first app, in the background,
// and a song plays its clip meanwhile). The seed's own command, since its modules need tsx to load.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default function setup() {
  execFileSync(process.execPath, ["--import", "tsx", "src/media-cli.ts"], {
    cwd: path.join(repoRoot, "packages/seed"),
    stdio: "inherit",
  });
}
