// Gapless joins: what part of a decoded MP3 is the song. An MP3 starts with the encoder's delay (LAME's 576
// samples plus the decoder's 529) and ends with padding up to a whole frame; FFmpeg's LAME writes both in the
// Xing/Info frame's LAME tag. Some browsers' decoders trim them (Chromium's does), others do not: the decoded
// length tells which, and the song is played from its first real sample to its last.

/** What the first frame of an MP3 says about its length. */
export interface Mp3GaplessInfo {
  sampleRate: number;
  /** Audio frames, the Info frame not counted. */
  frames: number;
  samplesPerFrame: number;
  /** Encoder delay and end padding, in samples. */
  delay: number;
  padding: number;
}

/** The samples a decoder that trims nothing emits before the encoder's first (MP3's synthesis filter). */
export const DECODER_DELAY = 529;

const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

/** The byte at `at`; past the end reads as 0, as the bit operators read a missing byte. */
const byteAt = (bytes: Uint8Array, at: number): number => bytes[at] ?? 0;

function skipId3(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((byteAt(bytes, 6) & 0x7f) << 21) |
    ((byteAt(bytes, 7) & 0x7f) << 14) |
    ((byteAt(bytes, 8) & 0x7f) << 7) |
    (byteAt(bytes, 9) & 0x7f);
  const footer = byteAt(bytes, 5) & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

const u32 = (bytes: Uint8Array, at: number) =>
  ((byteAt(bytes, at) << 24) |
    (byteAt(bytes, at + 1) << 16) |
    (byteAt(bytes, at + 2) << 8) |
    byteAt(bytes, at + 3)) >>>
  0;

/** Reads the Xing/Info frame and its LAME tag; null when the file has none (nothing to trim by). */
export function readMp3GaplessInfo(bytes: Uint8Array): Mp3GaplessInfo | null {
  let at = skipId3(bytes);
  // The first frame sync within a few bytes of the tag.
  const limit = Math.min(bytes.length - 4, at + 4096);
  while (at < limit && !(bytes[at] === 0xff && (byteAt(bytes, at + 1) & 0xe0) === 0xe0)) at++;
  if (at >= limit) return null;
  const version = (byteAt(bytes, at + 1) >> 3) & 0x03;
  const layer = (byteAt(bytes, at + 1) >> 1) & 0x03;
  const rateIndex = (byteAt(bytes, at + 2) >> 2) & 0x03;
  // Index 3 is reserved: no rate.
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
  if (sampleRate === undefined || layer !== 1) return null; // Layer III only
  const mono = byteAt(bytes, at + 3) >> 6 === 3;
  const mpeg1 = version === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  let tag = at + 4 + sideInfo;
  if (tag + 8 > bytes.length) return null;
  const name = String.fromCharCode(...bytes.subarray(tag, tag + 4));
  if (name !== "Xing" && name !== "Info") return null;
  const flags = u32(bytes, tag + 4);
  tag += 8;
  if (!(flags & 0x1)) return null;
  const frames = u32(bytes, tag);
  tag += 4;
  if (flags & 0x2) tag += 4; // byte count
  if (flags & 0x4) tag += 100; // seek table
  if (flags & 0x8) tag += 4; // quality
  // The LAME tag: a 9-character encoder name, then delay and padding as two 12-bit numbers at its byte 21.
  if (tag + 24 > bytes.length) return null;
  const delayPadding =
    (byteAt(bytes, tag + 21) << 16) | (byteAt(bytes, tag + 22) << 8) | byteAt(bytes, tag + 23);
  return {
    sampleRate,
    frames,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    delay: delayPadding >> 12,
    padding: delayPadding & 0xfff,
  };
}

/** The part of a decoded buffer that is the song, in seconds. */
export interface TrimWindow {
  offset: number;
  duration: number;
}

/**
 * Where the song lies in what the decoder gave (`decodedSeconds`, at any sample rate): all of it when the
 * decoder trimmed (its length is the song's); past the delay (and the Info frame, when decoded as a silent
 * frame) when it did not, up to the padding.
 */
export function gaplessTrim(info: Mp3GaplessInfo | null, decodedSeconds: number): TrimWindow {
  if (!info || info.delay + info.padding === 0) return { offset: 0, duration: decodedSeconds };
  const rate = info.sampleRate;
  const encoded = info.frames * info.samplesPerFrame;
  const song = (encoded - info.delay - info.padding) / rate;
  // Half a frame of tolerance: resampling to the output rate rounds the length.
  const tolerance = info.samplesPerFrame / 2 / rate;
  if (decodedSeconds <= song + tolerance) return { offset: 0, duration: Math.min(song, decodedSeconds) };
  const withInfoFrame = decodedSeconds >= (encoded + info.samplesPerFrame) / rate - tolerance;
  const offset = (info.delay + DECODER_DELAY + (withInfoFrame ? info.samplesPerFrame : 0)) / rate;
  return { offset, duration: Math.max(0, Math.min(song, decodedSeconds - offset)) };
}
