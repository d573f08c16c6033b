// One style per genre: tempo range, keys and modes, progressions, instruments, groove and mix.
// The styles differ in every dimension on purpose, so each genre is recognisable by ear.
import type { Genre } from "../catalog-model.js";
import type { DrumName, KitOptions } from "./drums.js";
import type { InstrumentName } from "./instruments.js";
import type { ScaleName } from "./theory.js";

/** How a chord part plays each bar. Steps are sixteenth notes from the bar's start. */
export type Comp =
  | { kind: "sustain" }
  | { kind: "hits"; steps: number[]; length: number }
  | {
      kind: "arpeggio";
      every: number;
      pattern: "up" | "updown" | "alberti";
      length: number;
      octaves: number;
    };

export interface BassStep {
  step: number;
  length: number;
  tone: "root" | "fifth" | "octave";
}
export type BassLine = { kind: "pattern"; steps: BassStep[] } | { kind: "walking" } | { kind: "drone" };

/** One string per drum, one character per sixteenth: x accent, o normal, - ghost, . rest. */
export type DrumPattern = Partial<Record<DrumName, string>>;

export interface PartStyle {
  /** One is picked per song. */
  instruments: InstrumentName[];
  velocity: number;
  /** Loudness (RMS while playing) the part is levelled to before mixing. */
  level: number;
  reverb: number;
  echo?: number;
}

export interface GenreStyle {
  genre: Genre;
  bpm: [number, number];
  /** Tonic pitch classes (0 = C) to choose from. */
  tonics: number[];
  modes: Array<{ scale: ScaleName; progressions: number[][] }>;
  /** 3 = triads, 4 = seventh chords. */
  chordSize: 3 | 4;
  /** Delay of off-beat notes, as a fraction of the swing unit. */
  swing: number;
  swingUnit: 8 | 16;
  drums: {
    main: DrumPattern;
    intro?: DrumPattern;
    waltz?: DrumPattern;
    fills: boolean;
    crash: boolean;
    kit: KitOptions;
    level: number;
    reverb: number;
  } | null;
  chords: PartStyle & { comp: Comp; center: number; power?: boolean; drive?: number; waltzComp?: Comp };
  bass: (PartStyle & { line: BassLine }) | null;
  melody: PartStyle & { center: number; every: number; density: number; drive?: number };
  counter: (PartStyle & { comp: Comp; center: number; onlyInB?: boolean }) | null;
  master: { room: number; damp: number; lowpass?: number; vinyl?: number; duck?: number };
}

