// The composition root: `createServer(config)` opens the database, composes the services (server/services.ts),
// builds the web host on them (server/http-app.ts) and answers the server that starts and stops
// (server/lifecycle.ts). main.ts and the tests call it alike.
import { openDatabase, type Database } from "@purplebeats/db";
import { seedCatalog } from "@purplebeats/seed";
import type { Config } from "./config/env.js";
import { underStartupLock } from "./infra/startup-lock.js";
import { createPiConnection } from "./web/http/pi-connection.js";
import { createServices } from "./server/services.js";
import { createHttpApp } from "./server/http-app.js";
import { startableServer, type PurpleBeatsServer } from "./server/lifecycle.js";

export type { PurpleBeatsServer } from "./server/lifecycle.js";

export interface ServerOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole API: database (migrated and seeded), services, tRPC, REST shim, media and web app. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<PurpleBeatsServer> {
  const db =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Instances starting together on one database take turns (the first migrates and seeds).
  await underStartupLock(db, async () => {
    await db.dataSource.runMigrations({ transaction: "each" });
    // The rows only: the media are written once the server listens (see server/lifecycle.ts).
    if (config.seed) await seedCatalog(db.dataSource, { mediaDir: config.mediaDir, mediaLater: true });
  });
  const pi = createPiConnection(config);
  const services = createServices(config, db, pi.pi, pi.payer);
  const http = await createHttpApp(services, config, { db, logger: options.logger !== false });
  const library = await services.startLibrary(http.app.log);
  return startableServer({ config, db, services, http, library, pi });
}
