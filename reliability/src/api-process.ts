// Real API processes: the built dist (apps/api/dist/main.js) on a loopback port, with its logs captured,
// killed with SIGKILL or stopped with SIGTERM, and restarted on the same port.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { outputDir, repoRoot } from "./config.js";

export const API_MAIN = path.join(repoRoot, "apps/api/dist/main.js");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Every process a suite started, so that teardown (and an aborted run) can stop them all. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ApiOptions {
  name: string;
  /** PostgreSQL's URL; undefined for the embedded PGlite (DATA_DIR in `env`). */
  databaseUrl: string | undefined;
  piApiUrl: string;
  piApiKey: string;
  /** More environment (RATE_LIMIT_*, REDIS_URL, TRUST_PROXY, ...). */
  /** Extra settings; `undefined` leaves a default out (spawn skips it): without NODE_ENV the mode follows DATABASE_URL. */
  env?: Record<string, string | undefined>;
}

export class ApiProcess {
  readonly logFile: string;
  port = 0;
  private child: ChildProcess | undefined;
  private chunks: string[] = [];
  private log: WriteStream;
  private exited: Promise<number | null> | undefined;
  starts = 0;

  constructor(readonly options: ApiOptions) {
    mkdirSync(outputDir, { recursive: true });
    this.logFile = path.join(outputDir, `${options.name}.log`);
    this.log = createWriteStream(this.logFile);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  get alive() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything the process printed, over all its starts. */
  logs(): string {
    const text = this.chunks.join("");
    this.chunks = [text];
    return text;
  }

  /** The output since a `logs().length` mark. */
  logsSince(mark: number): string {
    return this.logs().slice(mark);
  }

  /** Starts the server (same port on a restart) and resolves once it says it is running. */
  async start(extraEnv: Record<string, string> = {}): Promise<string> {
    if (this.alive) throw new Error(`${this.options.name} is already running`);
    this.port ||= await freePort();
    this.starts++;
    const child = spawn(process.execPath, ["--enable-source-maps", API_MAIN], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        DATABASE_URL: this.options.databaseUrl,
        PI_SIMULATOR: "0",
        PI_API_URL: this.options.piApiUrl,
        PI_API_KEY: this.options.piApiKey,
        PI_TIMEOUT_MS: "1500",
        WEB_DIST: "/nonexistent",
        UPLOAD_DIR: path.join(outputDir, "objects"),
        LOG_LEVEL: "info",
        RECONCILE_INTERVAL_MS: "0",
        ...this.options.env,
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    running.add(child);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code) => {
        running.delete(child);
        resolve(code);
      }),
    );
    const capture = (chunk: Buffer) => {
      const text = chunk.toString();
      this.chunks.push(text);
      this.log.write(text);
    };
    child.stdout?.on("data", capture);
    child.stderr?.on("data", capture);

    let seen = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        child.kill("SIGKILL");
        reject(new Error(`${this.options.name} did not start in time:\n${seen}`));
        // A first start encodes the seed's renditions and renders Home before it says it runs: minutes on a
        // loaded 2-core machine.
      }, 15 * 60_000);
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("PurpleBeats is running at")) {
          cleanup();
          resolve();
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`${this.options.name} exited with ${code} while starting:\n${seen}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        child.off("exit", onExit);
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", onExit);
    });
    return this.url;
  }

  /** kill -9: no shutdown, no cleanup, connections cut mid-request. */
  async kill9(): Promise<void> {
    if (!this.alive) return;
    this.child!.kill("SIGKILL");
    await this.exited;
  }

  /** SIGTERM and wait for the exit code (SIGKILL after `graceMs`). */
  async terminate(graceMs = 20_000): Promise<number | null> {
    if (!this.alive) return this.child?.exitCode ?? null;
    this.child!.kill("SIGTERM");
    const timer = setTimeout(() => this.child?.kill("SIGKILL"), graceMs);
    const code = await this.exited!;
    clearTimeout(timer);
    return code;
  }

  /** Sends SIGTERM without waiting (the caller watches in-flight requests meanwhile). */
  signalTerm() {
    this.child?.kill("SIGTERM");
    return this.exited!;
  }

  async restart(extraEnv: Record<string, string> = {}): Promise<string> {
    await this.kill9();
    return this.start(extraEnv);
  }
}

/**
 * Stops every API process still running (suite teardown) with SIGTERM, as an orchestrator would, and
 * answers those that did not exit cleanly (a crash at shutdown, or SIGKILL after 10 s).
 */
export async function stopAllApis(): Promise<string[]> {
  const unclean = await Promise.all(
    [...running].map(
      (child) =>
        new Promise<string | undefined>((resolve) => {
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", (code, signal) => {
            clearTimeout(timer);
            resolve(code === 0 ? undefined : `pid ${child.pid} exited with ${signal ?? code} on SIGTERM`);
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  return unclean.filter((u): u is string => u !== undefined);
}
