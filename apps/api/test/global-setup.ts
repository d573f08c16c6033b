// Writes the catalog's media once before any suite starts a server, so parallel suites do not
// each synthesise the audio of a fresh clone (it takes a couple of minutes the first time).
import { DEFAULT_MEDIA_DIR, catalog, writeCatalogMedia } from "@purplebeats/db/seed";

export default async function setup() {
  await writeCatalogMedia(process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR, catalog, {
    log: (m) => console.log(m),
  });
}
