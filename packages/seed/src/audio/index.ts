// Deterministic synthesised music for the seed catalog: same slug and genre, same samples, and the same
// bytes from one FFmpeg build.
import { composeSong } from "./compose.js";
import { SAMPLE_RATE } from "./dsp.js";
import { encodeMp3, toInt16, MP3_KBPS } from "./mp3.js";
import { planSong, type SongAudioInput } from "./plan.js";
import { renderSong } from "./render.js";

export { planSong, type SongAudioInput, type SongPlan } from "./plan.js";
export { STYLES, type GenreStyle } from "./styles.js";
export { MP3_KBPS, SAMPLE_RATE };

/** Bump whenever the synthesiser's output changes, so existing media files are regenerated. */
export const AUDIO_GENERATOR_VERSION = 3;

export interface SongAudio {
  mp3: Uint8Array;
  /** PCM samples encoded, at SAMPLE_RATE: the song's true length. */
  sampleCount: number;
}

export function synthesizeSong(input: SongAudioInput): Int16Array {
  const plan = planSong(input);
  return toInt16(renderSong(plan, composeSong(plan)));
}

export async function generateSongAudio(input: SongAudioInput): Promise<SongAudio> {
  const pcm = synthesizeSong(input);
  return { mp3: await encodeMp3(pcm), sampleCount: pcm.length };
}

/** Whole seconds of audio, as stored in songs.duration. */
export const durationSeconds = (sampleCount: number): number => Math.round(sampleCount / SAMPLE_RATE);
