import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { appRouter } from "../src/root.js";
import {
  procedureInputSchema,
  procedureOutputs,
  type ProcedureOutput,
  type ProcedurePath,
} from "../src/procedures.js";

/** True only when A and B are the same type (each assignable to the other, optional keys alike). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Procedures whose response schema says something other than what the procedure returns. */
type Drifted = {
  [P in ProcedurePath]: Same<z.output<(typeof procedureOutputs)[P]>, ProcedureOutput<P>> extends true
    ? never
    : P;
}[ProcedurePath];

describe("procedure responses", () => {
  it("has a response schema equal to each procedure's returned type", () => {
    expectTypeOf<Drifted>().toEqualTypeOf<never>();
  });

  it("names every procedure of the router, and no other", () => {
    expect(Object.keys(procedureOutputs).sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
  });

  it("finds each procedure's input schema", () => {
    expect(procedureInputSchema("songs.byGenre")?.safeParse({ genre: "Rock" }).success).toBe(true);
    expect(procedureInputSchema("songs.genres")).toBeNull();
  });
});
