// Drum one-shots, synthesised once per song and then copied to every hit (as a drum machine does).
import { SAMPLE_RATE, TWO_PI, Svf, lowpassBuffer } from "./dsp.js";
import type { Rng } from "./prng.js";

export const DRUMS = ["kick", "snare", "clap", "hat", "openHat", "ride", "crash", "rim", "brush"] as const;
export type DrumName = (typeof DRUMS)[number];
export type DrumKit = Record<DrumName, Float32Array>;

export interface KitOptions {
  /** Where the kick's pitch sweep lands, in Hz. */
  kickPitch: number;
  /** Seconds for the kick to fall by 1/e. */
  kickDecay: number;
  /** Centre of the snare's noise band. */
  snareTone: number;
  /** Low-passes the whole kit, for dusty lo-fi and hip-hop drums. */
  muffle?: number;
}

const dt = 1 / SAMPLE_RATE;
const buffer = (seconds: number) => new Float32Array(Math.round(seconds * SAMPLE_RATE));

function kick(rng: Rng, pitch: number, decay: number): Float32Array {
  const out = buffer(Math.max(0.5, decay * 4));
  let phase = 0;
  const click = new Svf(3000);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    phase += TWO_PI * (pitch + 110 * Math.exp(-t / 0.03)) * dt;
    const body = Math.sin(phase) * Math.exp(-t / decay);
    const transient = t < 0.004 ? click.process(rng.range(-1, 1)) * (1 - t / 0.004) * 0.4 : 0;
    out[i] = Math.tanh(1.6 * (body + transient)) * 0.9;
  }
  return out;
}

/** Six detuned square waves, the classic recipe for metallic cymbals. */
function metal(
  rng: Rng,
  seconds: number,
  decay: number,
  highpass: number,
  level: number,
  noiseMix: number,
): Float32Array {
  const out = buffer(seconds);
  const freqs = [205.3, 304.4, 369.6, 522.7, 540, 800].map((f) => f * 1.7);
  const band = new Svf(9000, 0.9);
  const hp = new Svf(highpass);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    let sample = 0;
    for (const f of freqs) sample += (f * t) % 1 < 0.5 ? 1 : -1;
    sample = sample / 6 + noiseMix * rng.range(-1, 1);
    band.process(sample);
    hp.process(band.band);
    const attack = t < 0.001 ? t / 0.001 : 1;
    out[i] = hp.high * Math.exp(-t / decay) * attack * level;
  }
  return out;
}

function snare(rng: Rng, tone: number): Float32Array {
  const out = buffer(0.4);
  const noise = new Svf(tone, 0.8);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    const body = (Math.sin(TWO_PI * 185 * t) + 0.5 * Math.sin(TWO_PI * 330 * t)) * Math.exp(-t / 0.05) * 0.45;
    noise.process(rng.range(-1, 1));
    const rattle = (noise.band + 0.3 * noise.high) * Math.exp(-t / 0.1) * 0.8;
    out[i] = body + rattle;
  }
  return out;
}

function clap(rng: Rng): Float32Array {
  const out = buffer(0.4);
  const noise = new Svf(1200, 1.4);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    noise.process(rng.range(-1, 1));
    let env = Math.exp(-Math.max(0, t - 0.03) / 0.11);
    for (const burst of [0, 0.01, 0.02])
      if (t >= burst && t < burst + 0.01) env = Math.max(env, Math.exp(-(t - burst) / 0.004));
    out[i] = noise.band * env * 1.6;
  }
  return out;
}

function rim(): Float32Array {
  const out = buffer(0.08);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    out[i] = (Math.sin(TWO_PI * 1700 * t) * 0.6 + Math.sin(TWO_PI * 820 * t)) * Math.exp(-t / 0.012) * 0.5;
  }
  return out;
}

/** A brush stroke on a snare: filtered noise that swells in and out. */
function brush(rng: Rng): Float32Array {
  const out = buffer(0.3);
  const noise = new Svf(2800, 0.7);
  for (let i = 0; i < out.length; i++) {
    const t = i * dt;
    noise.process(rng.range(-1, 1));
    const env = t < 0.012 ? t / 0.012 : Math.exp(-(t - 0.012) / 0.08);
    out[i] = noise.band * env * 0.7;
  }
  return out;
}

export function buildKit(rng: Rng, options: KitOptions): DrumKit {
  const kit: DrumKit = {
    kick: kick(rng, options.kickPitch, options.kickDecay),
    snare: snare(rng, options.snareTone),
    clap: clap(rng),
    hat: metal(rng, 0.15, 0.03, 7000, 0.55, 0.4),
    openHat: metal(rng, 0.6, 0.18, 6500, 0.45, 0.4),
    ride: metal(rng, 1.6, 0.5, 4500, 0.3, 0.15),
    crash: metal(rng, 2.5, 0.8, 4000, 0.55, 0.6),
    rim: rim(),
    brush: brush(rng),
  };
  if (options.muffle) for (const name of DRUMS) lowpassBuffer(kit[name], options.muffle);
  return kit;
}
