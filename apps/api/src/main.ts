import "reflect-metadata";
import { assertServerConfig, loadConfig, publishNodeEnv, type Config } from "./config/env.js";
import { createServer } from "./server.js";
import { keepDataPrivate } from "./config/private-files.js";

let config: Config;
try {
  config = loadConfig();
  assertServerConfig(config);
} catch (error) {
  // A setting to fix, in one line: no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// The page renderer's React is always its production build (fixed when apps/web builds the renderer).
publishNodeEnv(config);
keepDataPrivate(config);
const server = await createServer(config);
const url = await server.start();
const renderer = server.rendererWarmUp;
console.log(
  `PurpleBeats is running at ${url}` +
    (renderer
      ? ` (server renderer loaded in ${renderer.loadedMs} ms, first page server-rendered in ${renderer.firstRenderMs} ms)`
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
