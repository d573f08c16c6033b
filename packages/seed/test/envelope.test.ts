// The instruments' per-sample envelope follows adsr(), the curve as written, at every sample of a note.
import { describe, expect, it } from "vitest";
import { Envelope, SAMPLE_RATE, adsr } from "../src/audio/dsp.js";

describe("a note's envelope", () => {
  it.each([
    // gate, attack, decay, sustain, release: a pad, a piano key, a plucked string, an organ
    [1.2, 0.6, 1.5, 0.85, 1.4],
    [0.5, 0.001, 1, 1, 0.9],
    [0.3, 0.002, 10, 1, 0.2],
    [2, 0.01, 1, 1, 0.05],
  ])("gate %s s, attack %s s, decay %s s, sustain %s, release %s s: as adsr() gives", (g, a, d, s, r) => {
    const env = new Envelope(g, a, d, s, r);
    const samples = Math.round((g + r + 0.1) * SAMPLE_RATE);
    let worst = 0;
    for (let i = 0; i < samples; i++)
      worst = Math.max(worst, Math.abs(env.next() - adsr(i / SAMPLE_RATE, g, a, d, s, r)));
    expect(worst).toBeLessThan(1e-9);
  });
});
