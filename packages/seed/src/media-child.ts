// Runs in the child process writeCatalogMediaInChild forks (media-process.ts): writes the seed catalog's media
// into the folder given as its argument, the songs the parent forwards first, tells the parent each clip
// written, then exits, giving the render buffers' memory back to the system.
import { catalog } from "./catalog.js";
import { ClipRequests } from "./clip-requests.js";
import { writeCatalogMedia } from "./media.js";
import type { FromMediaChild, ToMediaChild } from "./media-process.js";

/**
 * Songs rendered at once. One, on this process's main thread (it has nothing else to do): the child's peak
 * stays at one song's buffers (a worker thread per song would add its own heap and malloc arena); the
 * listener's song still goes next, as the messages are read between two songs.
 */
const RENDER_THREADS = 1;

const channel = process.send?.bind(process);
const mediaDir = process.argv[2];
if (!channel || !mediaDir) throw new Error("media-child: run by writeCatalogMediaInChild (a forked child)");

/** Resolves once the message is written to the channel (so that exiting after it does not lose it). */
const tell = (message: FromMediaChild) =>
  new Promise<void>((resolve) => channel(message, undefined, undefined, () => resolve()));

class ForwardedRequests extends ClipRequests {
  override written(slug: string): void {
    super.written(slug);
    void tell({ type: "written", slug });
  }
}
const requests = new ForwardedRequests();
process.on("message", (message: ToMediaChild) => {
  if (message.type === "ask") void requests.whenWritten(message.slug);
});
// The parent has gone (stopped, crashed): nobody is waiting for these media.
process.on("disconnect", () => process.exit(1));
await tell({ type: "ready" });

try {
  await writeCatalogMedia(mediaDir, catalog, { requests, workers: RENDER_THREADS });
  await tell({ type: "done" });
  process.exit(0);
} catch (error) {
  await tell({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
