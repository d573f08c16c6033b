// The seed catalog's media written in a child process (a server's first start). Synthesising a clip holds
// 150-180 MB of render buffers; in the server's process glibc kept that memory once the workers ended (RSS
// 197 -> 377 MB idle after a first start, budget 250): a child that exits gives it back to the system. The
// child's script is media-child-entry.mjs beside this module; a bundler that inlines this module should
// emit media-child.ts as its own entry named media-child-entry.mjs beside the bundle.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ClipRequests } from "./clip-requests.js";

/** Parent to child: a listener waits for this song's clip (the child writes it next). */
export interface ToMediaChild {
  type: "ask";
  slug: string;
}

/** Child to parent: listening for asks; a clip written; every medium written; or why it failed. */
export type FromMediaChild =
  | { type: "ready" }
  | { type: "written"; slug: string }
  | { type: "done" }
  | { type: "failed"; message: string };

export interface MediaChildOptions {
  /** Stops the writer (a server shutting down): the child is killed, the call rejects once it has exited. */
  signal?: AbortSignal;
  /** Songs a listener waits for: forwarded to the child, which writes them first; each announced once written. */
  requests?: ClipRequests;
}

/**
 * Writes the seed catalog's media into `mediaDir` (what writeCatalogMedia writes) in a child process, which
 * exits when done. Resolves once it has written them all; rejects if it fails, crashes or is stopped.
 */
export function writeCatalogMediaInChild(mediaDir: string, options: MediaChildOptions = {}): Promise<void> {
  const entry = fileURLToPath(new URL("./media-child-entry.mjs", import.meta.url));
  // Not the parent's flags (a heap limit, an inspector port, a test runner's loaders).
  const child = fork(entry, [mediaDir], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return superviseMediaChild(child, options);
}

/** The parent's side of a media child: forwards the asks, announces the clips, settles when it is gone. */
export function superviseMediaChild(child: ChildProcess, options: MediaChildOptions): Promise<void> {
  const { requests, signal } = options;
  return new Promise((resolve, reject) => {
    let listening = false;
    let done = false;
    let failure: Error | undefined;
    const waiting = new Set<string>();
    const send = (slug: string) => {
      // A child that has just gone cannot be told: its end settles the call.
      if (child.connected) child.send({ type: "ask", slug } satisfies ToMediaChild, () => {});
    };
    const stopForwarding = requests?.forwardAsks((slug) => (listening ? send(slug) : waiting.add(slug)));
    const stop = () => {
      failure ??= new Error("the seed's media writer was stopped");
      child.kill();
    };
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      stopForwarding?.();
      signal?.removeEventListener("abort", stop);
      requests?.end();
      if (done && !failure) resolve();
      else reject(failure ?? new Error("the seed's media writer exited without finishing"));
    };

    child.on("message", (message: FromMediaChild) => {
      if (message.type === "ready") {
        listening = true;
        for (const slug of waiting) send(slug);
        waiting.clear();
      } else if (message.type === "written") requests?.written(message.slug);
      else if (message.type === "done") done = true;
      else if (message.type === "failed") failure ??= new Error(message.message);
    });
    // After the process has exited and its channel closed: every message it sent has been read.
    child.on("close", (code: number | null, exitSignal: NodeJS.Signals | null) => {
      if (code !== 0)
        failure ??= new Error(
          `the seed's media writer exited with ${exitSignal ? `signal ${exitSignal}` : `code ${code}`}`,
        );
      settle();
    });
    // Not started (no 'close' may follow), or a kill or message that could not be delivered.
    child.on("error", (error) => {
      failure ??= error;
      if (child.pid === undefined) settle();
      else child.kill();
    });
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
}
