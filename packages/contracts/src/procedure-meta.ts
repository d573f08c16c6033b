// Each procedure's meta (trpc.ts ProcedureMeta) and the caller it requires, read back by path
// ("songs.list"): the one place the server's cache rules, the OpenAPI document's security and cache
// extensions, and the reliability suite's endpoint list come from.
import { appRouter } from "./root.js";
import type { ProcedurePath } from "./procedures.js";
import {
  adminProcedure,
  adminSessionProcedure,
  authedProcedure,
  premiumProcedure,
  type ProcedureMeta,
} from "./trpc.js";

export type { ProcedurePath };

/**
 * Who may call a procedure, by the builder it was made from: anyone ("public"), a session ("session"),
 * a premium member's session ("premium"), an admin's session or admin API token ("admin"), or an admin's
 * session only ("adminSession").
 */
export type AuthKind = "public" | "session" | "premium" | "admin" | "adminSession";

export interface ProcedureFacts {
  type: "query" | "mutation" | "subscription";
  meta: ProcedureMeta;
  auth: AuthKind;
  /** The zod input schemas, in the order `.input()` added them. */
  inputs: readonly unknown[];
}

interface ProcedureDef {
  procedure: true;
  type: ProcedureFacts["type"];
  meta?: ProcedureMeta;
  inputs: unknown[];
  middlewares: unknown[];
}

/** The caller-checking builders, those with the most middlewares first (premium extends session). */
const AUTH_BUILDERS = (
  [
    ["premium", premiumProcedure],
    ["adminSession", adminSessionProcedure],
    ["admin", adminProcedure],
    ["session", authedProcedure],
  ] as const
)
  .map(([kind, builder]) => ({ kind, middlewares: builder._def.middlewares }))
  .sort((a, b) => b.middlewares.length - a.middlewares.length);

/** A procedure starts with its builder's middlewares, the same functions: the longest such prefix names it. */
export function authKindOf(middlewares: readonly unknown[]): AuthKind {
  const builder = AUTH_BUILDERS.find((b) => b.middlewares.every((m, i) => middlewares[i] === m));
  return builder?.kind ?? "public";
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
      const { type, meta, inputs, middlewares } = value._def;
      facts.set(`${prefix}${key}`, { type, meta: meta ?? {}, auth: authKindOf(middlewares), inputs });
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
