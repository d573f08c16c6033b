// Going live in the Pi Browser (README): what an operator configures and reads at start.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { loadConfig } from "../src/config/env.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { configSummary } from "../src/config/config-summary.js";

describe("the configuration summary logged at start", () => {
  it("is one line naming the mode, Pi's network and where data lives, with every secret masked", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://app:db-password-123@db:5432/purplebeats",
      PI_API_KEY: "pi-key-secret-456",
      PI_VALIDATION_KEY: "validation-789",
      REDIS_URL: "redis://:redis-pass-000@cache:6379/0",
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "purplebeats",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "s3-secret-abc",
    });
    const line = configSummary(config);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain("mode=production");
    expect(line).toContain("pi=mainnet");
    expect(line).toContain("pi_api_key=set");
    expect(line).toContain("pi_validation_key=set");
    expect(line).toContain("s3 https://s3.example.com");
    for (const secret of [
      "db-password-123",
      "pi-key-secret-456",
      "validation-789",
      "redis-pass-000",
      "s3-secret-abc",
    ])
      expect(line).not.toContain(secret);
  });

  it("says simulator in development and sandbox when PI_SANDBOX=1", () => {
    expect(configSummary(loadConfig({}))).toMatch(/mode=development .*pi=simulator/);
    const sandbox = loadConfig({ NODE_ENV: "production", PI_API_KEY: "k", PI_SANDBOX: "1" });
    expect(configSummary(sandbox)).toContain("pi=sandbox");
  });
});

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Two servers answer both groups below (each start loads a database and composes the whole API): one with the
// portal's key on Pi's sandbox, one without a key on mainnet, both over the same web build.
describe.each(testBackends())("going live on %s", (kind) => {
  let dist: string;
  let sandbox: TestServer;
  let mainnet: TestServer;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "pb-web-"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><html><head><title>PurpleBeats</title></head><body></body></html>",
    );
    const pi = loadConfig({ NODE_ENV: "test" }).pi;
    sandbox = await startTestServer(kind, {
      webDist: dist,
      pi: { ...pi, sandbox: true, validationKey: "0123abcd-portal-key" },
    });
    mainnet = await startTestServer(kind, { webDist: dist, pi: { ...pi, sandbox: false } });
  }, 90_000);
  afterAll(async () => {
    await sandbox?.close();
    await mainnet?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe("the Pi Developer Portal's domain validation key", () => {
    it("is served at /validation-key.txt as plain text when PI_VALIDATION_KEY is set, and 404 when not", async () => {
      const res = await fetch(`${sandbox.url}/validation-key.txt`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("0123abcd-portal-key");
      const missing = await fetch(`${mainnet.url}/validation-key.txt`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toContain("PI_VALIDATION_KEY");
    });

    it("comes from the environment, trimmed", () => {
      expect(loadConfig({ PI_VALIDATION_KEY: "  key-from-portal\n" }).pi.validationKey).toBe(
        "key-from-portal",
      );
      expect(loadConfig({ PI_VALIDATION_KEY: "" }).pi.validationKey).toBeUndefined();
    });
  });

  describe("the page names the Pi network chosen at run time", () => {
    it("one build, two networks: PI_SANDBOX decides what the page tells the web app", async () => {
      expect(await (await fetch(`${sandbox.url}/premium`)).text()).toContain(
        '<meta name="pi-network" content="sandbox">',
      );
      expect(await (await fetch(`${mainnet.url}/premium`)).text()).toContain(
        '<meta name="pi-network" content="mainnet">',
      );
      expect(loadConfig({ NODE_ENV: "production", PI_API_KEY: "k", PI_SANDBOX: "1" }).pi.sandbox).toBe(true);
      expect(loadConfig({ NODE_ENV: "production", PI_API_KEY: "k" }).pi.sandbox).toBe(false);
    });
  });
});

describe("starting in production", () => {
  it("without PI_API_KEY, refuses with one line naming the setting (no stack trace)", () => {
    const tsx = path.join(API, "node_modules", ".bin", "tsx");
    const run = spawnSync(tsx, ["--tsconfig", "tsconfig.run.json", "src/main.ts"], {
      cwd: API,
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: "memory://", PORT: "0" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PI_API_KEY is required when NODE_ENV=production");
  });
});
