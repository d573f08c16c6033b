// Once per run: the seed catalog's media (audio clips, covers), which the app writes only after it starts
// listening. Written here first, so that no journey meets a seed song whose audio is not there yet; a
// second run finds them and only hashes (the renditions are encoded by the first app, in the background,
// and a song plays its clip meanwhile).
import { DEFAULT_MEDIA_DIR, catalog, writeCatalogMedia } from "@purplebeats/seed";

export default async function setup() {
  await writeCatalogMedia(process.env.MEDIA_DIR ?? DEFAULT_MEDIA_DIR, catalog, {
    log: (m) => console.log(m),
  });
}
