// The services and caches of one server, composed once and handed to its web host: each is made here, so a
// test or a second instance in the same process gets its own (docs/ARCHITECTURE.md section 4).
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Services } from "@purplebeats/contracts";
import type { Database } from "@purplebeats/db";
import type { PiPlatformClient, StellarPayer } from "@purplebeats/pi";
import type { Config } from "../config/env.js";
import { createCatalogService } from "../domain/catalog/catalog.js";
import { createMediaService } from "../domain/catalog/media.js";
import { createCatalogAdmin } from "../domain/catalog/catalog-admin.js";
import { createSongReportService } from "../domain/catalog/song-reports.js";
import { createAccountService } from "../domain/accounts/accounts.js";
import { createProfileService } from "../domain/accounts/profiles.js";
import { createFollowService } from "../domain/accounts/follows.js";
import { createAdService } from "../domain/ads/ad-rewards.js";
import { createAdminService } from "../domain/accounts/admin.js";
import { createAdminTokenService } from "../domain/accounts/admin-tokens.js";
import { createMembershipService } from "../domain/payments/memberships.js";
import { createPaymentService } from "../domain/payments/payments.js";
import {
  createLibraryPlaylistService,
  createLikedPlaylistService,
  createLikedSongService,
} from "../domain/likes.js";
import { createLegalService } from "../domain/legal/legal-documents.js";
import { createNotifier, type Notifier, type NotifierLog } from "../domain/inbox/notifier.js";
import { createNotificationService } from "../domain/inbox/notifications.js";
import { createSupportService } from "../domain/inbox/support.js";
import { startInboxJobs, type InboxJobs } from "../domain/inbox/inbox-jobs.js";
import { createMyAccountService } from "../domain/accounts/my-account.js";
import { createActivityService } from "../domain/activity/activity.js";
import { createNewsService } from "../domain/news/news.js";
import { createArtistAccountService } from "../domain/artists/artist-accounts.js";
import { createPayouts, type PayoutProcessor } from "../domain/artists/payouts.js";
import { createPremiumShares, type PremiumShares } from "../domain/artists/premium-share.js";
import { startPremiumShareJobs, type PremiumShareJobs } from "../domain/artists/premium-share-jobs.js";
import { createArtistStats } from "../domain/artists/artist-stats.js";
import { createReleaseService } from "../domain/artists/releases.js";
import { createPlaylistService } from "../domain/playlists/playlists.js";
import { createEditorialPlaylists } from "../domain/playlists/editorial-playlists.js";
import { createUploadStore, type UploadStore } from "../domain/uploads/uploads.js";
import { createUploadSweeper, type UploadSweeper } from "../domain/uploads/upload-sweeper.js";
import { startLibrary, type LibraryService } from "../domain/library/library-service.js";
import { libraryReader } from "../domain/library/reader.js";
import {
  createLibraryUploads,
  sourceFetcher,
  type LibraryUploads,
} from "../domain/library/library-uploads.js";
import { closeBitmapConnections } from "../data/search/bitmap-query.js";
import { openObjectStorage, type ObjectStorage } from "../infra/storage/object-storage.js";
import { bucketMediaStore, diskMediaStore, type MediaStore } from "../infra/storage/media-store.js";
import { CatalogCaches, type CatalogChange } from "../infra/cache/catalog-cache.js";
import type { CatalogSync } from "../infra/cache/catalog-sync.js";
import { createPgSessionStore, createRedisSessionStore, type SessionStore } from "../infra/session-store.js";
import { createPgRateLimits, createRedisRateLimits } from "../infra/rate-limits.js";
import { sizedPicturesDir } from "../web/http/media.js";
import { withUnavailability } from "../web/http/unavailable.js";
import type { RestCaches } from "../web/rest/register.js";
import { UrlCache } from "../web/rest/url-cache.js";
import { ClipRequests } from "@purplebeats/seed";

/** Admins' edits and the library's scans drop cached catalog responses here, and everywhere once the sync runs. */
export interface CatalogChanges {
  notify(change?: CatalogChange): void;
  /** Tells the other instances too (set once the HTTP app has registered it; none on PGlite). */
  sync?: CatalogSync;
}

