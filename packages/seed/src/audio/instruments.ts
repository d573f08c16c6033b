// Pitched instruments. Each adds one note into a part buffer; they are kept simple and soft
// (filtered, enveloped) because pleasant beats impressive for a catalog that must never grate.
import { Envelope, SAMPLE_RATE, TWO_PI, Svf, decayFactor, noteSpan, polyBlep, sine } from "./dsp.js";
import type { Rng } from "./prng.js";

export interface Note {
  /** First sample of the note in the part buffer. */
  start: number;
  /** Seconds the key is held (release comes after). */
  gate: number;
  freq: number;
  /** 0..1 */
  velocity: number;
}

export type Instrument = (out: Float32Array, note: Note, rng: Rng) => void;

const dt = 1 / SAMPLE_RATE;

/** Detuned band-limited saws through a slowly opening low-pass: the warm pad under most genres. */
function pad(out: Float32Array, note: Note, rng: Rng, brightness = 1.0, attack = 0.7, voices = 3): void {
  const release = 1.4;
  const n = noteSpan(out, note.start, note.gate + release);
  const detune = [1, 1.0047, 0.9953, 1.0021, 0.9979];
  const phases = Float64Array.from(detune.slice(0, voices), () => rng.next());
  // Each voice's phase step, fixed for the note: worked out once, not per sample.
  const increments = Float64Array.from(detune.slice(0, voices), (ratio) => (note.freq * ratio) / SAMPLE_RATE);
  const filter = new Svf(600, 0.8);
  const baseCutoff = Math.min(700 + note.freq * 2.5, 2600) * brightness;
  const lfoPhase = rng.next();
  const gain = (0.16 * note.velocity) / Math.sqrt(voices);
  const env = new Envelope(note.gate, attack, 1.5, 0.85, release);
  for (let i = 0; i < n; i++) {
    if ((i & 31) === 0) filter.set(baseCutoff * (0.75 + 0.25 * sine(lfoPhase + i * dt * 0.15)), 0.8);
    let sample = 0;
    for (let v = 0; v < voices; v++) {
      const increment = increments[v] ?? 0;
      let p = (phases[v] ?? 0) + increment;
      if (p >= 1) p -= 1;
      phases[v] = p;
      sample += 2 * p - 1 - polyBlep(p, increment);
    }
    out[note.start + i] = (out[note.start + i] ?? 0) + filter.process(sample) * env.next() * gain;
  }
}

/** Bowed strings: a pad with vibrato and a quicker bow attack. */
function strings(out: Float32Array, note: Note, rng: Rng): void {
  const release = 0.7;
  const n = noteSpan(out, note.start, note.gate + release);
  const phases = [rng.next(), rng.next()];
  const detune = [1.0025, 0.9975];
  const filter = new Svf(Math.min(900 + note.freq * 3, 3200), 0.7);
  const gain = 0.12 * note.velocity;
  const env = new Envelope(note.gate, 0.28, 2, 0.8, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const vibrato = 1 + 0.003 * sine(5.2 * t) * Math.min(1, t / 0.4);
    let sample = 0;
    for (let v = 0; v < 2; v++) {
      const increment = (note.freq * (detune[v] ?? 0) * vibrato) / SAMPLE_RATE;
      let p = (phases[v] ?? 0) + increment;
      if (p >= 1) p -= 1;
      phases[v] = p;
      sample += 2 * p - 1 - polyBlep(p, increment);
    }
    out[note.start + i] = (out[note.start + i] ?? 0) + filter.process(sample) * env.next() * gain;
  }
}

/** Two-operator FM electric piano with a soft bark that fades, plus tremolo. */
function electricPiano(out: Float32Array, note: Note, _rng: Rng, tremolo = 0.12): void {
  const release = 0.35;
  const n = noteSpan(out, note.start, note.gate + release);
  const decay = decayFactor(Math.min(2.6, Math.max(0.7, 1.6 * Math.sqrt(220 / note.freq))));
  const barkDecay = decayFactor(0.22);
  const tineDecay = decayFactor(0.05);
  const f = note.freq * dt;
  const gain = 0.22 * note.velocity;
  let body = 1;
  let bark = 1.8 * note.velocity;
  let tine = 0.06;
  const env = new Envelope(note.gate, 0.001, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    // The modulator's depth (the 'bark') fades faster than the tone: bright attack, mellow sustain.
    const modulator = sine(f * i) * (0.4 + bark) * 0.159;
    const amp = (t < 0.003 ? t / 0.003 : body) * env.next();
    const trem = 1 - tremolo * (0.5 + 0.5 * sine(4.6 * t));
    out[note.start + i] =
      (out[note.start + i] ?? 0) + (sine(f * i + modulator) + sine(7 * f * i) * tine) * amp * trem * gain;
    body *= decay;
    bark *= barkDecay;
    tine *= tineDecay;
  }
}