export const STYLES: Record<Genre, GenreStyle> = {
  Pop: {
    genre: "Pop",
    bpm: [104, 118],
    tonics: [0, 2, 7],
    modes: [
      {
        scale: "major",
        progressions: [
          [0, 4, 5, 3],
          [5, 3, 0, 4],
          [0, 5, 3, 4],
          [3, 0, 4, 5],
        ],
      },
    ],
    chordSize: 3,
    swing: 0,
    swingUnit: 16,
    drums: {
      main: { kick: "x.....x.x.....o.", snare: "....x.......x...", hat: "x.o.x.o.x.o.x.o." },
      intro: { kick: "x.......x.......", hat: "o.-.o.-.o.-.o.-." },
      fills: true,
      crash: true,
      kit: { kickPitch: 50, kickDecay: 0.2, snareTone: 2600 },
      level: 0.11,
      reverb: 0.12,
    },
    chords: {
      instruments: ["pad"],
      velocity: 0.8,
      level: 0.06,
      reverb: 0.3,
      comp: { kind: "sustain" },
      center: 62,
    },
    bass: {
      instruments: ["synthBass"],
      velocity: 0.8,
      level: 0.08,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [
          { step: 0, length: 3, tone: "root" },
          { step: 4, length: 2, tone: "root" },
          { step: 6, length: 2, tone: "octave" },
          { step: 8, length: 3, tone: "root" },
          { step: 12, length: 2, tone: "fifth" },
          { step: 14, length: 2, tone: "root" },
        ],
      },
    },
    melody: {
      instruments: ["lead", "synthPluck"],
      velocity: 0.8,
      level: 0.085,
      reverb: 0.25,
      echo: 0.2,
      center: 74,
      every: 2,
      density: 0.55,
    },
    counter: {
      instruments: ["guitar", "harp"],
      velocity: 0.6,
      level: 0.04,
      reverb: 0.25,
      comp: { kind: "arpeggio", every: 2, pattern: "up", length: 2, octaves: 1 },
      center: 67,
    },
    master: { room: 0.6, damp: 0.4 },
  },

  Rock: {
    genre: "Rock",
    bpm: [126, 142],
    tonics: [4, 9, 2],
    modes: [
      {
        scale: "mixolydian",
        progressions: [
          [0, 6, 3, 0],
          [0, 3, 6, 3],
        ],
      },
      {
        scale: "minor",
        progressions: [
          [0, 5, 2, 6],
          [0, 6, 5, 6],
        ],
      },
    ],
    chordSize: 3,
    swing: 0,
    swingUnit: 16,
    drums: {
      main: { kick: "x.x.....x.x..o..", snare: "....x.......x...", hat: "x.o.x.o.x.o.x.o." },
      intro: { kick: "x.......x.......", hat: "x.o.x.o.x.o.x.o." },
      fills: true,
      crash: true,
      kit: { kickPitch: 55, kickDecay: 0.16, snareTone: 2200 },
      level: 0.12,
      reverb: 0.15,
    },
    chords: {
      instruments: ["guitar"],
      velocity: 0.85,
      level: 0.08,
      reverb: 0.15,
      comp: { kind: "hits", steps: [0, 2, 4, 6, 8, 10, 12, 14], length: 2 },
      center: 52,
      power: true,
      drive: 4,
    },
    bass: {
      instruments: ["rockBass"],
      velocity: 0.85,
      level: 0.085,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [0, 2, 4, 6, 8, 10, 12, 14].map((step) => ({ step, length: 2, tone: "root" as const })),
      },
    },
    melody: {
      instruments: ["lead"],
      velocity: 0.85,
      level: 0.07,
      reverb: 0.2,
      echo: 0.15,
      center: 71,
      every: 2,
      density: 0.5,
      drive: 2.5,
    },
    counter: null,
    master: { room: 0.5, damp: 0.5 },
  },

  Electronic: {
    genre: "Electronic",
    bpm: [122, 128],
    tonics: [5, 9, 11],
    modes: [
      {
        scale: "minor",
        progressions: [
          [0, 5, 2, 6],
          [0, 3, 5, 4],
          [5, 6, 0, 0],
        ],
      },
    ],
    chordSize: 3,
    swing: 0,
    swingUnit: 16,
    drums: {
      main: {
        kick: "x...x...x...x...",
        clap: "....x.......x...",
        openHat: "..o...o...o...o.",
        hat: "-.-o-.-o-.-o-.-o",
      },
      intro: { kick: "x...x...x...x...", hat: "..o...o...o...o." },
      fills: false,
      crash: true,
      kit: { kickPitch: 48, kickDecay: 0.28, snareTone: 2800 },
      level: 0.12,
      reverb: 0.08,
    },
    chords: {
      instruments: ["supersaw"],
      velocity: 0.7,
      level: 0.06,
      reverb: 0.3,
      comp: { kind: "sustain" },
      center: 64,
    },
    bass: {
      instruments: ["synthBass"],
      velocity: 0.85,
      level: 0.08,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [
          { step: 2, length: 2, tone: "root" },
          { step: 6, length: 2, tone: "root" },
          { step: 10, length: 2, tone: "octave" },
          { step: 14, length: 2, tone: "root" },
        ],
      },
    },
    melody: {
      instruments: ["lead", "bell"],
      velocity: 0.8,
      level: 0.07,
      reverb: 0.25,
      echo: 0.3,
      center: 76,
      every: 2,
      density: 0.5,
    },
    counter: {
      instruments: ["synthPluck"],
      velocity: 0.7,
      level: 0.05,
      reverb: 0.2,
      echo: 0.25,
      comp: { kind: "arpeggio", every: 1, pattern: "updown", length: 1, octaves: 2 },
      center: 67,
    },
    master: { room: 0.7, damp: 0.35, duck: 0.55 },
  },

  "Hip-Hop": {
    genre: "Hip-Hop",
    bpm: [84, 94],
    tonics: [1, 6, 8],
    modes: [
      {
        scale: "minor",
        progressions: [
          [0, 3, 5, 4],
          [0, 6, 5, 6],
        ],
      },
      {
        scale: "dorian",
        progressions: [
          [0, 3, 0, 3],
          [0, 6, 3, 0],
        ],
      },
    ],
    chordSize: 4,
    swing: 0.14,
    swingUnit: 16,
    drums: {
      main: { kick: "x.........x.x...", snare: "....x.......x...", hat: "x.o.x.o.x.o.x.oo" },
      intro: { hat: "o.-.o.-.o.-.o.-." },
      fills: false,
      crash: false,
      kit: { kickPitch: 46, kickDecay: 0.24, snareTone: 1900, muffle: 9000 },
      level: 0.12,
      reverb: 0.1,
    },
    chords: {
      instruments: ["darkPad", "strings"],
      velocity: 0.65,
      level: 0.05,
      reverb: 0.3,
      comp: { kind: "sustain" },
      center: 60,
    },
    bass: {
      instruments: ["subBass"],
      velocity: 0.9,
      level: 0.09,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [
          { step: 0, length: 6, tone: "root" },
          { step: 10, length: 2, tone: "root" },
          { step: 12, length: 4, tone: "fifth" },
        ],
      },
    },
    melody: {
      instruments: ["piano", "electricPiano"],
      velocity: 0.75,
      level: 0.08,
      reverb: 0.2,
      center: 70,
      every: 2,
      density: 0.45,
    },
    counter: null,
    master: { room: 0.5, damp: 0.6 },
  },

  Jazz: {
    genre: "Jazz",
    bpm: [100, 132],
    tonics: [10, 5, 3],
    modes: [
      {
        scale: "major",
        progressions: [
          [1, 4, 0, 0],
          [0, 5, 1, 4],
          [2, 5, 1, 4],
        ],
      },
    ],
    chordSize: 4,
    swing: 0.33,
    swingUnit: 8,
    drums: {
      main: {
        ride: "o...x.o.o...x.o.",
        hat: "....o.......o...",
        kick: "-.......-.......",
        brush: "......-.......-.",
      },
      waltz: { ride: "x...o.o.o...", hat: "....o...o...", kick: "-..........." },
      fills: false,
      crash: false,
      kit: { kickPitch: 52, kickDecay: 0.18, snareTone: 2400 },
      level: 0.045,
      reverb: 0.2,
    },
    chords: {
      instruments: ["piano", "electricPiano"],
      velocity: 0.6,
      level: 0.06,
      reverb: 0.25,
      comp: { kind: "hits", steps: [0, 6], length: 3 },
      waltzComp: { kind: "hits", steps: [4, 8], length: 3 },
      center: 60,
    },
    bass: {
      instruments: ["uprightBass"],
      velocity: 0.8,
      level: 0.08,
      reverb: 0.05,
      line: { kind: "walking" },
    },
    melody: {
      instruments: ["vibraphone"],
      velocity: 0.75,
      level: 0.085,
      reverb: 0.3,
      center: 74,
      every: 2,
      density: 0.55,
    },
    counter: null,
    master: { room: 0.55, damp: 0.5 },
  },

  Classical: {
    genre: "Classical",
    bpm: [66, 82],
    tonics: [2, 7, 3],
    modes: [
      {
        scale: "major",
        progressions: [
          [0, 3, 4, 0],
          [0, 5, 3, 4],
        ],
      },
      {
        scale: "harmonicMinor",
        progressions: [
          [0, 3, 4, 0],
          [0, 5, 3, 4],
        ],
      },
    ],
    chordSize: 3,
    swing: 0,
    swingUnit: 16,
    drums: null,
    chords: {
      instruments: ["piano", "harp"],
      velocity: 0.5,
      level: 0.06,
      reverb: 0.35,
      comp: { kind: "arpeggio", every: 2, pattern: "alberti", length: 3, octaves: 1 },
      center: 55,
    },
    bass: {
      instruments: ["piano"],
      velocity: 0.55,
      level: 0.05,
      reverb: 0.3,
      line: { kind: "pattern", steps: [{ step: 0, length: 16, tone: "root" }] },
    },
    melody: {
      instruments: ["piano", "flute", "strings"],
      velocity: 0.7,
      level: 0.09,
      reverb: 0.35,
      center: 74,
      every: 2,
      density: 0.5,
    },
    counter: {
      instruments: ["strings"],
      velocity: 0.35,
      level: 0.04,
      reverb: 0.4,
      comp: { kind: "sustain" },
      center: 62,
      onlyInB: true,
    },
    master: { room: 0.8, damp: 0.45 },
  },

  Ambient: {
    genre: "Ambient",
    bpm: [58, 70],
    tonics: [2, 6, 8],
    modes: [
      {
        scale: "lydian",
        progressions: [
          [0, 1, 0, 1],
          [0, 4, 5, 1],
        ],
      },
      {
        scale: "major",
        progressions: [
          [0, 3, 5, 3],
          [3, 0, 3, 4],
        ],
      },
    ],
    chordSize: 4,
    swing: 0,
    swingUnit: 16,
    drums: null,
    chords: {
      instruments: ["darkPad"],
      velocity: 0.8,
      level: 0.08,
      reverb: 0.55,
      comp: { kind: "sustain" },
      center: 60,
    },
    bass: { instruments: ["subBass"], velocity: 0.45, level: 0.05, reverb: 0.1, line: { kind: "drone" } },
    melody: {
      instruments: ["bell", "glass"],
      velocity: 0.6,
      level: 0.06,
      reverb: 0.6,
      echo: 0.35,
      center: 77,
      every: 4,
      density: 0.3,
    },
    counter: {
      instruments: ["glass", "harp"],
      velocity: 0.4,
      level: 0.035,
      reverb: 0.6,
      comp: { kind: "arpeggio", every: 4, pattern: "up", length: 4, octaves: 2 },
      center: 72,
      onlyInB: true,
    },
    master: { room: 0.92, damp: 0.3 },
  },

  "Lo-Fi": {
    genre: "Lo-Fi",
    bpm: [72, 86],
    tonics: [3, 8, 11],
    modes: [
      {
        scale: "major",
        progressions: [
          [1, 4, 0, 5],
          [3, 2, 1, 0],
          [3, 4, 2, 5],
        ],
      },
      {
        scale: "dorian",
        progressions: [
          [0, 3, 0, 3],
          [0, 2, 3, 4],
        ],
      },
    ],
    chordSize: 4,
    swing: 0.22,
    swingUnit: 16,
    drums: {
      main: { kick: "x......x..x.....", snare: "....x.......x...", hat: "o.-.o.-.o.-.o.-o" },
      fills: false,
      crash: false,
      kit: { kickPitch: 48, kickDecay: 0.2, snareTone: 1700, muffle: 4500 },
      level: 0.09,
      reverb: 0.15,
    },
    chords: {
      instruments: ["lofiPiano"],
      velocity: 0.7,
      level: 0.07,
      reverb: 0.3,
      comp: { kind: "hits", steps: [0, 10], length: 8 },
      center: 62,
    },
    bass: {
      instruments: ["uprightBass", "subBass"],
      velocity: 0.7,
      level: 0.07,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [
          { step: 0, length: 8, tone: "root" },
          { step: 10, length: 4, tone: "fifth" },
        ],
      },
    },
    melody: {
      instruments: ["bell", "vibraphone", "flute"],
      velocity: 0.6,
      level: 0.065,
      reverb: 0.35,
      echo: 0.2,
      center: 74,
      every: 2,
      density: 0.35,
    },
    counter: null,
    master: { room: 0.6, damp: 0.6, lowpass: 5200, vinyl: 0.012 },
  },

  "R&B": {
    genre: "R&B",
    bpm: [66, 78],
    tonics: [8, 4, 1],
    modes: [
      {
        scale: "major",
        progressions: [
          [0, 5, 1, 4],
          [3, 4, 2, 5],
          [3, 2, 1, 4],
        ],
      },
    ],
    chordSize: 4,
    swing: 0.1,
    swingUnit: 16,
    drums: {
      main: {
        kick: "x......x..x...o.",
        snare: "....x.......x...",
        hat: "x-o-x-o-x-o-x-oo",
        rim: "..........-.....",
      },
      intro: { hat: "o-o-o-o-o-o-o-o-" },
      fills: false,
      crash: false,
      kit: { kickPitch: 45, kickDecay: 0.3, snareTone: 2100, muffle: 10000 },
      level: 0.09,
      reverb: 0.15,
    },
    chords: {
      instruments: ["electricPiano"],
      velocity: 0.65,
      level: 0.065,
      reverb: 0.3,
      comp: { kind: "hits", steps: [0, 6, 11], length: 5 },
      center: 62,
    },
    bass: {
      instruments: ["synthBass", "subBass"],
      velocity: 0.8,
      level: 0.08,
      reverb: 0,
      line: {
        kind: "pattern",
        steps: [
          { step: 0, length: 5, tone: "root" },
          { step: 6, length: 2, tone: "octave" },
          { step: 10, length: 4, tone: "fifth" },
          { step: 14, length: 2, tone: "root" },
        ],
      },
    },
    melody: {
      instruments: ["softLead", "flute"],
      velocity: 0.7,
      level: 0.08,
      reverb: 0.35,
      echo: 0.2,
      center: 72,
      every: 2,
      density: 0.45,
    },
    counter: {
      instruments: ["pad"],
      velocity: 0.45,
      level: 0.035,
      reverb: 0.4,
      comp: { kind: "sustain" },
      center: 64,
    },
    master: { room: 0.65, damp: 0.5 },
  },
};
