// Melodies built the way people write them: a two-bar motif (rhythm plus contour) that repeats
// over changing chords, landing on chord tones on the beats and moving by step in between.
import type { Rng } from "./prng.js";
import type { Key } from "./theory.js";
import { must } from "../must.js";

interface MotifNote {
  /** Sixteenth step within the two-bar motif. */
  step: number;
  length: number;
  /** Scale steps from the previous note. */
  move: number;
}

export interface MelodyNote {
  /** Bar index relative to the phrase start. */
  bar: number;
  step: number;
  length: number;
  midi: number;
  accent: boolean;
}

const MOVES = [-2, -1, -1, -1, 0, 1, 1, 1, 2, 3, -3, -2, 2];

export function makeMotif(rng: Rng, stepsPerBar: number, every: number, density: number): MotifNote[] {
  const span = stepsPerBar * 2;
  const steps: number[] = [];
  for (let step = 0; step < span; step += every) {
    const strength = step % stepsPerBar === 0 ? 3 : step % 4 === 0 ? 2 : step % 2 === 0 ? 1 : 0;
    let probability = density * ([0.6, 0.9, 1.3, 1.5] as const)[strength];
    if (step >= span - 4) probability *= 0.3; // leave a breath before the motif repeats
    if (step === 0) probability = 0.85;
    if (rng.chance(probability)) steps.push(step);
  }
  for (let beat = 0; steps.length < 3 && beat < span; beat += 4) {
    if (!steps.includes(beat)) steps.push(beat);
    steps.sort((a, b) => a - b);
  }
  return steps.map((step, index) => {
    const next = steps[index + 1] ?? Math.min(span, step + every * 3);
    return { step, length: next - step, move: index === 0 ? 0 : rng.pick(MOVES) };
  });
}

/** The chord tone nearest `midi` (searching outwards, preferring downwards on ties). */
function nearestChordTone(key: Key, chord: number, size: number, midi: number): number {
  for (let distance = 0; distance <= 6; distance++) {
    if (key.inChord(midi - distance, chord, size)) return midi - distance;
    if (key.inChord(midi + distance, chord, size)) return midi + distance;
  }
  return midi;
}

/**
 * Plays `motif` over `chords` (one per bar), repeating it every two bars; the last note becomes a
 * held chord tone so the phrase sounds finished.
 */
export function realizeMotif(
  motif: MotifNote[],
  chords: number[],
  key: Key,
  chordSize: number,
  stepsPerBar: number,
  center: number,
  rng: Rng,
): MelodyNote[] {
  const notes: MelodyNote[] = [];
  let previous = nearestChordTone(key, must(chords[0], "a phrase has at least one bar"), chordSize, center);
  for (let repeat = 0; repeat * 2 < chords.length; repeat++) {
    for (const motifNote of motif) {
      const bar = repeat * 2 + Math.floor(motifNote.step / stepsPerBar);
      if (bar >= chords.length) break;
      const step = motifNote.step % stepsPerBar;
      const chord = must(chords[bar], "the bar is checked against the phrase's length above");
      // Vary the second statement a little, as a singer would.
      const move = repeat > 0 && rng.chance(0.25) ? rng.pick(MOVES) : motifNote.move;
      let degree = key.nearestDegree(previous) + move;
      let midi = key.midi(degree);
      if (midi > center + 8 || midi < center - 8) {
        degree -= 2 * move;
        midi = key.midi(degree);
      }
      const accent = step % 4 === 0;
      if (accent) midi = nearestChordTone(key, chord, chordSize, midi);
      notes.push({ bar, step, length: motifNote.length, midi, accent });
      previous = midi;
    }
  }
  const last = notes[notes.length - 1];
  if (last) {
    last.midi = nearestChordTone(
      key,
      must(chords[last.bar], "every note lies in a bar of the phrase"),
      3,
      last.midi,
    );
    last.length = Math.max(last.length, chords.length * stepsPerBar - (last.bar * stepsPerBar + last.step));
  }
  return notes;
}