/** Additive piano: slightly stretched partials, the high ones dying first; dampers on release. */
function piano(out: Float32Array, note: Note): void {
  const release = 0.25;
  const n = noteSpan(out, note.start, note.gate + release);
  const partials = note.freq > 1200 ? 3 : 6;
  const baseDecay = Math.min(4, Math.max(0.8, 2.8 * Math.sqrt(261 / note.freq)));
  const brightness = 0.5 + 0.5 * note.velocity;
  const gain = 0.2 * note.velocity;
  // The key's envelope is the same for every partial: worked out once.
  const shape = new Float32Array(n);
  const env = new Envelope(note.gate, 0.001, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    shape[i] = (t < 0.004 ? t / 0.004 : 1) * env.next();
  }
  for (let k = 1; k <= partials; k++) {
    const f = note.freq * k * Math.sqrt(1 + 0.0004 * k * k);
    if (f > 9000) break;
    const amp = (Math.pow(brightness, k - 1) / Math.pow(k, 1.1)) * gain;
    const decay = baseDecay / (1 + 0.7 * (k - 1));
    // Recursive sine: y[n] = 2cos(w)y[n-1] - y[n-2], far cheaper than Math.sin per sample.
    const c = 2 * Math.cos(TWO_PI * f * dt);
    let y1 = 0;
    let y2 = -Math.sin(TWO_PI * f * dt);
    const fall = Math.exp(-dt / decay);
    let level = amp;
    for (let i = 0; i < n; i++) {
      const y = c * y1 - y2;
      y2 = y1;
      y1 = y;
      out[note.start + i] = (out[note.start + i] ?? 0) + y * level * (shape[i] ?? 0);
      level *= fall;
    }
  }
}

/** Karplus-Strong string: a noise burst in a delay line that averages itself into a tone. */
function pluckedString(
  out: Float32Array,
  note: Note,
  rng: Rng,
  brightness = 0.6,
  sustain = 1.2,
  level = 0.3,
): void {
  const release = 0.12;
  const n = noteSpan(out, note.start, note.gate + release);
  const period = SAMPLE_RATE / note.freq;
  const length = Math.max(2, Math.floor(period));
  const line = new Float32Array(length);
  const excite = new Svf(400 + 6000 * brightness * note.velocity);
  for (let i = 0; i < length; i++) line[i] = excite.process(rng.range(-1, 1));
  // The loop filter's loss per period, chosen so the note falls 60 dB in `sustain` seconds.
  const loss = Math.pow(0.001, period / (sustain * SAMPLE_RATE));
  const gain = level * note.velocity;
  let index = 0;
  let previous = 0;
  const env = new Envelope(note.gate, 0.002, 10, 1, release);
  for (let i = 0; i < n; i++) {
    const current = line[index] ?? 0;
    const averaged = 0.5 * (current + previous) * loss;
    previous = current;
    line[index] = averaged;
    if (++index === length) index = 0;
    out[note.start + i] = (out[note.start + i] ?? 0) + current * gain * env.next();
  }
}

/** FM bell / glass: an inharmonic modulator ratio and a long ring. */
function bell(out: Float32Array, note: Note, _rng: Rng, ratio = 3.5, ring = 2.2): void {
  const release = 0.6;
  const n = noteSpan(out, note.start, note.gate + ring);
  const f = note.freq * dt;
  const gain = 0.16 * note.velocity;
  const indexDecay = decayFactor(0.35);
  const ringDecay = decayFactor(ring / 3);
  let index = 2.2 / TWO_PI;
  let level = 1;
  const env = new Envelope(note.gate + ring - release, 0.001, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const amp = (t < 0.002 ? t / 0.002 : level) * env.next();
    out[note.start + i] = (out[note.start + i] ?? 0) + sine(f * i + index * sine(f * ratio * i)) * amp * gain;
    index *= indexDecay;
    level *= ringDecay;
  }
}

