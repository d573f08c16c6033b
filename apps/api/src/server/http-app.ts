// The web host of one server: Fastify with its options and plugins, tRPC, the REST shim, media and the web
// app's pages, over the services of server/services.ts.
import { mkdir } from "node:fs/promises";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { appRouter, type AppRouter } from "@purplebeats/contracts";
import type { Database } from "@purplebeats/db";
import type { Config } from "../config/env.js";
import { configSummary } from "../config/config-summary.js";
import { uploadOrigins } from "../infra/storage/object-storage.js";
import { registerCatalogSync } from "../infra/cache/catalog-sync.js";
import { seedClipWaiter } from "../domain/library/seed-renditions.js";
import { createContextFactory } from "../web/context.js";
import { registerTrpcBatchLimits } from "../web/http/trpc-batch-limits.js";
import { registerBodyDeadline } from "../web/http/body-deadline.js";
import { registerPiSdk } from "../web/http/pi-connection.js";
import { registerHostCheck } from "../web/http/host-check.js";
import { registerSessionLayer } from "../web/http/session.js";
import { registerObjects } from "../web/http/objects.js";
import { registerSecurityHeaders, securityHeaders } from "../web/http/security-headers.js";
import { registerTrpcMethods, trackRouteMethods } from "../web/http/route-methods.js";
import { registerCachePolicy } from "../web/http/cache-policy.js";
import { registerPiPortal } from "../web/http/pi-portal.js";
import { registerJsonBodies } from "../web/http/json-bodies.js";
import { requestLogSerializer } from "../web/http/log-redaction.js";
import { errorBody } from "../web/http/errors.js";
import { registerErrorReplies } from "../web/http/error-replies.js";
import { registerMedia } from "../web/http/media.js";
import { registerStream, STREAM_OPENAPI } from "../web/http/stream.js";
import { registerOperatorRoutes } from "../web/http/operator.js";
import { registerLibraryUploads } from "../web/http/library-uploads.js";
import { CLOSING_OPTIONS, registerShutdown, type Shutdown } from "../web/http/shutdown.js";
import { registerRestRoutes } from "../web/rest/register.js";
import { restRoutes } from "../web/rest/routes.js";
import { catalogWriteRule, registerCatalogWrites } from "../web/rest/catalog-writes.js";
import { buildOpenApi } from "../web/rest/openapi.js";
import { registerWebApp, type WebApp } from "../web/pages/web-app.js";
import { openGraphOf } from "../web/pages/open-graph.js";
import { registerMetrics } from "../web/metrics/metrics.js";
import type { ServerServices } from "./services.js";

/** Where a reverse proxy in front of the API lives (proxy-addr's names for those ranges). */
export const TRUSTED_PROXIES = "loopback,linklocal,uniquelocal";

export interface HttpApp {
  app: FastifyInstance;
  /** The web app's pages (null when the web build is not there). */
  webApp: WebApp | null;
  /** Ends connections promptly when the server stops (web/http/shutdown.ts). */
  shutdown: Shutdown;
  /** /readyz answers ready once this is set (after start) and while the database answers. */
  readiness: { started: boolean };
}

/** The Fastify instance with its options: logs, proxies, limits and the replies to paths it cannot route. */
function createFastify(config: Config, logger: boolean, services: ServerServices) {
  // Every response carries them, also those Fastify sends before any hook runs (a path it cannot decode).
  const withSecurityHeaders = securityHeaders(uploadOrigins(services.storage));
  const app = Fastify({
    // Structured logs with a request id; cookies and credentials never reach them.
    logger: !logger
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
  return { app, withSecurityHeaders };
}

/**
 * The web host of one server: Fastify with its plugins, tRPC, the REST shim, media and the web app's pages.
 * Hooks run in the order they are registered here (the shutdown's onSend before compression's, for one).
 */
export async function createHttpApp(
  services: ServerServices,
  config: Config,
  { db, logger = true }: { db: Database; logger?: boolean },
): Promise<HttpApp> {
  const { app, withSecurityHeaders } = createFastify(config, logger, services);
  const routeMethods = trackRouteMethods(app);
  // What this server runs with, in one line of its log (secrets masked), for whoever reads it at start.
  app.log.info(configSummary(config));
  registerErrorReplies(app, routeMethods);
  registerHostCheck(app, config);
  registerSecurityHeaders(app, withSecurityHeaders);
  registerCachePolicy(app);
  registerJsonBodies(app);
  const shutdown = registerShutdown(app);
  // Responses up to 64 KB (a search page is ~14) are compressed on the event loop in one call: on the
  // 2-core machines the API runs on, the compression stream's hand-off to libuv's thread pool made each
  // such response wait one more turn of a loop busy with other requests (+8 ms p50 for search while
  // 50 connections read hot pages; BENCHMARKS.md).
  await app.register(fastifyCompress, { threshold: 1024, syncThreshold: 65_536 });
  await app.register(fastifyCookie);
  await registerPiSdk(app, config);

  const { services: procedures, caches } = services;
  registerMetrics(app, { settings: config.metrics, db, services: procedures, caches });
  const sessions = registerSessionLayer(app, {
    store: services.sessionStore,
    db: db.dataSource,
    adminUids: config.adminUids,
    production: config.nodeEnv === "production",
  });
  const createContext = createContextFactory(procedures, sessions.sessionControl);
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
  const { seedClips } = services;
  registerStream(app, createContext, seedClips ? seedClipWaiter(config.mediaDir, seedClips) : undefined);
  // The embedded database on disk: `pnpm catalog:scan` asks this server (it cannot open PGlite too).
  if (db.kind === "pglite" && !config.dataDir.startsWith("memory://"))
    await registerOperatorRoutes(app, config.dataDir, procedures.media);
  services.catalogChanges.sync = registerCatalogSync(app, db, caches.catalog, isCatalogWrite);
  const builtOpenApi = buildOpenApi(routes);
  const openApi = { ...builtOpenApi, paths: { ...builtOpenApi.paths, ...STREAM_OPENAPI } };
  app.get("/api/openapi.json", async () => openApi);
  app.get("/healthz", async () => ({ status: "ok" }));
  // Ready once started (the page renderer warmed up) and while the database answers: a load balancer
  // sends no traffic before or meanwhile.
  const readiness = { started: false };
  app.get("/readyz", async (_request, reply) => {
    if (!readiness.started)
      return reply.code(503).send({ status: "starting", message: "PurpleBeats is starting" });
    try {
      await db.dataSource.query("SELECT 1");
      return { status: "ready" };
    } catch {
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });

  // A first start writes the seed's media only after listening: the folder served must exist before.
  await mkdir(config.mediaDir, { recursive: true });
  await registerMedia(app, config.mediaDir, services.mediaStore);
  await registerObjects(app, services.uploads, services.storage, services.sizedObjectsDir);
  await registerLibraryUploads(app, services.libraryUploads);
  const webApp = await registerWebApp(
    app,
    config.webDist,
    caches.catalog,
    config.pageRendering,
    {
      piNetwork: config.pi.sandbox ? "sandbox" : "mainnet",
      ads: config.ads,
      pseudoLocale: config.nodeEnv === "development",
    },
    (pathname, locale) => openGraphOf(procedures.catalog, pathname, locale),
  );
  registerPiPortal(app, config.pi.validationKey);
  return { app, webApp, shutdown, readiness };
}
