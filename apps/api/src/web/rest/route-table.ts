// The REST shim reads like SPEC.md section 7: one line per path, each calling the same procedure as /trpc.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Page, ProcedureInput, ProcedurePath } from "@purplebeats/contracts";
import { procedureInputSchema } from "@purplebeats/contracts";
import { z } from "zod";
import type { createCaller } from "../trpc-caller.js";

export type Caller = ReturnType<typeof createCaller>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RestRoute {
  method: Method;
  /** Fastify path syntax (`:id`); OpenAPI gets `{id}`. Each path name is a key of the procedure's input. */
  path: string;
  summary: string;
  /** The procedure behind the route: the OpenAPI document takes its input and response schemas. */
  procedure: ProcedurePath;
  /** True when the response is a paged list: the body is the array, the next cursor goes in X-Next-Cursor. */
  paged?: boolean;
  successStatus?: number;
  handle(caller: Caller, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** The names a Fastify path binds: "/api/playlists/:id/songs/:songId" → "id" | "songId". */
export type PathNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type InputKeys<P extends ProcedurePath> = keyof NonNullable<ProcedureInput<P>> & string;

/** A path whose every name is a key of the procedure's input; any other path does not compile. */
type PathFor<P extends ProcedurePath, Path extends string> = [
  Exclude<PathNames<Path>, InputKeys<P>>,
] extends [never]
  ? Path
  : { "path names a parameter the procedure's input lacks": Exclude<PathNames<Path>, InputKeys<P>> };

/** Where the rest of the input travels: in the query string for reads and deletes, else in the JSON body. */
export const inputPart = (method: Method): "query" | "body" =>
  method === "GET" || method === "DELETE" ? "query" : "body";

/** Path names as the route binds them. */
export const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? "");

/** Input keys that do not come from the path: they come from the query string or the body. */
export function partKeys(procedure: ProcedurePath, path: string): string[] {
  const schema = procedureInputSchema(procedure);
  const shape = schema instanceof z.ZodObject ? schema.shape : {};
  const fromPath = new Set(pathNames(path));
  return Object.keys(shape).filter((key) => !fromPath.has(key));
}

const asObject = (value: unknown): object =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};

/**
 * The procedure's input from the request: the query string or the JSON body (only when the input has
 * keys besides the path names), then the path names on top.
 */
function requestInput(request: FastifyRequest, method: Method, readsPart: boolean): Record<string, unknown> {
  const part = !readsPart ? {} : inputPart(method) === "query" ? request.query : request.body;
  return { ...asObject(part), ...asObject(request.params) };
}

/**
 * One REST route calling one procedure. The handler receives the request's parts as the procedure's input
 * type: that input is not checked here (the procedure's zod input is the one check), but the type keeps a
 * path name the input lacks, or a call to a procedure with another input, from compiling.
 */
export function route<P extends ProcedurePath, Path extends string>(
  method: Method,
  path: Path & PathFor<P, Path>,
  summary: string,
  procedure: P,
  call: (caller: Caller, input: ProcedureInput<P>, reply: FastifyReply) => Promise<unknown>,
  options: Partial<Pick<RestRoute, "paged" | "successStatus">> = {},
): RestRoute {
  const readsPart = partKeys(procedure, path).length > 0;
  return {
    method,
    path,
    summary,
    procedure,
    ...options,
    // The request's parts stand for the input the procedure validates; the one assertion of the shim.
    handle: (caller, request, reply) =>
      call(caller, requestInput(request, method, readsPart) as ProcedureInput<P>, reply),
  };
}

export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** Lists stay JSON arrays (SPEC.md); the cursor of the next page travels in a header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
