import "reflect-metadata";
import { loadConfig } from "./env.js";
import { createServer } from "./server.js";

const config = loadConfig();
const server = await createServer(config);
const url = await server.start();
const renderer = server.rendererWarmUp;
console.log(
  `PurpleBeats is running at ${url}` +
    (renderer
      ? ` (server renderer loaded in ${renderer.loadedMs} ms, first page drawn in ${renderer.firstRenderMs} ms)`
      : ""),
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Fastify's close waits for in-flight requests before the database goes.
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
