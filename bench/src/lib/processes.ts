// The processes a bench run starts: the production API and the bare Fastify reference. Each is
// started and stopped by its own pid; RSS is read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { REPO_ROOT } from "../config.js";

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode}:\n${output().slice(-4000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output().slice(-4000)}`);
}

function launch(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  timeoutMs: number,
  cwd = REPO_ROOT,
) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const output = () => log;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    child,
    output,
    stop,
    ready: waitFor(readyUrl, child, timeoutMs, output),
  };
}

export interface ApiOptions {
  databaseUrl: string;
  webDist: string;
  adminUid: string;
  logLevel: string;
  /** More settings for this start (the media benchmarks: MEDIA_DIR, no seed). */
  env?: Record<string, string>;
}

/**
 * The Node.js flags of the API's start script (apps/api/package.json, which the Dockerfile runs too):
 * the bench starts the bundle exactly as production does.
 */
export function apiNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "apps/api/package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "dist/main.js") {
    throw new Error(`apps/api's start script is not "node [flags] dist/main.js": ${pkg.scripts.start}`);
  }
  return words.slice(1, -1);
}

/** The API as production runs it: the built bundle and its start flags, NODE_ENV=production, no Pi simulator. */
export async function startApi(options: ApiOptions): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: options.databaseUrl,
    PI_SIMULATOR: "0",
    HOST: "127.0.0.1",
    PORT: String(port),
    WEB_DIST: options.webDist,
    ADMIN_UIDS: options.adminUid,
    LOG_LEVEL: options.logLevel,
    // No call may leave the machine: the Pi API is pointed at a closed loopback port, and the
    // payment reconciliation job, which would call it, is off.
    PI_API_URL: "http://127.0.0.1:9",
    PI_API_KEY: "bench-placeholder-key",
    RECONCILE_INTERVAL_MS: "0",
    // A deployment's own tuning, passed through when the bench is given it.
    ...(process.env.UV_THREADPOOL_SIZE ? { UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE } : {}),
    ...options.env,
  };
  const url = `http://127.0.0.1:${port}`;
  // First start seeds the catalog's media (synthesised audio): give it time.
  const p = launch(
    process.execPath,
    [...apiNodeFlags(), path.join(REPO_ROOT, "apps/api/dist/main.js")],
    env,
    `${url}/readyz`,
    15 * 60_000,
  );
  await p.ready;
  return { child: p.child, url, output: p.output, stop: p.stop };
}

/** A bare Fastify server answering the given routes with the given bytes from memory. */
export async function startBare(fixtureFile: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = launch(
    process.execPath,
    ["--import", "tsx", path.join(REPO_ROOT, "bench/src/bare-server.ts"), fixtureFile, String(port)],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      TSX_TSCONFIG_PATH: path.join(REPO_ROOT, "bench/tsconfig.run.json"),
    },
    `${url}/__ready`,
    60_000,
    path.join(REPO_ROOT, "bench"),
  );
  await p.ready;
  return { child: p.child, url, output: p.output, stop: p.stop };
}

/** Resident set size of a process in MB (from /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      // An exiting process has a status without VmRSS (NaN): not a sample.
      const rss = rssMb(pid);
      if (Number.isFinite(rss)) peak = Math.max(peak, rss);
    } catch {
      // the process is gone
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * The built app as the end-to-end journeys run it (e2e/src/app-process.ts): an in-memory database seeded with
 * the 48-song catalog, and the Pi simulator, so that a bench can sign in and buy premium as a listener would.
 * For the listening budgets, which compare two paths in one app rather than the app with a reference server.
 */
export async function startSimulatedApp(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = launch(
    process.execPath,
    [path.join(REPO_ROOT, "apps/api/dist/main.js")],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "development",
      DATABASE_URL: "",
      DATA_DIR: "memory://",
      PI_SIMULATOR: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ADS_INTERSTITIAL: "0",
      RENDER_TIMEOUT_MS: "60000",
      ...env,
    },
    `${url}/readyz`,
    15 * 60_000,
  );
  await p.ready;
  return { child: p.child, url, output: p.output, stop: p.stop };
}
