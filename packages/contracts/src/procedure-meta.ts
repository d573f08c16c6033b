// Each procedure's meta (trpc.ts ProcedureMeta), read back by path ("songs.list"): the one place the
// server's cache rules come from (which writes empty the catalog cache, which GETs may be served by URL).
import { appRouter, type AppRouter } from "./root.js";
import type { ProcedureMeta } from "./trpc.js";

type PathsOf<R, Prefix extends string = ""> = {
  [K in keyof R & string]: R[K] extends { _def: { procedure: true } }
    ? `${Prefix}${K}`
    : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

/** Every procedure's path, as tRPC's URL and the caller name it: "songs.list". */
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"]>;

export interface ProcedureFacts {
  type: "query" | "mutation" | "subscription";
  meta: ProcedureMeta;
  /** The zod input schemas, in the order `.input()` added them. */
  inputs: readonly unknown[];
}

interface ProcedureDef {
  procedure: true;
  type: ProcedureFacts["type"];
  meta?: ProcedureMeta;
  inputs: unknown[];
}

const isProcedure = (value: unknown): value is { _def: ProcedureDef } =>
  typeof value === "function" &&
  "_def" in value &&
  typeof value._def === "object" &&
  value._def !== null &&
  "procedure" in value._def &&
  value._def.procedure === true;

/** The facts of every procedure of a router record, by path. */
export function procedureFactsOf(record: object, prefix = ""): Map<string, ProcedureFacts> {
  const facts = new Map<string, ProcedureFacts>();
  for (const [key, value] of Object.entries(record)) {
    if (isProcedure(value)) {
      const { type, meta, inputs } = value._def;
      facts.set(`${prefix}${key}`, { type, meta: meta ?? {}, inputs });
    } else if (typeof value === "object" && value !== null) {
      for (const [path, nested] of procedureFactsOf(value, `${prefix}${key}.`)) facts.set(path, nested);
    }
  }
  return facts;
}

export const procedureFacts: ReadonlyMap<string, ProcedureFacts> = procedureFactsOf(appRouter._def.record);

/**
 * Whether a successful call may change what the catalog answers: a mutation unless its meta says
 * `catalogWrite: false`; an unknown path may (it answers 404 anyway, and then nothing is emptied).
 */
export function mayChangeCatalog(path: string): boolean {
  const facts = procedureFacts.get(path);
  if (!facts) return true;
  return facts.type === "mutation" && facts.meta.catalogWrite !== false;
}

/** Whether a GET of this procedure may be served by URL (only responses not marked per caller are). */
export const mayServeByUrl = (path: string): boolean => procedureFacts.get(path)?.meta.cache !== undefined;

/** The procedures whose meta says `cache: "shared"`, sorted (SHARED_PROCEDURES must equal it). */
export const sharedProcedures = (): string[] =>
  [...procedureFacts]
    .filter(([, facts]) => facts.meta.cache === "shared")
    .map(([path]) => path)
    .sort();
