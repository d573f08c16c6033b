// The app under test as a process: the production build of the API serving the built web app, on a fresh
// in-memory database with the Pi simulator, on a free loopback port. No runner imports here, so that the
// global setup can start the app the journeys share.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/** How long the app may take to start. */
export const APP_START_LIMIT_MS = 15 * 60_000;

/** The built API (apps/api/dist) serving the built web app, on a fresh in-memory database with the Pi simulator. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(repoRoot, "apps/api/dist/main.js")],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATABASE_URL: "",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: "memory://",
        PI_SIMULATOR: "1",
        LOG_LEVEL: "warn",
        // Journeys check what a person sees, not how fast the server renders: on a loaded CI machine a page
        // rendered in 1.5 s alone can take longer and would be sent not server-rendered (that fallback is an API test).
        RENDER_TIMEOUT_MS: "60000",
        // No interstitial between songs unless a journey asks (pi-ads.test.ts): the others play songs to their
        // end and would meet an ad they do not expect.
        ADS_INTERSTITIAL: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A start renders Home before it says it runs: on a loaded 2-core machine that has taken minutes. A start
    // that never comes is stopped, not left running.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the app did not start in time:\n${output}`));
    }, APP_START_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PurpleBeats is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
