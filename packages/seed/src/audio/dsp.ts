// Signal-processing building blocks. Everything works on mono Float32Array buffers at SAMPLE_RATE.

export const SAMPLE_RATE = 44100;
export const TWO_PI = Math.PI * 2;

const SINE_TABLE_SIZE = 4096;
const SINE_TABLE = Float64Array.from({ length: SINE_TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((TWO_PI * i) / SINE_TABLE_SIZE),
);

/** sin(2π·cycles) from a table with linear interpolation: several times faster than Math.sin, error < 1e-6. */
export function sine(cycles: number): number {
  const position = (cycles - Math.floor(cycles)) * SINE_TABLE_SIZE;
  const index = position | 0;
  const low = SINE_TABLE[index] ?? 0;
  return low + ((SINE_TABLE[index + 1] ?? 0) - low) * (position - index);
}

/** Per-sample multiplier that makes a level fall by 1/e in `seconds`. */
export const decayFactor = (seconds: number): number => Math.exp(-1 / (seconds * SAMPLE_RATE));

/** Band-limited step correction for saw and square oscillators (keeps high notes from aliasing). */
export function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const x = phase / increment;
    return x + x - x * x - 1;
  }
  if (phase > 1 - increment) {
    const x = (phase - 1) / increment;
    return x * x + x + x + 1;
  }
  return 0;
}

/** A state-variable filter (topology-preserving transform): stable while the cutoff moves. */
export class Svf {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1.414;
  band = 0;
  high = 0;

  constructor(cutoff = 1000, q = 0.707) {
    this.set(cutoff, q);
  }

  set(cutoff: number, q = 0.707): void {
    const fc = Math.min(Math.max(cutoff, 20), SAMPLE_RATE * 0.45);
    const g = Math.tan((Math.PI * fc) / SAMPLE_RATE);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  /** Filters one sample; returns the low-pass output (band and high are kept on the object). */
  process(input: number): number {
    const v3 = input - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.band = v1;
    this.high = input - this.k * v1 - v2;
    return v2;
  }
}

/**
 * Attack / decay / sustain / release gain at `t` seconds after note-on, for a note held `gate`
 * seconds. The release is a squared ramp to exactly zero so that notes never end in a click.
 */
export function adsr(t: number, gate: number, a: number, d: number, s: number, r: number): number {
  // No inner closures here: this runs per sample, and tsx/vitest's keepNames wraps every closure.
  const x = t < gate ? t : gate;
  const held = x < a ? x / a : s === 1 ? 1 : s + (1 - s) * Math.exp(-(x - a) / d);
  if (t < gate) return held;
  const rest = 1 - (t - gate) / r;
  return rest <= 0 ? 0 : held * rest * rest;
}

/**
 * adsr() sample by sample from the note-on, without its per-sample exponential: the decay is one multiply
 * a sample (the same curve to within rounding). Instruments call next() once per sample of the note.
 */
export class Envelope {
  private i = 0;
  private decaying = 0;
  private readonly attackSamples: number;
  private readonly gateSamples: number;
  private readonly fall: number;
  private readonly heldAtGate: number;

  constructor(
    private readonly gate: number,
    private readonly a: number,
    d: number,
    private readonly s: number,
    private readonly r: number,
  ) {
    // First sample index at or past the attack and the gate (t = i / SAMPLE_RATE).
    this.attackSamples = Math.ceil(a * SAMPLE_RATE);
    this.gateSamples = Math.ceil(gate * SAMPLE_RATE);
    this.fall = Math.exp(-1 / (d * SAMPLE_RATE));
    this.decaying = s === 1 ? 0 : Math.exp(-(this.attackSamples / SAMPLE_RATE - a) / d);
    this.heldAtGate = adsr(gate, gate, a, d, s, r);
  }

  next(): number {
    const i = this.i++;
    if (i < this.gateSamples) {
      if (i < this.attackSamples) return i / SAMPLE_RATE / this.a;
      const held = this.s + (1 - this.s) * this.decaying;
      this.decaying *= this.fall;
      return held;
    }
    const rest = 1 - (i / SAMPLE_RATE - this.gate) / this.r;
    return rest <= 0 ? 0 : this.heldAtGate * rest * rest;
  }
}

/** Samples a note occupies: its gate plus its release, clipped to the buffer. */
export function noteSpan(out: Float32Array, start: number, seconds: number): number {
  return Math.max(0, Math.min(out.length - start, Math.round(seconds * SAMPLE_RATE)));
}

/** In-place low-pass over a whole buffer. */
export function lowpassBuffer(buffer: Float32Array, cutoff: number, q = 0.707): void {
  const filter = new Svf(cutoff, q);
  for (let i = 0; i < buffer.length; i++) buffer[i] = filter.process(buffer[i] ?? 0);
}

/** In-place high-pass over a whole buffer (removes rumble and DC). */
export function highpassBuffer(buffer: Float32Array, cutoff: number): void {
  const filter = new Svf(cutoff);
  for (let i = 0; i < buffer.length; i++) {
    filter.process(buffer[i] ?? 0);
    buffer[i] = filter.high;
  }
}

/** In-place soft saturation, level-compensated, for overdriven guitars and warm bass. */
export function driveBuffer(buffer: Float32Array, amount: number): void {
  const norm = 1 / Math.tanh(amount);
  for (let i = 0; i < buffer.length; i++) buffer[i] = Math.tanh((buffer[i] ?? 0) * amount) * norm * 0.6;
}

/** A mono Freeverb: eight damped combs into four allpasses. Returns only the wet signal. */
export function reverb(input: Float32Array, roomSize: number, damping: number): Float32Array {
  const combLengths = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const allpassLengths = [556, 441, 341, 225];
  const out = new Float32Array(input.length);
  const feedback = 0.7 + 0.28 * roomSize;
  for (const length of combLengths) {
    const line = new Float32Array(length);
    let index = 0;
    let store = 0;
    for (let i = 0; i < input.length; i++) {
      const y = line[index] ?? 0;
      store = y * (1 - damping) + store * damping;
      line[index] = (input[i] ?? 0) * 0.015 + store * feedback;
      out[i] = (out[i] ?? 0) + y;
      if (++index === length) index = 0;
    }
  }
  for (const length of allpassLengths) {
    const line = new Float32Array(length);
    let index = 0;
    for (let i = 0; i < out.length; i++) {
      const buffered = line[index] ?? 0;
      const x = out[i] ?? 0;
      line[index] = x + buffered * 0.5;
      out[i] = buffered - x;
      if (++index === length) index = 0;
    }
  }
  return out;
}

/** A feedback echo with a darkening repeat; returns only the echoes. */
export function echo(input: Float32Array, delaySeconds: number, feedback: number, tone = 3000): Float32Array {
  const delay = Math.max(1, Math.round(delaySeconds * SAMPLE_RATE));
  const out = new Float32Array(input.length);
  const filter = new Svf(tone);
  for (let i = delay; i < input.length; i++) {
    out[i] = filter.process((input[i - delay] ?? 0) + (out[i - delay] ?? 0) * feedback);
  }
  return out;
}

/** Adds `source` into `target` at `offset`, scaled. */
export function mixInto(target: Float32Array, source: Float32Array, offset: number, gain: number): void {
  const end = Math.min(source.length, target.length - offset);
  for (let i = Math.max(0, -offset); i < end; i++)
    target[offset + i] = (target[offset + i] ?? 0) + (source[i] ?? 0) * gain;
}
