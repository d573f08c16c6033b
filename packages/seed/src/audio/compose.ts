// Turns a plan into timed notes and drum hits.
import type { DrumName } from "./drums.js";
import type { InstrumentName } from "./instruments.js";
import { makeMotif, realizeMotif } from "./melody.js";
import type { BarPlan, PartName, SongPlan } from "./plan.js";
import type { Rng } from "./prng.js";
import type { BassLine, Comp, DrumPattern } from "./styles.js";
import { voiceChord } from "./theory.js";
import { must } from "../must.js";

export interface ScoredNote {
  part: PartName;
  instrument: InstrumentName;
  time: number;
  gate: number;
  midi: number;
  velocity: number;
}
export interface DrumHit {
  drum: DrumName;
  time: number;
  velocity: number;
}
export interface Score {
  notes: ScoredNote[];
  hits: DrumHit[];
}

const HIT_VELOCITY: Record<string, number> = { x: 1, o: 0.65, "-": 0.35 };

/** Start time of a sixteenth step, with swing on off-beats and a few ms of human looseness. */
function stepTime(plan: SongPlan, bar: number, step: number, rng: Rng | null): number {
  const { stepSeconds, style } = plan;
  let time = bar * plan.barSeconds + step * stepSeconds;
  if (style.swingUnit === 16 && step % 2 === 1) time += style.swing * stepSeconds;
  if (style.swingUnit === 8 && step % 4 === 2) time += style.swing * 2 * stepSeconds;
  return Math.max(0, time + (rng ? rng.range(-0.004, 0.004) : 0));
}

const humanVelocity = (rng: Rng, velocity: number) => Math.min(1, velocity * rng.range(0.9, 1.06));

/** Bass note for a chord root, kept in the octave from C2 up so it is deep but still audible. */
function bassMidi(plan: SongPlan, degree: number): number {
  let midi = plan.key.midi(degree);
  while (midi >= 48) midi -= 12;
  while (midi < 36) midi += 12;
  return midi;
}

function chordVoicing(
  plan: SongPlan,
  degree: number,
  center: number,
  power: boolean,
  previous: number[] | null,
): number[] {
  if (power) {
    let root = plan.key.midi(degree);
    while (root > center) root -= 12;
    while (root < center - 12) root += 12;
    return [root, root + 7, root + 12];
  }
  return voiceChord(plan.key, degree, plan.style.chordSize, center, previous);
}

/** Indexes into the voicing for each arpeggio slot. */
function arpeggioOrder(pattern: "up" | "updown" | "alberti", size: number): number[] {
  const up = Array.from({ length: size }, (_, i) => i);
  if (pattern === "up") return up;
  if (pattern === "updown") return [...up, ...up.slice(1, -1).reverse()];
  return [0, size - 1, Math.min(1, size - 1), size - 1];
}

function composeChordPart(
  plan: SongPlan,
  part: "chords" | "counter",
  comp: Comp,
  center: number,
  velocity: number,
  power: boolean,
  playsIn: (bar: BarPlan) => boolean,
  rng: Rng,
): ScoredNote[] {
  const instrument = must(plan.instruments[part], "a part is composed only for an instrument the plan chose");
  const notes: ScoredNote[] = [];
  const { stepSeconds, stepsPerBar, barSeconds } = plan;
  let previous: number[] | null = null;
  plan.bars.forEach((bar, index) => {
    if (!playsIn(bar)) return;
    const voicing = chordVoicing(plan, bar.chord, center, power, previous);
    previous = voicing;
    const push = (step: number, gate: number, midi: number, v: number) =>
      notes.push({
        part,
        instrument,
        time: stepTime(plan, index, step, rng),
        gate,
        midi,
        velocity: humanVelocity(rng, v),
      });

    if (bar.section === "end") {
      for (const midi of voicing) push(0, barSeconds * 0.9, midi, velocity * 0.9);
      return;
    }
    if (comp.kind === "sustain") {
      // Held chords continue through bars with the same chord instead of re-attacking.
      const last = plan.bars[index - 1];
      if (last && playsIn(last) && last.chord === bar.chord && last.section !== "end" && notes.length > 0) {
        for (const note of notes.slice(-voicing.length)) note.gate += barSeconds;
        return;
      }
      for (const midi of voicing) push(0, barSeconds * 1.02, midi, velocity);
    } else if (comp.kind === "hits") {
      for (const step of comp.steps.filter((s) => s < stepsPerBar)) {
        const accent = step % 4 === 0 ? 1 : 0.85;
        for (const midi of voicing) push(step, comp.length * stepSeconds * 0.95, midi, velocity * accent);
      }
    } else {
      const tones: number[] = [];
      for (let octave = 0; octave < comp.octaves; octave++)
        tones.push(...voicing.map((m) => m + 12 * octave));
      const order = arpeggioOrder(comp.pattern, tones.length);
      let slot = 0;
      for (let step = 0; step < stepsPerBar; step += comp.every) {
        const accent = step % 4 === 0 ? 1 : 0.8;
        const tone = must(tones[order[slot % order.length] ?? -1], "an arpeggio's order indexes its tones");
        push(step, comp.length * stepSeconds, tone, velocity * accent);
        slot++;
      }
    }
  });
  return notes;
}

