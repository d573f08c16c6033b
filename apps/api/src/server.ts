import { mkdir } from "node:fs/promises";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { registerTrpcBatchLimits } from "./web/http/trpc-batch-limits.js";
import { registerBodyDeadline } from "./web/http/body-deadline.js";
import { appRouter, type AppRouter, type Services } from "@purplebeats/contracts";
import { openDatabase, type Database } from "@purplebeats/db";
import { ClipRequests, seedCatalog } from "@purplebeats/seed";
import type { Config } from "./config/env.js";
import { configSummary } from "./config/config-summary.js";
import { Redis } from "ioredis";
import { createContextFactory } from "./web/context.js";
import { createCatalogService } from "./domain/catalog/catalog.js";
import { closeBitmapConnections } from "./domain/search/search-bitmaps.js";
import { createAccountService } from "./domain/accounts/accounts.js";
import { createProfileService } from "./domain/accounts/profiles.js";
import { createAdminService } from "./domain/accounts/admin.js";
import { createAdminTokenService } from "./domain/accounts/admin-tokens.js";
import { createMembershipService } from "./domain/payments/memberships.js";
import { createPaymentService } from "./domain/payments/payments.js";
import {
  createLibraryPlaylistService,
  createLikedPlaylistService,
  createLikedSongService,
} from "./domain/likes.js";
import { createPlaylistService } from "./domain/playlists/playlists.js";
import { startReconciliation } from "./domain/payments/reconciliation.js";
import { createUploadStore, FILE_TOO_LARGE_MESSAGE, UPLOAD_PATH } from "./domain/uploads/uploads.js";
import { openObjectStorage, uploadOrigins } from "./infra/storage/object-storage.js";
import { createPgSessionStore, createRedisSessionStore } from "./infra/session-store.js";
import { createPgRateLimits, createRedisRateLimits } from "./infra/rate-limits.js";
import { connectPi } from "./web/http/pi-connection.js";
import { registerHostCheck } from "./web/http/host-check.js";
import { createUploadSweeper, type UploadSweeper } from "./domain/uploads/upload-sweeper.js";
import { isLoopbackHost } from "./infra/lib/loopback.js";
import { underStartupLock } from "./infra/startup-lock.js";
import { registerCatalogSync } from "./infra/cache/catalog-sync.js";
import { registerRestRoutes, type RestCaches } from "./web/rest/register.js";
import { UrlCache } from "./web/rest/url-cache.js";
import { restRoutes } from "./web/rest/routes.js";
import { catalogWriteRule, registerCatalogWrites } from "./web/rest/catalog-writes.js";
import { CLOSING_OPTIONS, registerShutdown } from "./web/http/shutdown.js";
import { registerSessionLayer } from "./web/http/session.js";
import { registerObjects } from "./web/http/objects.js";
import { registerSecurityHeaders, securityHeaders } from "./web/http/security-headers.js";
import { registerTrpcMethods, trackRouteMethods } from "./web/http/route-methods.js";
import { registerCachePolicy } from "./web/http/cache-policy.js";
import { registerPiPortal } from "./web/http/pi-portal.js";
import { handlingRoute } from "./web/http/route-path.js";
import { JSON_ONLY_MESSAGE, registerJsonBodies } from "./web/http/json-bodies.js";
import { requestLogSerializer } from "./web/http/log-redaction.js";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, withUnavailability } from "./web/http/unavailable.js";
import { buildOpenApi } from "./web/rest/openapi.js";
import { describeError, errorBody } from "./web/http/errors.js";
import { registerMedia, sizedPicturesDir } from "./web/http/media.js";
import { registerWebApp, type RendererWarmUp } from "./web/pages/web-app.js";
import { openGraphOf } from "./web/pages/open-graph.js";
import { registerStream, STREAM_OPENAPI } from "./web/http/stream.js";
import { registerOperatorRoutes } from "./web/http/operator.js";
import { createMediaService } from "./domain/catalog/media.js";
import { CatalogCaches, type CatalogChange } from "./infra/cache/catalog-cache.js";
import { bucketMediaStore, diskMediaStore } from "./infra/storage/media-store.js";
import { startLibrary, type LibraryService } from "./domain/library/library-service.js";
import { libraryReader } from "./domain/library/reader.js";
import { createLibraryUploads, sourceFetcher } from "./domain/library/library-uploads.js";
import { registerLibraryUploads } from "./web/http/library-uploads.js";
import { createCatalogAdmin } from "./domain/catalog/catalog-admin.js";
import { createEditorialPlaylists } from "./domain/playlists/editorial-playlists.js";
import { seedClipWaiter, storeSeedMedia } from "./domain/library/seed-renditions.js";
import { registerMetrics } from "./web/metrics/metrics.js";

