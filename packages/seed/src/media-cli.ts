// pnpm --filter @purplebeats/seed media: writes the catalog's media only (audio clips, covers, artist
// images) into MEDIA_DIR, without a database: what a suite does before it starts apps that write them late.
import { DEFAULT_MEDIA_DIR } from "@purplebeats/db/paths";
import { catalog } from "./catalog.js";
import { writeCatalogMedia } from "./media.js";

const mediaDir = process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR;
const report = await writeCatalogMedia(mediaDir, catalog, { log: (message) => console.log(message) });
console.log(`Seed media in ${mediaDir}: ${report.written} file(s) written`);
