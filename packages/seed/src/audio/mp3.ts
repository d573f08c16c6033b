import { Mp3Encoder } from "@breezystack/lamejs";
import { SAMPLE_RATE } from "./dsp.js";

/** Constant bitrate: mono at 96 kbps is transparent enough for synthesised music and keeps files ~12 KB/s. */
export const MP3_KBPS = 96;

export function toInt16(signal: Float32Array): Int16Array {
  const pcm = new Int16Array(signal.length);
  for (let i = 0; i < signal.length; i++)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(signal[i]! * 32767)));
  return pcm;
}

export function encodeMp3(pcm: Int16Array): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, MP3_KBPS);
  const chunks: Uint8Array[] = [];
  const block = 1152 * 32;
  for (let offset = 0; offset < pcm.length; offset += block) {
    chunks.push(encoder.encodeBuffer(pcm.subarray(offset, Math.min(pcm.length, offset + block))));
  }
  chunks.push(encoder.flush());
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let position = 0;
  for (const chunk of chunks) {
    out.set(chunk, position);
    position += chunk.length;
  }
  return out;
}
