import { encodePcmMp3 } from "@purplebeats/media";
import { SAMPLE_RATE } from "./dsp.js";

/** Constant bitrate: mono at 96 kbps is transparent enough for synthesised music and keeps files ~12 KB/s. */
export const MP3_KBPS = 96;

export function toInt16(signal: Float32Array): Int16Array {
  const pcm = new Int16Array(signal.length);
  for (let i = 0; i < signal.length; i++)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((signal[i] ?? 0) * 32767)));
  return pcm;
}

/** The song as an MP3, encoded by FFmpeg's LAME (native code: about 20 times the speed of LAME in JavaScript). */
export const encodeMp3 = (pcm: Int16Array): Promise<Uint8Array> => encodePcmMp3(pcm, SAMPLE_RATE, MP3_KBPS);
