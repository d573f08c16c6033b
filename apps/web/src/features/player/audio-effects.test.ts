import { EQ_BAND_COUNT } from "@purplebeats/contracts/constants";
import { describe, expect, it } from "vitest";
import { consecutiveOnAlbum, crossfadeLength, fadeCurves, joinKind, scheduleJoin } from "./crossfade";
import { curveGainDb, EQ_BANDS_HZ, EQ_PRESET_IDS, EQ_PRESETS, equalizerGains, preGainDb } from "./equalizer";
import { DECODER_DELAY, gaplessTrim, readMp3GaplessInfo } from "./gapless";

// The first 220 bytes of a 2 s, 44.1 kHz mono tone encoded as the renditions are (FFmpeg's libmp3lame,
// 128 kbps): an ID3 tag, then the Info frame with its LAME tag.
const TONE_HEAD =
  "SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU4LjI0LjEwMAAAAAAAAAAAAAAA//uQwAAAAAAAAAAAAAAAAAAAAAAASW5mbwAAAA8AAABOAACA+QAGCQwQEBMWGR0dICMmJiotMDMzNzo9PUBER0pKTVFUVFdaXWFhZGdqam5xdHd3e36BhISIi46OkZWYm5ueoqWlqKuusrK1uLu7v8LFyMjMz9LS1dnc39/i5unp7O/z9vb5/P8AAAAATGF2YzU4LjQyAAAAAAAAAAAAAAAAJAQ4AAAAAAAAgPkYqA==";
const toneHead = () => Uint8Array.from(atob(TONE_HEAD), (c) => c.charCodeAt(0));

describe("gapless trim", () => {
  it("reads the encoder's delay and padding from the LAME tag: the frames hold exactly the 2 s encoded", () => {
    const info = readMp3GaplessInfo(toneHead());
    expect(info).toMatchObject({ sampleRate: 44100, samplesPerFrame: 1152, delay: 576 });
    expect(info && info.frames * info.samplesPerFrame - info.delay - info.padding).toBe(88200);
  });

  it("finds nothing to trim by in a file without an Info frame", () => {
    expect(
      readMp3GaplessInfo(new Uint8Array([0xff, 0xfb, 0x90, 0xc0, ...new Array(200).fill(0)])),
    ).toBeNull();
    expect(readMp3GaplessInfo(new Uint8Array(10))).toBeNull();
    expect(gaplessTrim(null, 3.5)).toEqual({ offset: 0, duration: 3.5 });
  });

  it("plays a buffer the decoder already trimmed (Chromium) from its start to its end", () => {
    const info = readMp3GaplessInfo(toneHead());
    expect(gaplessTrim(info, 2)).toEqual({ offset: 0, duration: 2 });
    // Resampled to 48 kHz, a sample or two off.
    expect(gaplessTrim(info, 96001 / 48000)).toEqual({ offset: 0, duration: 2 });
  });

  it("skips the delay and stops before the padding in a buffer decoded whole", () => {
    const info = readMp3GaplessInfo(toneHead());
    if (!info) throw new Error("no info");
    const whole = (info.frames * 1152) / 44100;
    const trim = gaplessTrim(info, whole);
    expect(trim.offset * 44100).toBeCloseTo(576 + DECODER_DELAY, 6);
    expect(trim.duration).toBeCloseTo(2, 9);
    // A decoder that also decoded the Info frame as a silent frame.
    const withInfo = gaplessTrim(info, whole + 1152 / 44100);
    expect(withInfo.offset * 44100).toBeCloseTo(1152 + 576 + DECODER_DELAY, 6);
    expect(withInfo.duration).toBeCloseTo(2, 9);
  });
});

