// Writes the catalog's media once before any suite starts a server, so parallel suites do not
// each synthesise the audio of a fresh clone (it takes a couple of minutes the first time), and
// encodes the seed's renditions once per media folder (content-addressed: later runs only hash).
import { DEFAULT_MEDIA_DIR, catalog, writeCatalogMedia } from "@purplebeats/seed";
import { seedRenditionFiles } from "../src/domain/library/seed-renditions.js";

export default async function setup() {
  const mediaDir = process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR;
  await writeCatalogMedia(mediaDir, catalog, { log: (m) => console.log(m) });
  const started = performance.now();
  await seedRenditionFiles(mediaDir);
  console.log(`Seed renditions ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
