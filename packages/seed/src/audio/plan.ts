// A song's fixed decisions, all drawn from a PRNG seeded with its slug: tempo, key, progressions,
// instruments, length and form. Composing and rendering only follow the plan.
import type { Genre } from "../catalog-model.js";
import { SAMPLE_RATE } from "./dsp.js";
import type { InstrumentName } from "./instruments.js";
import { createRng, type Rng } from "./prng.js";
import { STYLES, type GenreStyle } from "./styles.js";
import { Key } from "./theory.js";
import { must } from "../must.js";

export interface SongAudioInput {
  slug: string;
  genre: Genre;
  beatsPerBar: 3 | 4;
}

export type PartName = "bass" | "chords" | "melody" | "counter";
export type Section = "intro" | "A" | "B" | "end";

export interface BarPlan {
  section: Section;
  /** 0..3 within its four-bar phrase. */
  phraseBar: number;
  /** Scale degree of the bar's chord root. */
  chord: number;
}

export interface SongPlan {
  input: SongAudioInput;
  style: GenreStyle;
  bpm: number;
  key: Key;
  beatsPerBar: 3 | 4;
  stepsPerBar: number;
  stepSeconds: number;
  barSeconds: number;
  bars: BarPlan[];
  instruments: Record<PartName, InstrumentName | null>;
  /** Exact length of the rendered audio. */
  totalSamples: number;
  rng: Rng;
}

/** Seconds after the last bar for the final chord and the reverb to ring out. */
const TAIL_SECONDS = 3;
/** The song's length stays inside these bounds so that its rounded duration is 31..45 s. */
const MIN_SECONDS = 30.6;
const MAX_SECONDS = 44.4;

function planForm(barCount: number): Section[] {
  const intro = barCount >= 12 ? 2 : 1;
  const sections: Section[] = Array.from({ length: intro }, () => "intro");
  for (let bar = intro; bar < barCount - 1; bar++) {
    sections.push(Math.floor((bar - intro) / 4) % 2 === 0 ? "A" : "B");
  }
  sections.push("end");
  return sections;
}

export function planSong(input: SongAudioInput): SongPlan {
  const rng = createRng(`song:${input.slug}`);
  const style = STYLES[input.genre];
  const planRng = rng.fork("plan");
  const bpm = planRng.int(style.bpm[0], style.bpm[1]);
  const mode = planRng.pick(style.modes);
  const key = new Key(48 + planRng.pick(style.tonics), mode.scale);
  const progressionA = planRng.pick(mode.progressions);
  const others = mode.progressions.filter((p) => p !== progressionA);
  const progressionB = others.length > 0 ? planRng.pick(others) : progressionA;

  const beatsPerBar = input.beatsPerBar;
  const stepsPerBar = beatsPerBar * 4;
  const stepSeconds = 60 / bpm / 4;
  const barSeconds = stepsPerBar * stepSeconds;
  const target = planRng.range(31.5, 44);
  let barCount = Math.max(4, Math.round((target - TAIL_SECONDS) / barSeconds));
  while (barCount * barSeconds + TAIL_SECONDS < MIN_SECONDS) barCount++;
  while (barCount * barSeconds + TAIL_SECONDS > MAX_SECONDS) barCount--;

  const sections = planForm(barCount);
  const introBars = sections.filter((s) => s === "intro").length;
  const bars: BarPlan[] = sections.map((section, index) => {
    const phraseBar = section === "intro" ? index : (index - introBars) % 4;
    const progression = section === "B" ? progressionB : progressionA;
    return {
      section,
      phraseBar,
      chord:
        section === "end" ? 0 : must(progression[phraseBar % progression.length], "a progression has chords"),
    };
  });

  const pick = (part: { instruments: InstrumentName[] } | null) =>
    part ? planRng.pick(part.instruments) : null;
  const instruments: Record<PartName, InstrumentName | null> = {
    chords: pick(style.chords),
    bass: pick(style.bass),
    melody: pick(style.melody),
    counter: pick(style.counter),
  };

  return {
    input,
    style,
    bpm,
    key,
    beatsPerBar,
    stepsPerBar,
    stepSeconds,
    barSeconds,
    bars,
    instruments,
    totalSamples: Math.ceil((barCount * barSeconds + TAIL_SECONDS) * SAMPLE_RATE),
    rng,
  };
}
