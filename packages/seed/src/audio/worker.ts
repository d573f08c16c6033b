// Runs in a worker thread: generates one song per message and hands the MP3 bytes back.
import { parentPort } from "node:worker_threads";
import { generateSongAudio } from "./index.js";
import type { SongAudioInput } from "./plan.js";

if (!parentPort) throw new Error("audio worker must run in a worker thread");
const port = parentPort;
port.on("message", async (input: SongAudioInput) => {
  const audio = await generateSongAudio(input);
  port.postMessage({ slug: input.slug, mp3: audio.mp3, sampleCount: audio.sampleCount }, [
    audio.mp3.buffer as ArrayBuffer,
  ]);
});
