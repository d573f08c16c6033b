// Hot catalog pages read by many connections (autocannon) in a process of their own, while the bench's
// process times search requests one at a time. In the bench's own process, autocannon's thousands of
// responses a second would share the timer's event loop: a search response that has arrived waits there
// behind them, and that wait would be counted as the server's latency.
//   startHotLoad(url, paths, 50) ... stop()   (this file is also the child process's entry)
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { REPO_ROOT } from "../config.js";

export interface HotLoadResult {
  /** Requests per second, averaged over the run. */
  rps: number;
  /** Errors, timeouts and non-2xx responses. */
  errors: number;
}

interface Start {
  url: string;
  paths: string[];
  connections: number;
  headers: Record<string, string>;
}

/**
 * What a browser (Chromium) sends with every request: a listener's app reads the catalog compressed.
 * autocannon sends no Accept-Encoding, so without it each hot page leaves uncompressed (35-43 KB).
 */
export const BROWSER_HEADERS: Record<string, string> = { "accept-encoding": "gzip, deflate, br, zstd" };

type FromChild = { ready: true } | { result: HotLoadResult } | { failed: string };

export interface HotLoad {
  /** Ends the connections and answers what they did. */
  stop(): Promise<HotLoadResult>;
}

/**
 * Starts `connections` connections reading `paths` in turn, each request with `headers`; resolves once
 * they have been open `warmUpMs`.
 */
export async function startHotLoad(
  url: string,
  paths: string[],
  connections: number,
  headers: Record<string, string> = BROWSER_HEADERS,
  warmUpMs = 2000,
): Promise<HotLoad> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    cwd: path.join(REPO_ROOT, "bench"),
    execArgv: ["--import", "tsx"],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, "bench/tsconfig.run.json") },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const messages: FromChild[] = [];
  let wake = () => {};
  child.on("message", (m: FromChild) => {
    messages.push(m);
    wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const next = async (): Promise<FromChild> => {
    for (;;) {
      const m = messages.shift();
      if (m) return m;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const code = await Promise.race([woken.then(() => undefined), exited]);
      if (code !== undefined && !messages.length) throw new Error(`the hot-page load exited with ${code}`);
    }
  };
  child.send({ url, paths, connections, headers } satisfies Start);
  const first = await next();
  if ("failed" in first) throw new Error(first.failed);
  await new Promise((resolve) => setTimeout(resolve, warmUpMs));
  return {
    async stop() {
      child.send("stop");
      const last = await next();
      await exited;
      if ("failed" in last) throw new Error(last.failed);
      if (!("result" in last)) throw new Error("the hot-page load answered out of turn");
      return last.result;
    },
  };
}

/** The child: runs autocannon until the parent says stop, then sends its figures and exits. */
function runChild() {
  process.once("message", (start: Start) => {
    const load = autocannon(
      {
        url: start.url,
        connections: start.connections,
        duration: 3600,
        headers: start.headers,
        requests: start.paths.map((p) => ({ method: "GET", path: p })),
      },
      (error, done) => {
        const message: FromChild = error
          ? { failed: String(error) }
          : { result: { rps: done.requests.average, errors: done.errors + done.timeouts + done.non2xx } };
        process.send!(message, () => process.exit(0));
      },
    );
    process.once("message", () => load.stop());
    process.send!({ ready: true } satisfies FromChild);
  });
  // The parent gone (a bench killed), the load ends too.
  process.once("disconnect", () => process.exit(1));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) runChild();
