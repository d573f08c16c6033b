// The REST shim reads like SPEC.md section 7: one line per path, each calling the same procedure as /trpc.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Page } from "@purplebeats/contracts";
import type { ProcedurePath } from "@purplebeats/contracts";
import type { createCaller } from "../trpc-caller.js";

export type Caller = ReturnType<typeof createCaller>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RestRoute {
  method: Method;
  /** Fastify path syntax (`:id`); OpenAPI gets `{id}`. */
  path: string;
  /** The procedure the handler calls: its meta decides caching and invalidation (procedure-meta.ts). */
  procedure: ProcedurePath;
  summary: string;
  query?: string[];
  /** True when the answer is a paged list: the body is the array, the next cursor goes in X-Next-Cursor. */
  paged?: boolean;
  successStatus?: number;
  handle(caller: Caller, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

// Request parts go to the procedures untyped on purpose: each procedure's zod input is the one check.
export const param = (r: FastifyRequest, name: string) => (r.params as Record<string, string>)[name] as never;
export const query = (r: FastifyRequest, extra: Record<string, unknown> = {}) =>
  ({ ...((r.query as object | undefined) ?? {}), ...extra }) as never;
export const body = (r: FastifyRequest, extra: Record<string, unknown> = {}) =>
  (r.body !== null && typeof r.body === "object" && !Array.isArray(r.body)
    ? { ...r.body, ...extra }
    : { ...extra }) as never;

export const route = (
  method: Method,
  path: string,
  procedure: ProcedurePath,
  summary: string,
  handle: RestRoute["handle"],
  options: Partial<Pick<RestRoute, "query" | "paged" | "successStatus">> = {},
): RestRoute => ({ method, path, procedure, summary, handle, ...options });

export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** Lists stay JSON arrays (SPEC.md); the cursor of the next page travels in a header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