/** Vibraphone: fundamental and fourth partial with the motor's tremolo. */
function vibraphone(out: Float32Array, note: Note): void {
  const ring = 1.8;
  const n = noteSpan(out, note.start, note.gate + ring);
  const f = note.freq * dt;
  const gain = 0.18 * note.velocity;
  const lowDecay = decayFactor(1.1);
  const highDecay = decayFactor(0.18);
  let low = 1;
  let high = 0.25;
  const env = new Envelope(note.gate + ring - 0.5, 0.001, 1, 1, 0.5);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const attack = t < 0.002 ? t / 0.002 : 1;
    const body = sine(f * i) * low + sine(4 * f * i) * high;
    const trem = 1 - 0.25 * (0.5 + 0.5 * sine(5.5 * t));
    out[note.start + i] = (out[note.start + i] ?? 0) + body * attack * trem * env.next() * gain;
    low *= lowDecay;
    high *= highDecay;
  }
}

/** Drawbar organ with a slow rotary wobble. */
function organ(out: Float32Array, note: Note): void {
  const release = 0.08;
  const n = noteSpan(out, note.start, note.gate + release);
  const drawbars: Array<[number, number]> = [
    [1, 1],
    [2, 0.6],
    [3, 0.35],
    [4, 0.2],
  ];
  const gain = 0.1 * note.velocity;
  const env = new Envelope(note.gate, 0.01, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    let sample = 0;
    for (const [harmonic, level] of drawbars) sample += sine(note.freq * harmonic * t) * level;
    const rotary = 1 - 0.12 * (0.5 + 0.5 * sine(5.8 * t));
    out[note.start + i] = (out[note.start + i] ?? 0) + sample * rotary * env.next() * gain;
  }
}

