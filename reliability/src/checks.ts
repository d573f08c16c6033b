// A tally of attempts and what went wrong, for suites made of many small hand-written cases.
import type { RawResponse } from "./http.js";
import { errorMessage } from "./http.js";

export class Tally {
  cases = 0;
  failures: string[] = [];

  /** Counts one case; `problem` returns a description when the response is wrong. */
  check(label: string, problem: string | undefined | false | null) {
    this.cases++;
    if (problem) this.failures.push(`${label}: ${problem}`);
  }

  /** Expects one of the statuses, with a JSON message when it is an error. */
  status(label: string, res: RawResponse, ...expected: number[]) {
    this.check(label, statusProblem(res, expected));
  }
}

export function statusProblem(res: RawResponse, expected: number[]): string | undefined {
  if (!expected.includes(res.status))
    return `expected ${expected.join("/")}, got ${res.status} ${res.text.slice(0, 160)}`;
  if (res.status >= 400 && !errorMessage(res.json)) return `no JSON message: ${res.text.slice(0, 120)}`;
  return undefined;
}