function walkingLine(
  plan: SongPlan,
  bar: number,
  rng: Rng,
): Array<{ step: number; length: number; midi: number }> {
  const { key, bars, beatsPerBar } = plan;
  const chord = must(bars[bar], "a bass line is composed for a bar of the plan").chord;
  const next = bars[bar + 1]?.chord ?? 0;
  const root = bassMidi(plan, chord);
  const target = bassMidi(plan, next);
  const line = [root];
  for (let beat = 1; beat < beatsPerBar - 1; beat++) {
    const tones = key.chordDegrees(chord, 4).map((d) => bassMidi(plan, d));
    line.push(rng.pick(tones.filter((t) => t !== line[line.length - 1])));
  }
  // The last beat leans into the next bar's root from a semitone away: the walking-bass sound.
  line.push(target + (rng.chance(0.5) ? 1 : -1));
  return line.map((midi, beat) => ({ step: beat * 4, length: 4, midi }));
}

function composeBass(plan: SongPlan, line: BassLine, velocity: number, rng: Rng): ScoredNote[] {
  const instrument = must(plan.instruments.bass, "a bass line is composed only for a song with a bass");
  const notes: ScoredNote[] = [];
  const { stepSeconds, stepsPerBar, barSeconds } = plan;
  plan.bars.forEach((bar, index) => {
    const push = (step: number, length: number, midi: number, v: number) =>
      notes.push({
        part: "bass",
        instrument,
        time: stepTime(plan, index, step, rng),
        gate: length * stepSeconds * 0.92,
        midi,
        velocity: humanVelocity(rng, v),
      });
    if (bar.section === "intro" && line.kind !== "drone") return;
    const root = bassMidi(plan, bar.chord);
    if (bar.section === "end") {
      push(0, stepsPerBar, root, velocity);
      return;
    }
    if (line.kind === "drone") {
      const last = plan.bars[index - 1];
      const held = notes.at(-1);
      if (last && last.chord === bar.chord && held) held.gate += barSeconds;
      else push(0, stepsPerBar, root, velocity);
    } else if (line.kind === "walking") {
      for (const note of walkingLine(plan, index, rng))
        push(note.step, note.length, note.midi, velocity * (note.step === 0 ? 1 : 0.85));
    } else {
      for (const step of line.steps.filter((s) => s.step < stepsPerBar)) {
        const offset =
          step.tone === "root"
            ? 0
            : step.tone === "octave"
              ? 12
              : plan.key.midi(bar.chord + 4) - plan.key.midi(bar.chord);
        const length = Math.min(step.length, stepsPerBar - step.step);
        push(step.step, length, root + offset, velocity * (step.step % 4 === 0 ? 1 : 0.85));
      }
    }
  });
  return notes;
}

