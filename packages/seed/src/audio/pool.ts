// Generates many songs on a few worker threads (synthesis is CPU-bound and single-threaded),
// falling back to the current thread where workers cannot start. The worker script is
// worker-entry.mjs next to this module; a bundler that inlines this module should emit
// audio/worker.ts as its own entry named worker-entry.mjs beside the bundle to keep the workers.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { generateSongAudio, type SongAudio } from "./index.js";
import type { SongAudioInput } from "./plan.js";

export interface PoolOptions {
  /** Worker threads to use; default: the machine's cores, at most 4. 0 or 1 = this thread only. */
  workers?: number;
  log?: (message: string) => void;
  /** Stops generating (a server shutting down): the songs written so far stay, the call rejects. */
  signal?: AbortSignal;
  /** Which queued song goes next (songs a listener waits for first); default: the order given. */
  takeNext?: (queue: SongAudioInput[]) => SongAudioInput | undefined;
}

type TakeNext = NonNullable<PoolOptions["takeNext"]>;
const inOrder: TakeNext = (queue) => queue.shift();

type OnSong = (input: SongAudioInput, audio: SongAudio) => Promise<void>;

interface WorkerReply {
  slug: string;
  mp3: Uint8Array;
  sampleCount: number;
}

export const defaultWorkerCount = (): number => Math.min(4, availableParallelism());

async function generateHere(
  inputs: SongAudioInput[],
  onSong: OnSong,
  signal?: AbortSignal,
  takeNext: TakeNext = inOrder,
): Promise<void> {
  const queue = [...inputs];
  for (let input = takeNext(queue); input; input = takeNext(queue)) {
    signal?.throwIfAborted();
    await onSong(input, await generateSongAudio(input));
  }
}

/** Runs `inputs` across `count` workers; resolves with the inputs no worker finished. */
function generateInWorkers(
  inputs: SongAudioInput[],
  count: number,
  onSong: OnSong,
  log?: (m: string) => void,
  signal?: AbortSignal,
  takeNext: TakeNext = inOrder,
): Promise<SongAudioInput[]> {
  const queue = [...inputs];
  const pending = new Map<string, SongAudioInput>();
  const writes: Array<Promise<void>> = [];
  const workers: Worker[] = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (leftover: SongAudioInput[] | Error) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) void worker.terminate();
      Promise.all(writes).then(
        () => (leftover instanceof Error ? reject(leftover) : resolve(leftover)),
        reject,
      );
    };
    const feed = (worker: Worker) => {
      const next = takeNext(queue);
      if (!next) {
        if (pending.size === 0) finish([]);
        return;
      }
      pending.set(next.slug, next);
      worker.postMessage(next);
    };
    signal?.addEventListener("abort", () => finish(new Error("audio generation stopped")), { once: true });
    if (signal?.aborted) return finish(new Error("audio generation stopped"));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url));
      workers.push(worker);
      worker.on("message", (reply: WorkerReply) => {
        if (settled) return;
        const input = pending.get(reply.slug);
        if (!input)
          return finish(new Error(`a worker answered for ${reply.slug}, which was not asked of it`));
        pending.delete(reply.slug);
        writes.push(
          onSong(input, { mp3: reply.mp3, sampleCount: reply.sampleCount }).catch((error: unknown) =>
            finish(error as Error),
          ),
        );
        feed(worker);
      });
      const giveUp = (reason: string) => {
        if (settled) return;
        log?.(`audio worker failed (${reason}); generating the rest on the main thread`);
        finish([...pending.values(), ...queue]);
      };
      worker.on("error", (error) => giveUp(error.message));
      worker.on("exit", (code) => giveUp(`exit code ${code}`));
      feed(worker);
    }
  });
}

export async function generateSongs(
  inputs: SongAudioInput[],
  onSong: OnSong,
  options: PoolOptions = {},
): Promise<void> {
  const count = Math.min(options.workers ?? defaultWorkerCount(), inputs.length);
  if (count <= 1) return generateHere(inputs, onSong, options.signal, options.takeNext);
  const leftover = await generateInWorkers(
    inputs,
    count,
    onSong,
    options.log,
    options.signal,
    options.takeNext,
  );
  await generateHere(leftover, onSong, options.signal, options.takeNext);
}