describe("equalizer", () => {
  it("offers the seven presets", () => {
    expect(EQ_BANDS_HZ).toHaveLength(EQ_BAND_COUNT);
    expect(EQ_PRESET_IDS.map((id) => EQ_PRESETS[id].label)).toEqual([
      "Flat",
      "Bass boost",
      "Treble boost",
      "Vocal",
      "Acoustic",
      "Electronic",
      "Loudness",
    ]);
    for (const id of EQ_PRESET_IDS) expect(EQ_PRESETS[id].gains).toHaveLength(EQ_BANDS_HZ.length);
  });

  it("is flat at every frequency when flat, with no pre-gain", () => {
    const flat = equalizerGains({ preset: "flat", custom: [9, 9, 9, 9, 9, 9, 9] });
    for (const hz of [30, 440, 5000, 18000]) expect(curveGainDb(flat, hz)).toBe(0);
    expect(preGainDb(flat)).toBe(0);
  });

  it("boosts the bass for Bass boost and the treble for Treble boost", () => {
    const bass = equalizerGains({ preset: "bassBoost", custom: [] });
    expect(curveGainDb(bass, 30)).toBeGreaterThan(5);
    expect(Math.abs(curveGainDb(bass, 8000))).toBeLessThan(0.5);
    const treble = equalizerGains({ preset: "trebleBoost", custom: [] });
    expect(curveGainDb(treble, 16000)).toBeGreaterThan(4);
    expect(Math.abs(curveGainDb(treble, 100))).toBeLessThan(0.5);
  });

  it("puts a pre-gain before every boost so that no frequency ends above 0 dB", () => {
    for (const id of EQ_PRESET_IDS) {
      const gains = equalizerGains({ preset: id, custom: [] });
      const pre = preGainDb(gains);
      for (let hz = 20; hz < 20000; hz *= 1.03) expect(curveGainDb(gains, hz) + pre).toBeLessThanOrEqual(0);
    }
  });

  it("counts neighbouring boosts that add up: more pre-gain than the largest band", () => {
    const gains = equalizerGains({ preset: "custom", custom: [0, 0, 8, 8, 8, 0, 0] });
    expect(preGainDb(gains)).toBeLessThan(-8.5);
  });

  it("keeps a custom curve within ±12 dB, in half decibels", () => {
    expect(equalizerGains({ preset: "custom", custom: [40, -40, 1.26, Number.NaN] })).toEqual([
      12, -12, 1.5, 0, 0, 0, 0,
    ]);
  });
});

describe("crossfade", () => {
  const album = (id: string) => ({ album: { id, imageUrl: null } });

  it("joins consecutive songs of one album gaplessly, whatever the crossfade", () => {
    const same = consecutiveOnAlbum(album("a"), album("a"), false);
    expect(joinKind(same, { crossfadeSeconds: 6, gaplessAlways: false })).toBe("gapless");
    expect(consecutiveOnAlbum(album("a"), album("a"), true)).toBe(false);
    expect(consecutiveOnAlbum({ album: null }, { album: null }, false)).toBe(false);
  });

  it("crossfades other songs when the setting is on, else gapless or a gap by the setting", () => {
    const other = consecutiveOnAlbum(album("a"), album("b"), false);
    expect(joinKind(other, { crossfadeSeconds: 6, gaplessAlways: true })).toBe("crossfade");
    expect(joinKind(other, { crossfadeSeconds: 0, gaplessAlways: true })).toBe("gapless");
    expect(joinKind(other, { crossfadeSeconds: 0, gaplessAlways: false })).toBe("gap");
  });

  it("starts the next song the fade's length before the end, never more than half of a song", () => {
    const fade = { setting: 6, currentSeconds: 200, nextSeconds: 180 };
    expect(scheduleJoin("crossfade", 100, fade)).toEqual({ nextStartsAt: 94, fadeSeconds: 6 });
    expect(scheduleJoin("gapless", 100, fade)).toEqual({ nextStartsAt: 100, fadeSeconds: 0 });
    expect(crossfadeLength(12, 10, 200)).toBe(5);
    expect(crossfadeLength(30, 200, 200)).toBe(12);
  });

  it("keeps the power constant through the fade", () => {
    const { fadeOut, fadeIn } = fadeCurves(16);
    expect(fadeOut[0]).toBe(1);
    expect(fadeIn[0]).toBe(0);
    expect(fadeOut[15]).toBeCloseTo(0, 6);
    for (let i = 0; i < 16; i++) expect(fadeOut[i]! ** 2 + fadeIn[i]! ** 2).toBeCloseTo(1, 5);
  });
});
