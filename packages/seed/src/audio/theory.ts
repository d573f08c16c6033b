// Just enough music theory: scales, diatonic chords and voice leading.

import { must } from "../must.js";

export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const;
export type ScaleName = keyof typeof SCALES;

export const NOTE_NAMES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"] as const;

export const midiToHz = (midi: number): number => 440 * Math.pow(2, (midi - 69) / 12);

/** A key: a tonic MIDI note and a scale. Degrees count scale steps from the tonic (0 = tonic; 7 = octave up). */
export class Key {
  constructor(
    readonly tonic: number,
    readonly scale: ScaleName,
  ) {}

  /** MIDI note of a scale degree (any integer, negative goes down). */
  midi(degree: number): number {
    const steps = SCALES[this.scale];
    const octave = Math.floor(degree / 7);
    const index = degree - octave * 7;
    return this.tonic + octave * 12 + must(steps[index], "a degree folds into the scale's seven steps");
  }

  /** Degrees of a chord stacked in thirds on `root` (3 = triad, 4 = seventh chord). */
  chordDegrees(root: number, size: number): number[] {
    return Array.from({ length: size }, (_, i) => root + 2 * i);
  }

  /** Is `midi` one of the chord's pitch classes? */
  inChord(midi: number, root: number, size: number): boolean {
    const classes = this.chordDegrees(root, size).map((d) => ((this.midi(d) % 12) + 12) % 12);
    return classes.includes(((midi % 12) + 12) % 12);
  }

  /** The scale degree whose pitch is nearest `midi` (ties go down). */
  nearestDegree(midi: number): number {
    let best = 0;
    let bestDistance = Infinity;
    const guess = Math.round(((midi - this.tonic) / 12) * 7);
    for (let d = guess - 3; d <= guess + 3; d++) {
      const distance = Math.abs(this.midi(d) - midi);
      if (distance < bestDistance) {
        best = d;
        bestDistance = distance;
      }
    }
    return best;
  }
}

/**
 * Voices a chord near `center`: every inversion within an octave either side is tried and the one
 * closest to the previous voicing wins, so chords move smoothly instead of jumping.
 */
export function voiceChord(
  key: Key,
  root: number,
  size: number,
  center: number,
  previous: number[] | null,
): number[] {
  const base = key.chordDegrees(root, size).map((d) => key.midi(d));
  let best: number[] = base;
  let bestScore = Infinity;
  for (let inversion = 0; inversion < size; inversion++) {
    for (let shift = -2; shift <= 2; shift++) {
      const notes = base.map((note, i) => note + 12 * shift + (i < inversion ? 12 : 0)).sort((a, b) => a - b);
      const mean = notes.reduce((s, n) => s + n, 0) / notes.length;
      let score = Math.abs(mean - center);
      if (previous && previous.length === notes.length) {
        score =
          0.5 * score + notes.reduce((s, n, i) => s + Math.abs(n - (previous[i] ?? 0)), 0) / notes.length;
      }
      if (score < bestScore) {
        best = notes;
        bestScore = score;
      }
    }
  }
  return best;
}
