// Renders a score to mono PCM: instruments into part buffers, then a small mixing desk
// (gains, drive, sidechain ducking, echo and reverb sends) and a mastering chain.
import type { Score } from "./compose.js";
import { buildKit, type DrumName } from "./drums.js";
import { SAMPLE_RATE, driveBuffer, echo, highpassBuffer, lowpassBuffer, mixInto, reverb } from "./dsp.js";
import { INSTRUMENTS } from "./instruments.js";
import type { PartName, SongPlan } from "./plan.js";
import type { PartStyle } from "./styles.js";
import { midiToHz } from "./theory.js";

/** Relative loudness of each drum inside the kit. */
const DRUM_LEVELS: Record<DrumName, number> = {
  kick: 1,
  snare: 0.75,
  clap: 0.6,
  hat: 0.35,
  openHat: 0.3,
  ride: 0.45,
  crash: 0.35,
  rim: 0.4,
  brush: 0.5,
};

const FADE_IN_SECONDS = 0.25;
const FADE_OUT_SECONDS = 2.5;
/** Loudness the master aims for (RMS), before the soft limiter. */
const TARGET_RMS = 0.16;
/** Ceiling of the soft limiter; leaves headroom for the MP3 encoder's overshoot. */
const CEILING = 0.93;

function renderDrums(plan: SongPlan, score: Score): { buffer: Float32Array; kicks: number[] } {
  const buffer = new Float32Array(plan.totalSamples);
  const kicks: number[] = [];
  const drums = plan.style.drums;
  if (!drums) return { buffer, kicks };
  const kit = buildKit(plan.rng.fork("kit"), drums.kit);
  for (const hit of score.hits) {
    const start = Math.round(hit.time * SAMPLE_RATE);
    mixInto(buffer, kit[hit.drum], start, hit.velocity * DRUM_LEVELS[hit.drum]);
    if (hit.drum === "kick") kicks.push(start);
  }
  return { buffer, kicks };
}

/**
 * Loudness of a part while it plays: the RMS of its louder half of 50 ms blocks, so a part that
 * is silent in the intro or plays only in the B sections is not mistaken for a quiet one.
 */
function activeRms(signal: Float32Array): number {
  const block = 2205;
  const energies: number[] = [];
  for (let start = 0; start + block <= signal.length; start += block) {
    let sum = 0;
    for (let i = start; i < start + block; i++) sum += (signal[i] ?? 0) * (signal[i] ?? 0);
    if (sum > 0) energies.push(sum / block);
  }
  if (energies.length === 0) return 0;
  energies.sort((a, b) => b - a);
  const loud = energies.slice(0, Math.max(1, Math.ceil(energies.length / 2)));
  return Math.sqrt(loud.reduce((sum, e) => sum + e, 0) / loud.length);
}

/** A gain curve that dips after every kick: the 'pumping' of dance music. */
function duckCurve(length: number, kicks: number[], depth: number): Float32Array {
  const curve = new Float32Array(length).fill(1);
  const recover = 0.18 * SAMPLE_RATE;
  for (const kick of kicks) {
    for (let i = 0; i < recover && kick + i < length; i++) {
      const x = i / recover;
      curve[kick + i] = Math.min(curve[kick + i] ?? 0, 1 - depth * (1 - x) * (1 - x));
    }
  }
  return curve;
}

/** Loudness normalisation with a soft knee above 0.8 so peaks round off instead of clipping. */
function master(signal: Float32Array): void {
  let sumSquares = 0;
  let peak = 0;
  for (const x of signal) {
    sumSquares += x * x;
    peak = Math.max(peak, Math.abs(x));
  }
  const rms = Math.sqrt(sumSquares / signal.length) || 1;
  const gain = Math.min(TARGET_RMS / rms, 1.35 / (peak || 1));
  const knee = 0.8;
  for (let i = 0; i < signal.length; i++) {
    const x = (signal[i] ?? 0) * gain;
    const magnitude = Math.abs(x);
    const limited =
      magnitude <= knee ? magnitude : knee + (1 - knee) * Math.tanh((magnitude - knee) / (1 - knee));
    signal[i] = Math.sign(x) * limited * CEILING;
  }
  const fadeIn = Math.round(FADE_IN_SECONDS * SAMPLE_RATE);
  const fadeOut = Math.round(FADE_OUT_SECONDS * SAMPLE_RATE);
  for (let i = 0; i < fadeIn; i++) signal[i] = (signal[i] ?? 0) * Math.sin((Math.PI / 2) * (i / fadeIn));
  for (let i = 0; i < fadeOut; i++) {
    const index = signal.length - 1 - i;
    signal[index] = (signal[index] ?? 0) * Math.sin((Math.PI / 2) * (i / fadeOut));
  }
}