/** The services and caches of one server, and what its HTTP app and its start and stop need of them. */
export interface ServerServices {
  services: Services;
  /** This server's own caches (docs/ARCHITECTURE.md section 4): no other server in the process sees them. */
  caches: RestCaches;
  catalogChanges: CatalogChanges;
  storage: ObjectStorage;
  mediaStore: MediaStore;
  uploads: UploadStore;
  libraryUploads: LibraryUploads;
  sessionStore: SessionStore;
  uploadSweeper: UploadSweeper;
  /** Uploaded pictures at the app's widths, kept on this instance beside the catalog's (web/http/media.ts). */
  sizedObjectsDir: string;
  /** A first start writes the seed's clips after listening: a song asked for meanwhile is written next. */
  seedClips: ClipRequests | null;
  /** Writes listeners' notifications and sends their Pi copies (domain/inbox/notifier.ts). */
  notifier: Notifier;
  /** Pays artists' payouts (A2U), one at a time: run at start, after each request and periodically. */
  payouts: PayoutProcessor;
  /** The monthly premium share: its split, and its job once the queue runs (startLibrary). */
  premiumShares: PremiumShares;
  premiumShareJobs(): PremiumShareJobs | undefined;
  /** Starts the ingestion pipeline's queue (pg-boss, in the database): encodes and scans run in every instance. */
  startLibrary(log: FastifyBaseLogger): Promise<LibraryService>;
  /** Ends the library's work and the connections the services hold (the database is the caller's). */
  close(): Promise<void>;
}

