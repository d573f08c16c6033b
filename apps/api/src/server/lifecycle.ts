// Starting and stopping a built server. Start listens first, then runs the background work (the seed's media,
// the music scan, reconciliation, the upload sweep); stop ends that work, then the connections (promptly:
// web/http/shutdown.ts), then the database.
import type { Notifier } from "../domain/inbox/notifier.js";
import type { FastifyInstance } from "fastify";
import type { Services } from "@purplebeats/contracts";
import type { Database } from "@purplebeats/db";
import type { Config } from "../config/env.js";
import { startReconciliation } from "../domain/payments/reconciliation.js";
import type { UploadSweeper } from "../domain/uploads/upload-sweeper.js";
import { storeSeedMedia } from "../domain/library/seed-renditions.js";
import type { LibraryService } from "../domain/library/library-service.js";
import { isLoopbackHost } from "../infra/lib/loopback.js";
import type { PiConnection } from "../web/http/pi-connection.js";
import type { RestCaches } from "../web/rest/register.js";
import type { RendererWarmUp } from "../web/pages/web-app.js";
import type { HttpApp } from "./http-app.js";
import type { ServerServices } from "./services.js";

export interface PurpleBeatsServer {
  app: FastifyInstance;
  db: Database;
  services: Services;
  /** This server's own caches (docs/ARCHITECTURE.md section 4): no other server in the process sees them. */
  caches: RestCaches;
  /** One sweep of unused uploads now (the periodic one runs on its own; see upload-sweeper.ts). */
  sweepUploads: UploadSweeper["sweepOnce"];
  /** Listeners' notifications and their Pi copies (tests wait for those and run the inbox's jobs on it). */
  notifier: Notifier;
  /** Pays unfinished artist payouts now (they also run at start, after each request and periodically). */
  runPayouts(): Promise<void>;
  /** Queues the premium share's split of a month on the job queue (as the monthly schedule does). */
  queuePremiumShare(month: string): Promise<void>;
  /** Listens on config.port (0 picks a free one) and answers the base URL. */
  start(): Promise<string>;
  /** What the server renderer's start-up render took (after start; null when pages are rendered in the browser only). */
  rendererWarmUp: RendererWarmUp | null;
  /** Settles once the seed's renditions are stored (or could not be) after start; resolved before start. */
  seedMedia: Promise<void>;
  stop(): Promise<void>;
}

/** What a built server is made of: its database, its services, its HTTP app, its Pi Platform client. */
export interface ServerParts {
  config: Config;
  db: Database;
  services: ServerServices;
  http: HttpApp;
  library: LibraryService;
  pi: PiConnection;
}

/** The server that starts (listens, then runs its background work) and stops (that work, then its connections). */
export function startableServer({ config, db, services, http, library, pi }: ServerParts): PurpleBeatsServer {
  const { app, webApp, shutdown, readiness } = http;
  const stoppingSeedMedia = new AbortController();
  let stopReconciliation = () => {};
  let stopSweeping = () => {};
  let stopPayouts = () => {};
  const server: PurpleBeatsServer = {
    rendererWarmUp: null,
    app,
    db,
    services: services.services,
    caches: services.caches,
    sweepUploads: () => services.uploadSweeper.sweepOnce(),
    runPayouts: () => services.payouts.run(),
    async queuePremiumShare(month) {
      const jobs = services.premiumShareJobs();
      if (!jobs) throw new Error("The job queue has not started");
      await jobs.queue(month);
    },
    notifier: services.notifier,
    seedMedia: Promise.resolve(),
    async start() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      pi.onListening(port);
      if (config.pi.simulatorPublic && !isLoopbackHost(config.host))
        app.log.warn(
          `The Pi simulator is open to the network (HOST=${config.host}, PI_SIMULATOR_PUBLIC=1): anyone who reaches this port can sign in as any Pi user, admins included, and get Premium free. Only for trying PurpleBeats out.`,
        );
      // MUSIC_DIR is scanned in the background: the server answers (and /readyz says ready) meanwhile.
      if (config.musicRoots.length > 0)
        library
          .startScan(config.musicRoots)
          .catch((error: unknown) => app.log.error({ err: error }, "library scan did not start"));
      // The first page render pays the renderer's cold start: here, not on a visitor's time.
      server.rendererWarmUp = (await webApp?.warmUp()) ?? null;
      // After listening: on an empty MEDIA_DIR, synthesising the seed's clips and encoding their renditions
      // takes minutes (147 s for the renditions alone on the benchmark database). A song asked for before
      // its clip is written is synthesised next (the stream waits for it); until its rendition is stored, the
      // song plays the clip itself.
      if (config.seed)
        server.seedMedia = storeSeedMedia(db.dataSource, config.mediaDir, services.mediaStore, {
          renditions: config.seedRenditions,
          signal: stoppingSeedMedia.signal,
          requests: services.seedClips ?? undefined,
        }).then(
          () => services.catalogChanges.notify(),
          (error: unknown) => {
            // A bucket that does not answer must not keep the API down: they are stored at the next start.
            if (!stoppingSeedMedia.signal.aborted)
              app.log.warn({ err: error }, "the seed's media were not stored: trying again at next start");
          },
        );
      readiness.started = true;
      if (config.reconcileIntervalMs > 0)
        stopReconciliation = startReconciliation(
          services.services.payments,
          config.reconcileIntervalMs,
          app.log,
        );
      if (config.artists.payouts) {
        // Whatever a stop or crash left unfinished resumes now, then with the reconciliation's rhythm.
        const payOut = () =>
          void services.payouts.run().catch((err: unknown) => app.log.warn({ err }, "artist payouts failed"));
        payOut();
        if (config.reconcileIntervalMs > 0) {
          const timer = setInterval(payOut, config.reconcileIntervalMs);
          timer.unref();
          stopPayouts = () => clearInterval(timer);
        }
      }
      if (config.uploadSweep.intervalMs > 0)
        stopSweeping = services.uploadSweeper.start(config.uploadSweep.intervalMs, app.log);
      const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
      return `http://${host}:${port}`;
    },
    async stop() {
      stopReconciliation();
      stopPayouts();
      stopSweeping();
      shutdown.begin();
      stoppingSeedMedia.abort();
      await app.close();
      await server.seedMedia;
      await services.close();
      await db.close();
    },
  };
  return server;
}
