// Two ways of doing one thing, measured in turns in one run (A B, B A, A B...), so that a machine shared with
// other work slows both alike: each round gives one figure of each and their ratio.
import { percentile, round } from "./report.js";

export interface Alternated {
  /** Each round's figures, in the order the rounds ran. */
  rounds: { a: number; b: number; ratio: number }[];
  medianA: number;
  medianB: number;
  /** B over A, median of the rounds' ratios. */
  ratio: number;
  /** The rounds' lowest and highest ratio. */
  spread: [number, number];
}

export async function alternate(
  rounds: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
  onRound: (round: number, figures: { a: number; b: number }) => void = () => undefined,
): Promise<Alternated> {
  const results: Alternated["rounds"] = [];
  for (let i = 0; i < rounds; i++) {
    // Every other round starts with B: a warm cache or a burst of load does not favour one side.
    let figureA: number;
    let figureB: number;
    if (i % 2 === 0) {
      figureA = await a();
      figureB = await b();
    } else {
      figureB = await b();
      figureA = await a();
    }
    results.push({ a: figureA, b: figureB, ratio: figureB / figureA });
    onRound(i + 1, { a: figureA, b: figureB });
  }
  const ratios = results.map((r) => r.ratio);
  return {
    rounds: results,
    medianA: percentile(
      results.map((r) => r.a),
      50,
    ),
    medianB: percentile(
      results.map((r) => r.b),
      50,
    ),
    ratio: percentile(ratios, 50),
    spread: [Math.min(...ratios), Math.max(...ratios)],
  };
}

/** '1.08 (0.97-1.21)': the median ratio and the rounds' spread. */
export const ratioText = (result: Alternated) =>
  `${round(result.ratio, 2)} (${round(result.spread[0], 2)}-${round(result.spread[1], 2)})`;
