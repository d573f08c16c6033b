// Runs in a worker thread: generates one song per message and hands the MP3 bytes back.
import { parentPort } from "node:worker_threads";
import { generateSongAudio } from "./index.js";
import type { SongAudioInput } from "./plan.js";

if (!parentPort) throw new Error("audio worker must run in a worker thread");
const port = parentPort;
async function answer(input: SongAudioInput) {
  const audio = await generateSongAudio(input);
  port.postMessage({ slug: input.slug, mp3: audio.mp3, sampleCount: audio.sampleCount }, [
    audio.mp3.buffer as ArrayBuffer,
  ]);
}
// A failure is left unhandled on purpose: it ends this worker with an 'error' event, and the pool
// generates the remaining songs on the main thread.
port.on("message", (input: SongAudioInput) => void answer(input));