/** Faint tape hiss and record crackle for lo-fi. */
function addVinyl(signal: Float32Array, level: number, plan: SongPlan): void {
  const rng = plan.rng.fork("vinyl");
  let hiss = 0;
  for (let i = 0; i < signal.length; i++) {
    hiss = 0.9 * hiss + 0.1 * rng.range(-1, 1);
    let crackle = 0;
    if (rng.chance(0.00035)) crackle = rng.range(-1, 1) * 8;
    signal[i] = (signal[i] ?? 0) + (hiss + crackle) * level;
  }
}

export function renderSong(plan: SongPlan, score: Score): Float32Array {
  const length = plan.totalSamples;
  const { style } = plan;
  const parts: Record<PartName, Float32Array> = {
    chords: new Float32Array(length),
    counter: new Float32Array(length),
    bass: new Float32Array(length),
    melody: new Float32Array(length),
  };
  const noteRng = plan.rng.fork("notes");
  for (const note of score.notes) {
    const start = Math.round(note.time * SAMPLE_RATE);
    if (start >= length) continue;
    INSTRUMENTS[note.instrument](
      parts[note.part],
      { start, gate: note.gate, freq: midiToHz(note.midi), velocity: note.velocity },
      noteRng,
    );
  }
  if (style.chords.drive) {
    driveBuffer(parts.chords, style.chords.drive);
    lowpassBuffer(parts.chords, 3800);
  }
  if (style.melody.drive) {
    driveBuffer(parts.melody, style.melody.drive);
    lowpassBuffer(parts.melody, 4200);
  }
  const drums = renderDrums(plan, score);
  if (style.master.duck) {
    const curve = duckCurve(length, drums.kicks, style.master.duck);
    for (const part of [parts.chords, parts.counter, parts.bass])
      for (let i = 0; i < length; i++) part[i] = (part[i] ?? 0) * (curve[i] ?? 0);
  }

  const dry = new Float32Array(length);
  const reverbSend = new Float32Array(length);
  const echoSend = new Float32Array(length);
  const route = (signal: Float32Array, settings: Pick<PartStyle, "level" | "reverb" | "echo">) => {
    const { level, reverb: wet, echo: delayed = 0 } = settings;
    const loudness = activeRms(signal);
    const gain = loudness > 0 ? level / loudness : 0;
    for (let i = 0; i < length; i++) {
      const x = (signal[i] ?? 0) * gain;
      dry[i] = (dry[i] ?? 0) + x;
      reverbSend[i] = (reverbSend[i] ?? 0) + x * wet;
      echoSend[i] = (echoSend[i] ?? 0) + x * delayed;
    }
  };
  route(parts.chords, style.chords);
  if (style.counter) route(parts.counter, style.counter);
  if (style.bass) route(parts.bass, style.bass);
  route(parts.melody, style.melody);
  if (style.drums) route(drums.buffer, style.drums);

  // Echoes at a dotted eighth, which sits in the groove at any tempo.
  const echoes = echo(echoSend, plan.stepSeconds * 3, 0.35);
  for (let i = 0; i < length; i++) reverbSend[i] = (reverbSend[i] ?? 0) + (echoes[i] ?? 0) * 0.5;
  const wet = reverb(reverbSend, style.master.room, style.master.damp);
  const mix = new Float32Array(length);
  for (let i = 0; i < length; i++) mix[i] = (dry[i] ?? 0) + (echoes[i] ?? 0) + (wet[i] ?? 0) * 3;

  highpassBuffer(mix, 30);
  if (style.master.lowpass) lowpassBuffer(mix, style.master.lowpass);
  if (style.master.vinyl) addVinyl(mix, style.master.vinyl, plan);
  master(mix);
  return mix;
}
