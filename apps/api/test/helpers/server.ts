import { createTestDatabase } from "@purplebeats/db/testing";
import { loadConfig } from "../../src/env.js";
import { createServer, type PurpleBeatsServer } from "../../src/server.js";

export interface TestServer {
  url: string;
  server: PurpleBeatsServer;
  close(): Promise<void>;
}

/** A real server on a free loopback port over a fresh migrated, seeded database of the given kind. */
export async function startTestServer(kind: "pglite" | "postgres"): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const config = { ...loadConfig({ NODE_ENV: "test" }), host: "127.0.0.1", port: 0, webDist: "/nonexistent" };
  const server = await createServer(config, { database, logger: false });
  const url = await server.start();
  return { url, server, close: () => server.stop() };
}

export async function getJson<T = unknown>(url: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}