/** Where a reverse proxy in front of the API lives (proxy-addr's names for those ranges). */
export const TRUSTED_PROXIES = "loopback,linklocal,uniquelocal";

export interface PurpleBeatsServer {
  app: FastifyInstance;
  db: Database;
  services: Services;
  /** This server's own caches (docs/ARCHITECTURE.md section 4): no other server in the process sees them. */
  caches: RestCaches;
  /** One sweep of unused uploads now (the periodic one runs on its own; see upload-sweeper.ts). */
  sweepUploads: UploadSweeper["sweepOnce"];
  /** Listens on config.port (0 picks a free one) and answers the base URL. */
  start(): Promise<string>;
  /** What the server renderer's start-up render took (after start; null when pages are rendered in the browser only). */
  rendererWarmUp: RendererWarmUp | null;
  /** Settles once the seed's renditions are stored (or could not be) after start; resolved before start. */
  seedMedia: Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole API: database (migrated and seeded), services, tRPC, REST shim, media and web app. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<PurpleBeatsServer> {
  const db =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Uploads on local disk, or in an S3-compatible bucket when configured (the browser PUTs there).
  const storage = openObjectStorage(config);
  // Renditions and covers: MEDIA_DIR, or the bucket, so that every instance serves the same catalog.
  const mediaStore =
    storage.kind === "s3" ? bucketMediaStore(storage.client) : diskMediaStore(config.mediaDir);
  // Uploaded pictures at the app's widths, kept on this instance beside the catalog's (web/http/media.ts).
  const sizedObjectsDir = path.join(sizedPicturesDir(config.mediaDir), "objects");
  // Instances starting together on one database take turns (the first migrates and seeds).
  await underStartupLock(db, async () => {
    await db.dataSource.runMigrations({ transaction: "each" });
    // The rows only: the media are written once the server listens (see start).
    if (config.seed) await seedCatalog(db.dataSource, { mediaDir: config.mediaDir, mediaLater: true });
  });

  // Every response carries them, also those Fastify sends before any hook runs (a path it cannot decode).
  const withSecurityHeaders = securityHeaders(uploadOrigins(storage));
  const app = Fastify({
    // Structured logs with a request id; cookies and credentials never reach them.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              "req.headers.cookie",
              "req.headers.authorization",
              'res.headers["set-cookie"]',
              "accessToken",
            ],
            serializers: { req: requestLogSerializer },
          },
    // Not `true`, which believes the left-most X-Forwarded-For entry, written by the client: trust only
    // proxies on loopback and private addresses, so the client is the last address they appended.
    trustProxy: config.trustProxy ? TRUSTED_PROXIES : false,
    bodyLimit: 1024 * 1024,
    // Headers and body must have arrived within this (body-deadline.ts enforces it for the body).
    requestTimeout: config.requestTimeoutMs,
    routerOptions: { maxParamLength: 500 },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ...CLOSING_OPTIONS,
    // A path the router cannot decode (`/api/%`): our JSON error and headers, like every other response.
    frameworkErrors: (error, request, reply) => {
      withSecurityHeaders(request, reply);
      const status: 400 | 414 = error.statusCode === 414 ? 414 : 400;
      const message =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? "A part of the path is too long"
          : "The path is not valid (broken percent-encoding)";
      void (reply as FastifyReply).code(status).send(errorBody(status, message));
    },
  });
  const routeMethods = trackRouteMethods(app);

  // What this server runs with, in one line of its log (secrets masked), for whoever reads it at start.
  app.log.info(configSummary(config));

  app.setErrorHandler((error, request, reply) => {
    if (
      (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE" &&
      handlingRoute(request)?.startsWith(UPLOAD_PATH)
    ) {
      return reply.code(413).send(errorBody(413, FILE_TOO_LARGE_MESSAGE));
    }
    if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send(errorBody(415, JSON_ONLY_MESSAGE));
    }
    const known = describeError(error);
    if (known) return reply.code(known.status).send(known.body);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, (error as Error).message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("Retry-After", "5").send(errorBody(503, UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorBody(500, "Something went wrong on our side. Please try again."));
  });
  app.setNotFoundHandler((request, reply) => {
    const allowed = routeMethods.allowed(request.url);
    // A route of this method that found nothing (a missing file under /media) is a 404, not a 405.
    if (allowed.length > 0 && !allowed.includes(request.method))
      return reply
        .code(405)
        .header("Allow", allowed.join(", "))
        .send(errorBody(405, `${request.method} is not allowed here; use ${allowed.join(" or ")}`));
    return reply
      .code(404)
      .send(errorBody(404, `No such path: ${request.method} ${request.url.split("?")[0]}`));
  });

  registerHostCheck(app, config);
  registerSecurityHeaders(app, withSecurityHeaders);
  registerCachePolicy(app);
  registerJsonBodies(app);
  const shutdown = registerShutdown(app);
  // Responses up to 64 KB (a search page is ~14) are compressed on the event loop in one call: on the
  // 2-core machines the API runs on, the compression stream's hand-off to libuv's thread pool made each
  // such response wait one more turn of a loop busy with other requests (+8 ms p50 for search while
  // 50 connections read hot pages; BENCHMARKS.md, issue 16).
  await app.register(fastifyCompress, { threshold: 1024, syncThreshold: 65_536 });
  await app.register(fastifyCookie);

  // Shared state lives in PostgreSQL, or Redis when configured, so several instances can serve one product.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const piConnection = await connectPi(app, config);
  const uploads = createUploadStore(db.dataSource, storage, config.uploadBudgets);
  const memberships = createMembershipService(db.dataSource);
  // Started once the catalog sync exists (below); the media service asks for it when an admin scans.
  const libraryRef: { current?: LibraryService } = {};
  const libraryUploads = createLibraryUploads({
    dataSource: db.dataSource,
    storage,
    library: () => libraryRef.current,
  });
  // Every cache of this server is made here and handed to what uses it (docs/ARCHITECTURE.md section 4).
  const caches: RestCaches = { catalog: new CatalogCaches(), byUrl: new UrlCache() };
  // Set once the catalog sync exists (below): admins' edits drop cached catalog responses everywhere.
  const catalogChanged = {
    notify: (change: CatalogChange = { songs: true }) => caches.catalog.changed(change),
  };
  const catalogAdmin = createCatalogAdmin(db.dataSource, uploads, () => catalogChanged.notify());
  // A database outage answers 503 (UNAVAILABLE_MESSAGE) from every service, REST and tRPC alike.
  const services: Services = withUnavailability({
    catalog: createCatalogService(db.dataSource, caches.catalog, config.plays),
    media: createMediaService({
      dataSource: db.dataSource,
      store: mediaStore,
      memberships,
      mediaDir: config.mediaDir,
      library: () => libraryRef.current,
      musicRoots: config.musicRoots,
    }),
    accounts: createAccountService(db.dataSource, { pi: piConnection.pi, adminUids: config.adminUids }),
    profiles: createProfileService(db.dataSource, uploads),
    uploads,
    admin: createAdminService(db.dataSource, config.adminUids),
    adminTokens: createAdminTokenService(db.dataSource, config.adminUids),
    libraryAdmin: {
      uploadGrant: (userId, origin) => libraryUploads.grant(userId, origin),
      ingestUpload: (userId, input) => libraryUploads.ingest(userId, input),
      ...catalogAdmin,
      ...createEditorialPlaylists(db.dataSource, uploads, (change) => catalogChanged.notify(change)),
    },
    rateLimits: redis
      ? createRedisRateLimits(redis, config.rateLimits)
      : createPgRateLimits(db.dataSource, config.rateLimits),
    memberships,
    payments: createPaymentService(db.dataSource, piConnection.pi, memberships),
    // Your music
    likedSongs: createLikedSongService(db.dataSource),
    likedPlaylists: createLikedPlaylistService(db.dataSource),
    libraryPlaylists: createLibraryPlaylistService(db.dataSource),
    playlists: createPlaylistService(db.dataSource, uploads, caches.catalog),
  });
  registerMetrics(app, { settings: config.metrics, db, services, caches });
  const sessions = registerSessionLayer(app, {
    store: redis ? createRedisSessionStore(redis) : createPgSessionStore(db.dataSource),
    db: db.dataSource,
    adminUids: config.adminUids,
    production: config.nodeEnv === "production",
  });
  const createContext = createContextFactory(services, sessions.sessionControl);
  const routes = [...restRoutes];

  registerBodyDeadline(app, config.requestTimeoutMs);
  registerTrpcMethods(app, appRouter);
  registerTrpcBatchLimits(app);
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(req, res),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, path }, "procedure failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  registerRestRoutes(app, routes, createContext, caches);
  const isCatalogWrite = catalogWriteRule(routes);
  registerCatalogWrites(app, isCatalogWrite, caches.catalog);
  // A first start writes the seed's clips after listening: a song asked for meanwhile is written next.
  const seedClips = config.seed ? new ClipRequests() : null;
  registerStream(app, createContext, seedClips ? seedClipWaiter(config.mediaDir, seedClips) : undefined);
  // The embedded database on disk: `pnpm catalog:scan` asks this server (it cannot open PGlite too).
  if (db.kind === "pglite" && !config.dataDir.startsWith("memory://"))
    await registerOperatorRoutes(app, config.dataDir, services.media);
  const catalogSync = registerCatalogSync(app, db, caches.catalog, isCatalogWrite);
  catalogChanged.notify = (change: CatalogChange = { songs: true }) => {
    caches.catalog.changed(change);
    void catalogSync?.announce().catch(() => {});
  };
  // The ingestion pipeline's queue (pg-boss, in the database): encodes and scans run in every instance.
  const library = await startLibrary({
    dataSource: db.dataSource,
    store: mediaStore,
    reader: libraryReader({ followLinksOut: config.musicFollowSymlinks }),
    log: app.log,
    onCatalogChanged: () => catalogChanged.notify(),
    localSource: sourceFetcher(storage),
  });
  libraryRef.current = library;
  const builtOpenApi = buildOpenApi(routes);
  const openApi = { ...builtOpenApi, paths: { ...builtOpenApi.paths, ...STREAM_OPENAPI } };
  app.get("/api/openapi.json", async () => openApi);
  app.get("/healthz", async () => ({ status: "ok" }));
  // Ready once started (the page renderer warmed up) and while the database answers: a load balancer
  // sends no traffic before or meanwhile.
  let started = false;
  app.get("/readyz", async (_request, reply) => {
    if (!started) return reply.code(503).send({ status: "starting", message: "PurpleBeats is starting" });
    try {
      await db.dataSource.query("SELECT 1");
      return { status: "ready" };
    } catch {
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });

  // A first start writes the seed's media only after listening: the folder served must exist before.
  await mkdir(config.mediaDir, { recursive: true });
  await registerMedia(app, config.mediaDir, mediaStore);
  await registerObjects(app, uploads, storage, sizedObjectsDir);
  await registerLibraryUploads(app, libraryUploads);
  const webApp = await registerWebApp(
    app,
    config.webDist,
    caches.catalog,
    config.pageRendering,
    config.pi.sandbox ? "sandbox" : "mainnet",
    (pathname) => openGraphOf(services.catalog, pathname),
  );
  registerPiPortal(app, config.pi.validationKey);

  const uploadSweeper = createUploadSweeper(
    db.dataSource,
    storage,
    config.uploadSweep.graceSeconds,
    sizedObjectsDir,
  );
  const stoppingSeedMedia = new AbortController();
  let stopReconciliation = () => {};
  let stopSweeping = () => {};
  const server: PurpleBeatsServer = {
    rendererWarmUp: null,
    app,
    db,
    services,
    caches,
    sweepUploads: () => uploadSweeper.sweepOnce(),
    seedMedia: Promise.resolve(),
    async start() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      piConnection.onListening(port);
      if (config.pi.simulatorPublic && !isLoopbackHost(config.host))
        app.log.warn(
          `The Pi simulator is open to the network (HOST=${config.host}, PI_SIMULATOR_PUBLIC=1): anyone who reaches this port can sign in as any Pi user, admins included, and get Premium free. Only for trying PurpleBeats out.`,
        );
      // MUSIC_DIR is scanned in the background: the server answers (and /readyz says ready) meanwhile.
      if (config.musicRoots.length > 0)
        library
          ?.startScan(config.musicRoots)
          .catch((error: unknown) => app.log.error({ err: error }, "library scan did not start"));
      // The first page render pays the renderer's cold start: here, not on a visitor's time.
      server.rendererWarmUp = (await webApp?.warmUp()) ?? null;
      // After listening: on an empty MEDIA_DIR, synthesising the seed's clips and encoding their renditions
      // takes minutes (147 s for the renditions alone on the benchmark database). A song asked for before
      // its clip is written is synthesised next (the stream waits for it); until its rendition is stored, the
      // song plays the clip itself.
      if (config.seed)
        server.seedMedia = storeSeedMedia(db.dataSource, config.mediaDir, mediaStore, {
          renditions: config.seedRenditions,
          signal: stoppingSeedMedia.signal,
          requests: seedClips ?? undefined,
        }).then(
          () => catalogChanged.notify(),
          (error: unknown) => {
            // A bucket that does not answer must not keep the API down: they are stored at the next start.
            if (!stoppingSeedMedia.signal.aborted)
              app.log.warn({ err: error }, "the seed's media were not stored: trying again at next start");
          },
        );
      started = true;
      if (config.reconcileIntervalMs > 0)
        stopReconciliation = startReconciliation(services.payments, config.reconcileIntervalMs, app.log);
      if (config.uploadSweep.intervalMs > 0)
        stopSweeping = uploadSweeper.start(config.uploadSweep.intervalMs, app.log);
      const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
      return `http://${host}:${port}`;
    },
    async stop() {
      stopReconciliation();
      stopSweeping();
      shutdown.begin();
      stoppingSeedMedia.abort();
      await app.close();
      await server.seedMedia;
      await library.stop();
      await catalogSync?.stop();
      redis?.disconnect();
      await closeBitmapConnections(db.dataSource);
      await db.close();
    },
  };
  return server;
}
