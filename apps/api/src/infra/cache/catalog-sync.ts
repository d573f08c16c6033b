// Several API instances each keep a catalog cache; a write through one must not leave the others serving
// the old playlist for CATALOG_TTL_MS (a listener adds a song, the next call lands on another instance and
// the song is missing). Each instance announces its catalog writes with PostgreSQL NOTIFY, before the
// response leaves, and drops its own cached catalog reads when another instance announces one. An
// announcement of changed songs (an admin's takedown, say) drops the listeners' playlists too: they hold
// songs, and no playlist revision tells that one of them was hidden.
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "@purplebeats/db";
import type { DataSource } from "typeorm";
import type { CatalogCaches, CatalogChange } from "./catalog-cache.js";
import { sendHook } from "../lib/plain-hooks.js";

export const CATALOG_CHANNEL = "pb_catalog_changed";
/** Follows the announcing instance's id in the payload when songs changed. */
const SONGS_CHANGED = ":songs";
const RECONNECT_MS = 1_000;

export interface CatalogSync {
  /**
   * Tells the other instances that this one changed the catalog (awaited before answering); with
   * `{ songs: true }`, that songs, artists or albums changed.
   */
  announce(change?: CatalogChange): Promise<void>;
  stop(): Promise<void>;
}

/**
 * On a real PostgreSQL (the only place several instances share), announces every successful write that
 * may change the catalog (`isCatalogWrite`: the rule that empties this server's own cache) before its
 * response leaves.
 */
export function registerCatalogSync(
  app: FastifyInstance,
  db: Database,
  caches: CatalogCaches,
  isCatalogWrite: (request: FastifyRequest) => boolean,
): CatalogSync | undefined {
  if (db.kind !== "postgres") return undefined;
  const sync = startCatalogSync(db.dataSource, caches, app.log);
  app.addHook(
    "onSend",
    sendHook((request, reply) =>
      reply.statusCode < 400 && isCatalogWrite(request) ? sync.announce() : undefined,
    ),
  );
  return sync;
}

/** The parts of node-postgres's pool and client used here (TypeORM's driver holds the pool). */
interface ListenClient {
  query(sql: string): Promise<unknown>;
  on(event: "notification", listener: (message: { payload?: string }) => void): void;
  on(event: "error" | "end", listener: () => void): void;
  release(destroy?: boolean): void;
}
interface Pool {
  connect(): Promise<ListenClient>;
}

export function startCatalogSync(db: DataSource, caches: CatalogCaches, log: FastifyBaseLogger): CatalogSync {
  const instance = randomUUID();
  const pool = (db.driver as unknown as { master: Pool }).master;
  let client: ListenClient | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function reconnectLater() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void listen();
    }, RECONNECT_MS);
    timer.unref();
  }

  async function listen() {
    if (stopped) return;
    let next: ListenClient;
    try {
      // One connection of the pool stays with the listener.
      next = await pool.connect();
    } catch (error) {
      log.warn({ err: error }, "catalog sync: cannot listen yet");
      return reconnectLater();
    }
    if (stopped) return releaseQuietly(next, false);
    let failed = false;
    const fail = () => {
      // Each connection asks for one reconnection, whether it errors, ends, or both.
      // After stop() the connection is no longer ours (stop released it, and the pool may end it).
      if (failed || stopped) return;
      failed = true;
      if (client === next) client = undefined;
      releaseQuietly(next, true);
      reconnectLater();
    };
    next.on("error", fail);
    next.on("end", fail);
    next.on("notification", ({ payload = "" }) => {
      const songs = payload.endsWith(SONGS_CHANGED);
      if ((songs ? payload.slice(0, -SONGS_CHANGED.length) : payload) === instance) return;
      caches.changed();
      if (songs) caches.playlists.invalidate();
    });
    try {
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
      client = next;
      // Announcements made while we were not listening are lost: start afresh.
      caches.changed();
      caches.playlists.invalidate();
    } catch (error) {
      log.warn({ err: error }, "catalog sync: cannot listen yet");
      fail();
    }
  }
  void listen();

  return {
    async announce(change) {
      try {
        const payload = change?.songs ? `${instance}${SONGS_CHANGED}` : instance;
        await db.query(`SELECT pg_notify($1, $2)`, [CATALOG_CHANNEL, payload]);
      } catch (error) {
        // The write itself succeeded; the others' entries expire within CATALOG_TTL_MS anyway.
        log.warn({ err: error }, "catalog sync: announcement failed");
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) {
        await current.query(`UNLISTEN ${CATALOG_CHANNEL}`).catch(() => {});
        releaseQuietly(current, false);
      }
    },
  };
}

/** Gives a connection back to the pool (destroying it after an error); a second release is a no-op. */
function releaseQuietly(client: ListenClient, destroy: boolean) {
  try {
    client.release(destroy);
  } catch {
    // Already released.
  }
}