function composeMelody(plan: SongPlan, rng: Rng): ScoredNote[] {
  const style = plan.style.melody;
  const instrument = must(plan.instruments.melody, "a melody is composed only for a song with a lead");
  const notes: ScoredNote[] = [];
  const motifs = {
    A: makeMotif(rng, plan.stepsPerBar, style.every, style.density),
    B: makeMotif(rng, plan.stepsPerBar, style.every, style.density * 1.15),
  };
  // Walk the form phrase by phrase (runs of A or B bars, at most four long).
  let index = 0;
  while (index < plan.bars.length) {
    const bar = must(plan.bars[index], "the loop stays within the plan's bars");
    if (bar.section !== "A" && bar.section !== "B") {
      index++;
      continue;
    }
    const start = index;
    while (index < plan.bars.length && plan.bars[index]?.section === bar.section && index - start < 4)
      index++;
    const chords = plan.bars.slice(start, index).map((b) => b.chord);
    const center = style.center + (bar.section === "B" ? 3 : 0);
    for (const note of realizeMotif(
      motifs[bar.section],
      chords,
      plan.key,
      plan.style.chordSize,
      plan.stepsPerBar,
      center,
      rng,
    )) {
      notes.push({
        part: "melody",
        instrument,
        time: stepTime(plan, start + note.bar, note.step, rng),
        gate: note.length * plan.stepSeconds * 0.9,
        midi: note.midi,
        velocity: humanVelocity(rng, style.velocity * (note.accent ? 1 : 0.85)),
      });
    }
  }
  // The final bar lands on the tonic.
  const endBar = plan.bars.length - 1;
  let tonic = plan.key.midi(0);
  while (tonic < style.center - 6) tonic += 12;
  notes.push({
    part: "melody",
    instrument,
    time: stepTime(plan, endBar, 0, null),
    gate: plan.barSeconds * 0.8,
    midi: tonic,
    velocity: style.velocity,
  });
  return notes;
}

function drumPatternFor(plan: SongPlan, bar: BarPlan): DrumPattern | null {
  const drums = must(plan.style.drums, "drum patterns are asked only of a style with drums");
  if (bar.section === "intro") return drums.intro ?? null;
  if (bar.section === "end") return drums.crash ? { kick: "x", crash: "x" } : null;
  if (plan.beatsPerBar === 3 && drums.waltz) return drums.waltz;
  return drums.main;
}

function composeDrums(plan: SongPlan, rng: Rng): DrumHit[] {
  const drums = plan.style.drums;
  if (!drums) return [];
  const hits: DrumHit[] = [];
  plan.bars.forEach((bar, index) => {
    const pattern = drumPatternFor(plan, bar);
    if (!pattern) return;
    const hit = (drum: DrumName, step: number, velocity: number) =>
      hits.push({
        drum,
        time: stepTime(plan, index, step, drum === "kick" ? null : rng),
        velocity: humanVelocity(rng, velocity),
      });
    const isFill = drums.fills && bar.phraseBar === 3 && bar.section !== "intro" && bar.section !== "end";
    for (const [drum, row] of Object.entries(pattern) as Array<[DrumName, string]>) {
      for (let step = 0; step < Math.min(row.length, plan.stepsPerBar); step++) {
        const velocity = HIT_VELOCITY[row.charAt(step)];
        if (!velocity) continue;
        if (isFill && step >= 12 && drum !== "kick") continue;
        hit(drum, step, velocity);
      }
    }
    if (isFill) [0.45, 0.6, 0.8, 1].forEach((v, i) => hit("snare", 12 + i, v));
    const previous = plan.bars[index - 1];
    const sectionStart = (bar.section === "A" || bar.section === "B") && previous?.section !== bar.section;
    if (drums.crash && sectionStart) hit("crash", 0, 0.9);
  });
  return hits;
}

export function composeSong(plan: SongPlan): Score {
  const { style, rng } = plan;
  const notes: ScoredNote[] = [];
  const chordComp =
    plan.beatsPerBar === 3 && style.chords.waltzComp ? style.chords.waltzComp : style.chords.comp;
  const always = () => true;
  notes.push(
    ...composeChordPart(
      plan,
      "chords",
      chordComp,
      style.chords.center,
      style.chords.velocity,
      Boolean(style.chords.power),
      always,
      rng.fork("chords"),
    ),
  );
  if (style.counter) {
    const onlyInB = Boolean(style.counter.onlyInB);
    notes.push(
      ...composeChordPart(
        plan,
        "counter",
        style.counter.comp,
        style.counter.center,
        style.counter.velocity,
        false,
        (bar) => bar.section === "B" || (!onlyInB && bar.section === "A"),
        rng.fork("counter"),
      ),
    );
  }
  if (style.bass) notes.push(...composeBass(plan, style.bass.line, style.bass.velocity, rng.fork("bass")));
  notes.push(...composeMelody(plan, rng.fork("melody")));
  return { notes, hits: composeDrums(plan, rng.fork("drums")) };
}