/** Every cache and service of one server, over its database (migrated) and its Pi Platform client. */
export function createServices(
  config: Config,
  db: Database,
  pi: PiPlatformClient,
  payer: () => StellarPayer | null = () => null,
): ServerServices {
  // Uploads on local disk, or in an S3-compatible bucket when configured (the browser PUTs there).
  const storage = openObjectStorage(config);
  // Renditions and covers: MEDIA_DIR, or the bucket, so that every instance serves the same catalog.
  const mediaStore =
    storage.kind === "s3" ? bucketMediaStore(storage.client) : diskMediaStore(config.mediaDir);
  const sizedObjectsDir = path.join(sizedPicturesDir(config.mediaDir), "objects");
  // Shared state lives in PostgreSQL, or Redis when configured, so several instances can serve one product.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const uploads = createUploadStore(db.dataSource, storage, config.uploadBudgets);
  const memberships = createMembershipService(db.dataSource);
  // Started with the HTTP app's logger (startLibrary); the media service asks for it when an admin scans.
  let library: LibraryService | undefined;
  const libraryUploads = createLibraryUploads({ dataSource: db.dataSource, storage, library: () => library });
  // Every cache of this server is made here and handed to what uses it (docs/ARCHITECTURE.md section 4).
  const caches: RestCaches = { catalog: new CatalogCaches(), byUrl: new UrlCache() };
  const catalogChanges: CatalogChanges = {
    notify(change: CatalogChange = { songs: true }) {
      caches.catalog.changed(change);
      void catalogChanges.sync?.announce(change).catch(() => {});
    },
  };
  const notifyCatalog = (change?: CatalogChange) => catalogChanges.notify(change);
  // Pi's copies of notifications are best effort: their failures go to the server's log once it has one.
  let notifierLog: NotifierLog | undefined;
  const notifier = createNotifier(db.dataSource, pi, {
    warn: (obj, message) => notifierLog?.warn(obj, message),
  });
  let inboxJobs: InboxJobs | undefined;
  const payouts = createPayouts(db.dataSource, {
    enabled: config.artists.payouts,
    minimum: config.artists.payoutMinimum,
    pi,
    payer,
    log: { warn: (obj, message) => notifierLog?.warn(obj, message) },
  });
  const premiumShares = createPremiumShares(db.dataSource, {
    sharePercent: config.artists.premiumSharePercent,
  });
  let premiumShareJobs: PremiumShareJobs | undefined;
  const catalogAdmin = createCatalogAdmin(db.dataSource, uploads, () => notifyCatalog());
  // A database outage answers 503 (UNAVAILABLE_MESSAGE) from every service, REST and tRPC alike.
  const services: Services = withUnavailability({
    catalog: createCatalogService(db.dataSource, caches.catalog, config.plays),
    media: createMediaService({
      dataSource: db.dataSource,
      store: mediaStore,
      memberships,
      mediaDir: config.mediaDir,
      library: () => library,
      musicRoots: config.musicRoots,
    }),
    accounts: createAccountService(db.dataSource, { pi, adminUids: config.adminUids }),
    profiles: createProfileService(db.dataSource, uploads),
    follows: createFollowService(db.dataSource, notifier),
    uploads,
    admin: createAdminService(db.dataSource, config.adminUids),
    adminTokens: createAdminTokenService(db.dataSource, config.adminUids),
    libraryAdmin: {
      uploadGrant: (userId, origin) => libraryUploads.grant(userId, origin),
      ingestUpload: (userId, input) => libraryUploads.ingest(userId, input),
      ...catalogAdmin,
      ...createEditorialPlaylists(db.dataSource, uploads, notifyCatalog),
    },
    rateLimits: redis
      ? createRedisRateLimits(redis, config.rateLimits)
      : createPgRateLimits(db.dataSource, config.rateLimits),
    memberships,
    payments: createPaymentService(db.dataSource, pi, memberships, notifier, {
      tipFeePercent: config.artists.tipFeePercent,
    }),
    // Your music
    likedSongs: createLikedSongService(db.dataSource),
    likedPlaylists: createLikedPlaylistService(db.dataSource),
    libraryPlaylists: createLibraryPlaylistService(db.dataSource),
    playlists: createPlaylistService(db.dataSource, uploads, caches.catalog),
    legal: createLegalService(config.legal),
    notifications: createNotificationService(db.dataSource),
    support: createSupportService(db.dataSource, notifier),
    myAccount: createMyAccountService(db.dataSource, memberships),
    ads: createAdService(db.dataSource, { pi, memberships, rewardedAds: config.ads.rewarded }),
    activity: createActivityService(db.dataSource),
    news: createNewsService(db.dataSource),
    artists: createArtistAccountService(db.dataSource),
    payouts,
    premiumShares,
    artistStats: createArtistStats(db.dataSource, {
      payoutsEnabled: config.artists.payouts,
      payoutMinimum: config.artists.payoutMinimum,
    }),
    releases: createReleaseService(db.dataSource, {
      uploads: libraryUploads,
      pictures: uploads,
      onCatalogChanged: () => notifyCatalog(),
      onApproved: (songId) => inboxJobs?.songAdded(songId),
    }),
    songReports: createSongReportService(db.dataSource, {
      takeDownSong: (songId) => catalogAdmin.updateSong(songId, { hidden: true }),
    }),
  });
  return {
    services,
    caches,
    catalogChanges,
    storage,
    mediaStore,
    uploads,
    libraryUploads,
    sessionStore: redis ? createRedisSessionStore(redis) : createPgSessionStore(db.dataSource),
    uploadSweeper: createUploadSweeper(
      db.dataSource,
      storage,
      config.uploadSweep.graceSeconds,
      sizedObjectsDir,
    ),
    sizedObjectsDir,
    seedClips: config.seed ? new ClipRequests() : null,
    notifier,
    payouts,
    premiumShares,
    premiumShareJobs: () => premiumShareJobs,
    async startLibrary(log) {
      notifierLog = log;
      library = await startLibrary({
        dataSource: db.dataSource,
        store: mediaStore,
        reader: libraryReader({ followLinksOut: config.musicFollowSymlinks }),
        log,
        onCatalogChanged: () => notifyCatalog(),
        localSource: sourceFetcher(storage),
        // The inbox's jobs share the library's queue: releases fan out there, the expiry check runs hourly;
        // so does the monthly premium share.
        withQueue: async (boss) => {
          inboxJobs = await startInboxJobs(boss, db.dataSource, notifier);
          premiumShareJobs = await startPremiumShareJobs(boss, premiumShares);
        },
        onSongAdded: (songId) => inboxJobs?.songAdded(songId),
      });
      return library;
    },
    async close() {
      await library?.stop();
      await notifier.settled();
      await catalogChanges.sync?.stop();
      redis?.disconnect();
      await closeBitmapConnections(db.dataSource);
    },
  };
}