/** Soft synth lead: saw and square blended, filtered, with delayed vibrato. */
function lead(out: Float32Array, note: Note, rng: Rng, cutoff = 2400): void {
  const release = 0.15;
  const n = noteSpan(out, note.start, note.gate + release);
  let phase = rng.next();
  const filter = new Svf(cutoff, 0.9);
  const gain = 0.13 * note.velocity;
  const env = new Envelope(note.gate, 0.015, 0.4, 0.75, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const vibrato = 1 + 0.004 * sine(5.5 * t) * Math.min(1, Math.max(0, (t - 0.15) / 0.3));
    const increment = (note.freq * vibrato) / SAMPLE_RATE;
    phase += increment;
    if (phase >= 1) phase -= 1;
    const saw = 2 * phase - 1 - polyBlep(phase, increment);
    const shifted = (phase + 0.5) % 1;
    const square = (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
    const sample = filter.process(0.5 * saw + 0.5 * square);
    out[note.start + i] = (out[note.start + i] ?? 0) + sample * env.next() * gain;
  }
}

/** Breathy flute: a near-sine with a little second harmonic, breath noise and vibrato. */
function flute(out: Float32Array, note: Note, rng: Rng): void {
  const release = 0.18;
  const n = noteSpan(out, note.start, note.gate + release);
  const breath = new Svf(note.freq * 2, 2);
  let phase = 0;
  const gain = 0.2 * note.velocity;
  const env = new Envelope(note.gate, 0.06, 0.5, 0.85, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const vibrato = 1 + 0.005 * sine(5 * t) * Math.min(1, Math.max(0, (t - 0.2) / 0.4));
    phase += (note.freq * vibrato) / SAMPLE_RATE;
    breath.process(rng.range(-1, 1));
    const sample = sine(phase) + 0.18 * sine(2 * phase) + 0.25 * breath.band;
    out[note.start + i] = (out[note.start + i] ?? 0) + sample * env.next() * gain;
  }
}

/** Sine sub bass with a touch of second harmonic so it is audible on small speakers. */
function subBass(out: Float32Array, note: Note): void {
  const release = 0.08;
  const n = noteSpan(out, note.start, note.gate + release);
  const gain = 0.45 * note.velocity;
  const f = note.freq * dt;
  const env = new Envelope(note.gate, 0.006, 0.3, 0.8, release);
  for (let i = 0; i < n; i++) {
    const sample = Math.tanh(1.4 * (sine(f * i) + 0.3 * sine(2 * f * i)));
    out[note.start + i] = (out[note.start + i] ?? 0) + sample * env.next() * gain;
  }
}

/** Filtered saw bass whose filter snaps shut after each note: the electronic and pop bass. */
function synthBass(out: Float32Array, note: Note, rng: Rng, open = 900): void {
  const release = 0.06;
  const n = noteSpan(out, note.start, note.gate + release);
  const filter = new Svf(200, 1.1);
  let phase = rng.next();
  const increment = note.freq / SAMPLE_RATE;
  const gain = 0.38 * note.velocity;
  const env = new Envelope(note.gate, 0.004, 0.4, 0.8, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    if ((i & 15) === 0) filter.set(160 + open * Math.exp(-t / 0.12), 1.1);
    phase += increment;
    if (phase >= 1) phase -= 1;
    const saw = 2 * phase - 1 - polyBlep(phase, increment);
    const sub = sine(phase);
    out[note.start + i] = (out[note.start + i] ?? 0) + (filter.process(saw) + 0.5 * sub) * env.next() * gain;
  }
}

/** Upright bass: a dark plucked string with a round sine body. */
function uprightBass(out: Float32Array, note: Note, rng: Rng): void {
  pluckedString(out, note, rng, 0.12, 1.6, 0.35);
  const release = 0.08;
  const n = noteSpan(out, note.start, note.gate + release);
  const f = note.freq * dt;
  const gain = 0.28 * note.velocity;
  const fall = decayFactor(0.9);
  let level = 1;
  const env = new Envelope(note.gate, 0.001, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    const amp = (t < 0.005 ? t / 0.005 : level) * env.next();
    out[note.start + i] = (out[note.start + i] ?? 0) + sine(f * i) * amp * gain;
    level *= fall;
  }
}

/** A short synth pluck for arpeggios: saw through a filter that closes fast. */
function synthPluck(out: Float32Array, note: Note, rng: Rng): void {
  const release = 0.08;
  const n = noteSpan(out, note.start, note.gate + release + 0.25);
  const filter = new Svf(400, 1.2);
  let phase = rng.next();
  const increment = note.freq / SAMPLE_RATE;
  const gain = 0.14 * note.velocity;
  const fall = decayFactor(0.28);
  let level = 1;
  const env = new Envelope(note.gate + 0.25, 0.002, 1, 1, release);
  for (let i = 0; i < n; i++) {
    const t = i * dt;
    if ((i & 15) === 0) filter.set(300 + 3200 * Math.exp(-t / 0.07), 1.2);
    phase += increment;
    if (phase >= 1) phase -= 1;
    const saw = 2 * phase - 1 - polyBlep(phase, increment);
    out[note.start + i] = (out[note.start + i] ?? 0) + filter.process(saw) * level * env.next() * gain;
    level *= fall;
  }
}

export const INSTRUMENTS = {
  pad: (out, note, rng) => pad(out, note, rng),
  darkPad: (out, note, rng) => pad(out, note, rng, 0.55, 1.6, 3),
  supersaw: (out, note, rng) => pad(out, note, rng, 1.5, 0.01, 5),
  strings,
  electricPiano: (out, note, rng) => electricPiano(out, note, rng),
  lofiPiano: (out, note, rng) => electricPiano(out, note, rng, 0.22),
  piano,
  guitar: (out, note, rng) => pluckedString(out, note, rng, 0.75, 1.0, 0.3),
  harp: (out, note, rng) => pluckedString(out, note, rng, 0.45, 2.5, 0.3),
  bell: (out, note, rng) => bell(out, note, rng),
  glass: (out, note, rng) => bell(out, note, rng, 2.0, 3.5),
  vibraphone,
  organ,
  lead: (out, note, rng) => lead(out, note, rng),
  softLead: (out, note, rng) => lead(out, note, rng, 1500),
  flute,
  subBass,
  synthBass: (out, note, rng) => synthBass(out, note, rng),
  rockBass: (out, note, rng) => synthBass(out, note, rng, 1400),
  uprightBass,
  synthPluck,
} satisfies Record<string, Instrument>;

export type InstrumentName = keyof typeof INSTRUMENTS;
